/**
 * Doing work (work.ts) in slices on the main thread: run it until a slice's budget is spent,
 * give the thread back so the page paints and answers input, and go on. A superseded job stops at its
 * next pause and its result is never delivered: the caller's last job wins.
 */
import { PAUSE, type Work } from './work';

/** Gives the thread back and resolves when it may go on. */
export type Pause = () => Promise<void>;

/** What a slicer gives for work that was superseded before it ended. */
export const SUPERSEDED = Symbol('superseded');

/**
 * Runs `work` in slices; `superseded()` is asked after each pause, and true stops it there. Work done
 * within the first slice gives its result at once (no promise), as a small scenario's Run does.
 */
export type Slicer = <T>(work: Work<T>, superseded: () => boolean) => T | Promise<T | typeof SUPERSEDED>;

/** A slice's budget: well under the 200 ms a person notices as a frozen page, and a few frames long. */
export const SLICE_MS = 30;

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * The browser's way to give the thread back: `scheduler.yield()` where it exists (the continuation keeps
 * its place ahead of other tasks), else a MessageChannel message, which unlike setTimeout(0) is not
 * clamped to 4 ms after a few nested calls.
 */
export function browserPause(): Pause {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return () => scheduler.yield!();
  const channel = new MessageChannel();
  const waiting: Array<() => void> = [];
  channel.port1.onmessage = () => waiting.shift()?.();
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}

/** A slicer that pauses with `pause` whenever a slice has run `budgetMs`, timed by `now`. */
export function slicer(pause: Pause, budgetMs = SLICE_MS, now = () => performance.now()): Slicer {
  return <T>(work: Work<T>, superseded: () => boolean) => {
    const slice = (): T | Promise<T | typeof SUPERSEDED> => {
      const started = now();
      for (;;) {
        const next = work.next();
        if (next.done === true) return next.value;
        // The clock at every pause point: reading it costs far less than a replay step, and a few pause
        // points (the checks, the views) are tens of milliseconds apart.
        if (next.value === PAUSE || now() - started >= budgetMs)
          return pause().then(() => (superseded() ? SUPERSEDED : slice()));
      }
    };
    return slice();
  };
}
