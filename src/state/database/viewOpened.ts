/**
 * Whether the learner has opened the database view in this page. It lives beside the page's one PGlite
 * session (dbSession.ts), not in the view: a layout change that remounts the pane (desktop to phone)
 * must not close the view and drop what the learner was looking at.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface DatabaseViewState {
  open: boolean;
  /** The learner asks for the database view: PGlite and the view's code load. */
  openView(): void;
}

/** A fresh flag, closed (tests build their own). */
export function createDatabaseViewStore(): StoreApi<DatabaseViewState> {
  return createStore<DatabaseViewState>((set) => ({ open: false, openView: () => set({ open: true }) }));
}

/** The page's flag. */
export const databaseView = createDatabaseViewStore();
