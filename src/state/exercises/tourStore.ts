/**
 * The first-run tour: which stop is showing, if any. It starts by itself once, on a learner's first
 * visit, and never again once dismissed or finished (remembered by the progress storage, which counts
 * it as seen on the clean-start address and in embedded pages); help replays it on request. The
 * stops themselves (tourStops.ts) load with the tour's dialog.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ProgressStorage } from './progressStorage';

export interface TourState {
  /** The stop showing, or null when the tour is closed. */
  stop: number | null;
  /** Start the tour on a first visit only; whether it started (the visit is a first one). */
  startIfFirstRun(): boolean;
  /** Start the tour from its first stop (help's "Take the tour"). */
  replay(): void;
  /** Go to the next stop of `count`; past the last, the tour is finished. */
  next(count: number): void;
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
        if (get().stop !== null || storage.tourSeen()) return false;
        set({ stop: 0 });
        return true;
      },
      replay() {
        set({ stop: 0 });
      },
      next(count) {
        const { stop } = get();
        if (stop === null) return;
        if (stop + 1 >= count) close();
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
