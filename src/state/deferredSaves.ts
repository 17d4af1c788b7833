/**
 * Saves a store put off to a later task (a large paste's), written at once when the page hides: a reload,
 * a closed tab or a switch to another app right after a paste keeps the text. The page calls
 * `flushDeferredSaves` on `pagehide` and on `visibilitychange` to hidden (useFlushOnHide.ts).
 */
const waiting = new Set<() => void>();

/** Remember `flush` until it has run once (by its own timer or by flushDeferredSaves). */
export function deferSave(flush: () => void): void {
  waiting.add(flush);
}

/** Write every deferred save now. */
export function flushDeferredSaves(): void {
  const due = [...waiting];
  waiting.clear();
  for (const flush of due) flush();
}
