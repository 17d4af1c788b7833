/**
 * Work that can be done in slices: a generator that yields at points where stopping costs nothing (between
 * two pieces of a large text going into the editor) and returns its result. Monaco lives on the page's
 * thread, so this is the one place left that slices work there (slicer.ts); the replay and every view
 * model run in the engine's worker (src/engine).
 */

/**
 * Yielded where the work must be paused whatever is left of its slice: what ran before it queued work of
 * its own for the end of the task (a render the page does then), which the slice's clock does not see.
 */
export const PAUSE = 'pause';

/** Work yielding where it may be paused (or, with PAUSE, must be), returning T. */
export type Work<T> = Generator<void | typeof PAUSE, T, void>;

/** Do `work` to the end in one go and return its result. */
export function drain<T>(work: Work<T>): T {
  for (;;) {
    const next = work.next();
    if (next.done === true) return next.value;
  }
}
