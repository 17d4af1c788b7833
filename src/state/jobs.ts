/**
 * The one job runner the stores share: each request to an engine is numbered in its lane, and its
 * answer is used only while no later request of that lane was made (a generation counter), so a
 * superseded Run, rule switch or step never reaches the screen. `settled` waits for every job.
 */
export interface JobRunner<Lane extends string> {
  /** Number a new job in each of `lanes`: from now on the earlier ones there are superseded. */
  begin(...lanes: Lane[]): Record<Lane, number>;
  /** Whether the job numbered `ids` is still the latest in `lane`. */
  current(lane: Lane, ids: Partial<Record<Lane, number>>): boolean;
  /** Follow `job` until it ends, for `settled`; the same promise back. */
  track<T>(job: Promise<T>): Promise<T>;
  /**
   * Ask, and give the answer to `use` (a failure to `failed`): at once when it is a value, once it
   * resolves when it is a promise, which `settled` then waits for.
   */
  when<T>(ask: () => T | Promise<T>, use: (value: T) => void, failed?: (error: unknown) => void): void;
  /** Resolves once no job is under way (at once when none is). */
  settled(): Promise<void>;
}

export function jobRunner<Lane extends string>(): JobRunner<Lane> {
  const latest = new Map<Lane, number>();
  let count = 0;
  let under = 0;
  let waiting: Array<() => void> = [];
  const runner: JobRunner<Lane> = {
    when(ask, use, failed = (error) => console.error(error)) {
      let answer;
      try {
        answer = ask();
      } catch (error) {
        failed(error);
        return;
      }
      if (answer instanceof Promise) void runner.track(answer).then(use, failed);
      else use(answer);
    },
    begin(...lanes) {
      const id = ++count;
      for (const lane of lanes) latest.set(lane, id);
      return Object.fromEntries(lanes.map((lane) => [lane, id])) as Record<Lane, number>;
    },
    current: (lane, ids) => ids[lane] !== undefined && latest.get(lane) === ids[lane],
    track(job) {
      under++;
      const end = () => {
        // The job's own handlers (then/catch after track) run first, and may start another job.
        queueMicrotask(() => {
          if (--under > 0) return;
          const woken = waiting;
          waiting = [];
          for (const wake of woken) wake();
        });
      };
      job.then(end, end);
      return job;
    },
    settled: () => (under === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
  return runner;
}
