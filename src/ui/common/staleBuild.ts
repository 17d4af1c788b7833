/**
 * A tab that runs an older build than the one its host (or its service worker) now serves: a lazy part
 * (the editor's Monaco, the database's PGlite, a panel) can no longer be fetched, because the newer build
 * replaced its files. The browser says so only in the import's error message; each engine words it its own
 * way. What the page does then is reload into the new build, writing the learner's work first.
 */

const STALE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload/i;

/** Whether `error` is a lazy part of the page that could not be fetched. */
export function isStaleBuild(error: unknown): boolean {
  return error instanceof Error && STALE.test(error.message);
}

let saveWork: () => void = () => {};

/** main.tsx says how the learner's work is written before a reload. */
export function onReloadSave(save: () => void): void {
  saveWork = save;
}

/** Write the learner's work, then reload: the new build opens with it. */
export function reloadKeepingWork(): void {
  saveWork();
  window.location.reload();
}
