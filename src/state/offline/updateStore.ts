/**
 * Offline use and new versions of the site, as the learner sees them. The service worker keeps the whole
 * site for use without a network; when a new deployment is found it waits, downloaded, until the learner
 * says to apply it. Nothing here reloads the page on its own: only `applyNow` (the learner's click) leads
 * to a reload, and only after the learner's unsaved work is written. The worker itself is injected
 * (`register`), so tests drive this store without a browser.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

export type UpdatePhase =
  /** Nothing to tell. */
  | 'idle'
  /** The first visit's download finished: the site now opens without a network. */
  | 'offline-ready'
  /** A new version is downloaded and waits for the learner's word. */
  | 'waiting'
  /** The learner said yes: the new version takes over, then the page reloads. */
  | 'applying'
  /** The new version took over from another tab: this tab goes on with the old one until the learner reloads. */
  | 'taken-over'
  /** A file this tab's version needs is gone (a newer version replaced it): only a reload helps. */
  | 'replaced';

/** What the service worker reports, as plain callbacks. */
export interface WorkerEvents {
  /** The site is kept for offline use (the first install). */
  offlineReady(): void;
  /** A new version is installed and waiting. */
  needRefresh(): void;
  /** A new version now controls this page. */
  controlledByNew(): void;
}

export interface UpdateDeps {
  /** Register the service worker; returns the function that tells a waiting worker to take over. */
  register(events: WorkerEvents): () => Promise<void>;
  /** Write the learner's unsaved work now (a deferred save). */
  saveWork(): void;
  /** Reload the page. */
  reload(): void;
}

export interface UpdateState {
  phase: UpdatePhase;
  /** Register the worker (once; later calls do nothing). */
  start(): void;
  /** Apply the waiting version: save the work, let the new worker take over, then reload. */
  applyNow(): void;
  /** Reload now, after another tab applied the new version or a newer one replaced this tab's files. */
  reloadNow(): void;
  /** A lazy part of this tab's version could not be fetched (vite:preloadError): offer the reload. */
  filesReplaced(): void;
  /** Hide the message; a waiting version is applied the next time every tab of the site is closed. */
  dismiss(): void;
}

export type UpdateStore = StoreApi<UpdateState>;

/** The offline note is news, not a question: it goes by itself after this long (the update prompt stays). */
export const OFFLINE_NOTE_MS = 8000;

export function createUpdateStore({ register, saveWork, reload }: UpdateDeps): UpdateStore {
  let apply: (() => Promise<void>) | null = null;
  const reloadSaved = () => {
    saveWork();
    reload();
  };
  return createStore<UpdateState>()((set, get) => ({
    phase: 'idle',
    start() {
      if (apply !== null) return;
      apply = register({
        offlineReady: () => {
          if (get().phase !== 'idle') return;
          set({ phase: 'offline-ready' });
          setTimeout(() => {
            if (get().phase === 'offline-ready') set({ phase: 'idle' });
          }, OFFLINE_NOTE_MS);
        },
        needRefresh: () => set({ phase: 'waiting' }),
        controlledByNew: () => {
          // Only the learner's own click reloads; a takeover from another tab is announced instead.
          if (get().phase === 'applying') reloadSaved();
          else set({ phase: 'taken-over' });
        },
      });
    },
    applyNow() {
      if (get().phase !== 'waiting' || apply === null) return;
      set({ phase: 'applying' });
      saveWork();
      void apply();
    },
    reloadNow() {
      if (get().phase === 'taken-over' || get().phase === 'replaced') reloadSaved();
    },
    filesReplaced() {
      if (get().phase !== 'applying') set({ phase: 'replaced' });
    },
    dismiss() {
      if (get().phase !== 'applying') set({ phase: 'idle' });
    },
  }));
}
