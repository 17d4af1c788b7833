/**
 * Work that can be done in slices: a generator that yields at points where stopping costs nothing (between
 * two steps of a replay, between two checks) and returns its result. Draining it at once is the plain
 * statement every caller gets by default; the page's driver (state/slices.ts) instead gives the main
 * thread back between slices, so a 20,000-step replay never holds it for long. Nothing here schedules
 * anything: the core stays free of timers and the DOM.
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

/** Work that is one unit: `compute` runs whole, with a pause point after it. */
export function* unit<T>(compute: () => T): Work<T> {
  const value = compute();
  yield;
  return value;
}

/** `map` over `values` with a pause point every `every` elements: the same array `values.map(map)` gives. */
export function* mapInSlices<A, B>(values: readonly A[], map: (value: A, i: number) => B, every = 256): Work<B[]> {
  const out: B[] = new Array<B>(values.length);
  for (let i = 0; i < values.length; i++) {
    out[i] = map(values[i]!, i);
    if (i % every === every - 1) yield;
  }
  return out;
}
