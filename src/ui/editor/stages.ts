/**
 * Loading a large library a stage at a time. A dynamic import evaluates every module it reaches that has
 * not run yet, in one task: Monaco's whole graph was one 40–80 ms task, and V8 then made its code cache
 * for the 4 MB chunk in another (bench:paste, reload and share link). Imported in stages, each part of
 * the graph is its own chunk, evaluated in a task of its own, with the thread given back between them.
 */

/** Runs each of `stages` in turn, calling `pause` (give the thread back) between two. */
export async function inStages(
  stages: ReadonlyArray<() => Promise<unknown>>,
  pause: () => Promise<void>,
): Promise<void> {
  for (const [i, stage] of stages.entries()) {
    if (i > 0) await pause();
    await stage();
  }
}

/** Gives the thread back until a new task: enough between a few stages (slicer.ts's pause is for many). */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
