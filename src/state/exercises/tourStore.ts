/**
 * The first-run tour: which stop is showing, if any. It starts by itself once, on a learner's first
 * visit, and never again once dismissed or finished (remembered by the progress storage, which counts
 * it as seen on the clean-start address and in embedded pages); help replays it on request.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ProgressStorage } from './progressStorage';

export interface TourStop {
  /** The `data-tour` attribute of the element the stop points at. */
  anchor: string;
  title: string;
  text: string;
}

/** Seven stops on the real panes, in the order a learner meets them. */
export const TOUR_STOPS: readonly TourStop[] = [
  {
    anchor: 'timeline',
    title: 'The steps',
    text: 'A scenario is a list of writes and questions. Step through it with these controls, or with j and k anywhere on the page.',
  },
  {
    anchor: 'principal',
    title: 'Who is asking',
    text: 'Each request comes from one user, task and agent. Switch here to see what someone else would get.',
  },
  {
    anchor: 'requests',
    title: 'Scoped and naive requests',
    text: 'The scoped store builds the request from the asker’s own items only; the naive global list beside it hands over other users’ notes.',
  },
  {
    anchor: 'rules',
    title: 'Rule switches',
    text: 'Switch off one of the store’s rules and watch what it protected break.',
  },
  {
    anchor: 'checks',
    title: 'Checks',
    text: 'The invariants and the scenario’s own expectations, green or red for the timeline in view.',
  },
  {
    anchor: 'editor',
    title: 'The scenario editor',
    text: 'Edit the scenario (add a user, an expectation) and run it; your edits stay in this browser.',
  },
  {
    anchor: 'tasks',
    title: 'Your tasks',
    text: 'Each lesson asks a few things of you, checked from the replay. Hints come one at a time when you want them.',
  },
];

export interface TourState {
  /** The stop showing, or null when the tour is closed. */
  stop: number | null;
  /** Start the tour on a first visit only. */
  startIfFirstRun(): void;
  /** Start the tour from its first stop (help's "Take the tour"). */
  replay(): void;
  /** Go to the next stop; past the last, the tour is finished. */
  next(): void;
  /** Go back one stop. */
  back(): void;
  /** Close the tour at any stop; it does not start by itself again. */
  dismiss(): void;
}

export type TourStore = StoreApi<TourState>;

export function createTourStore(storage: Pick<ProgressStorage, 'tourSeen' | 'markTourSeen'>): TourStore {
  return createStore<TourState>()((set, get) => {
    const close = () => {
      storage.markTourSeen();
      set({ stop: null });
    };
    return {
      stop: null,
      startIfFirstRun() {
        if (get().stop === null && !storage.tourSeen()) set({ stop: 0 });
      },
      replay() {
        set({ stop: 0 });
      },
      next() {
        const { stop } = get();
        if (stop === null) return;
        if (stop + 1 >= TOUR_STOPS.length) close();
        else set({ stop: stop + 1 });
      },
      back() {
        const { stop } = get();
        if (stop !== null && stop > 0) set({ stop: stop - 1 });
      },
      dismiss: close,
    };
  });
}
