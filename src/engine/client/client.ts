/**
 * The engine in a Web Worker (worker/worker.ts), behind the protocol's interface: the page's thread only
 * posts requests and receives view models, so a 20,000-step replay never holds it. A worker that crashes
 * (an error outside any request, or one that cannot answer) is ended and started again; so is one that
 * ends without an error (it closed itself, or the browser ended it): it holds a Web Lock for its whole
 * life, and the page, waiting for the same lock, is granted it when the worker is gone. Its requests under
 * way fail with EngineRestarted and the listeners hear of it, so the store replays its last good text.
 * A worker that crashes again and again, before answering anything, is given up: the engine then runs in
 * the page's thread (the `inPage` engine the page gives), slower for a large scenario but never lost. A
 * text the worker holds (its last good run's, the lesson text of its last verify) is not posted again.
 * Nothing here imports the worker's side: the page hands over how to start either (main.tsx).
 */
import type { AnswerBook } from '../../core/grading/answerRows';
import type { Engine, LeanVerdictsRequest, RunReply, RunRequest } from '../protocol';
import type { Reply, Request, Served } from '../messages';
import { wireReceiver } from '../wire/wire';
import { EngineRestarted } from './restarted';

/** Views a worker numbers before the next worker's numbers begin (far more than a session makes). */
const VERSIONS_PER_WORKER = 2 ** 40;

/** Crashes in a row, without an answer between them, after which the worker is given up. */
const CRASHES_GIVEN_UP = 3;

type Sent = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The engine of one session in a worker of its own, which `start` starts; `inPage` makes the engine that
 * replaces it once it is given up, its views numbered from `firstVersion`. `crash()` is the end-to-end
 * tests' way to kill the worker.
 */
export function workerEngine(
  answers: AnswerBook,
  start: () => Worker,
  inPage: (firstVersion: number) => Engine,
): Engine & { crash(): void; quit(): void } {
  let worker: Worker;
  let closed = false;
  /** Names this client's workers' locks apart from another tab's or another client's. */
  const lockPrefix = `scope-engine-${Math.random().toString(36).slice(2)}`;
  let ids = 0;
  let crashes = 0;
  /** Workers started so far. */
  let boots = 0;
  /** The engine in the page's thread, once the worker is given up. */
  let fallback: Engine | null = null;
  /** The worker's last good run: its text as the page sent it, and its number. */
  let held: { text: string; run: number } | null = null;
  /** The lesson text the worker was last sent for verdicts. */
  let lessonSent: string | null = null;
  const pending = new Map<
    number,
    { method: string; args: readonly unknown[]; resolve(value: unknown): void; reject(error: Error): void }
  >();
  const listeners: Array<() => void> = [];

  const post = <T>(request: Sent): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (fallback !== null) {
        const local = fallback;
        if (['init', 'hold', 'crash', 'quit'].includes(request.method)) return resolve(undefined as T);
        // verify() asks the engine in the page itself, with the whole request.
        const method = local[request.method as Exclude<keyof Served, 'verify'>] as (...args: unknown[]) => unknown;
        return resolve(method(...request.args) as T);
      }
      const id = ++ids;
      pending.set(id, {
        method: request.method,
        args: request.args,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      worker.postMessage({ ...request, id });
    });

  const restart = () => {
    worker.terminate();
    // A new worker holds no text until the page sends it one.
    held = lessonSent = null;
    const lost = [...pending.values()];
    pending.clear();
    if (++crashes >= CRASHES_GIVEN_UP) {
      console.warn('The engine keeps crashing in its worker: it runs in the page from now on.');
      fallback = inPage(boots++ * VERSIONS_PER_WORKER);
    } else boot();
    for (const request of lost) request.reject(new EngineRestarted());
    for (const listener of listeners) listener();
  };

  function boot() {
    worker = start();
    const whole = wireReceiver();
    worker.onmessage = (event: MessageEvent<Reply>) => {
      const reply = event.data;
      const request = pending.get(reply.id);
      if (request === undefined) return;
      pending.delete(reply.id);
      // Starting is no proof the worker works: an answer to a request is.
      if (request.method !== 'init' && request.method !== 'hold') crashes = 0;
      if (!reply.ok) return request.reject(new Error(reply.error));
      const value = whole(request.method, request.args, reply.value);
      const run = value as RunReply;
      if (request.method === 'run' && run.kind === 'ok')
        held = { text: (request.args[0] as RunRequest).text, run: run.run };
      request.resolve(value);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      // A warning, not an error: the page recovers, and the learner is told (playgroundStore.ts).
      console.warn('The engine crashed and is started again:', event.message);
      restart();
    };
    worker.onmessageerror = restart;
    // Each worker numbers its views after the last one's: a list the page reads late, from views of a
    // worker that crashed, gets null (gone) from the new one rather than rows of other views.
    post({ method: 'init', args: [answers, boots++ * VERSIONS_PER_WORKER] }).catch(() => undefined);
    watchEnd(worker);
  }

  /** Restart when `mine` ends without an error: the lock it holds is granted here once it is gone. */
  function watchEnd(mine: Worker) {
    const locks = globalThis.navigator?.locks;
    if (locks === undefined) return;
    const name = `${lockPrefix}-${boots}`;
    post({ method: 'hold', args: [name] })
      .then(() =>
        locks.request(name, () => {
          // A worker this client ended itself (a restart, close) is no news.
          if (worker !== mine || closed || fallback !== null) return;
          console.warn('The engine’s worker ended without an error: it is started again.');
          restart();
        }),
      )
      .catch(() => undefined);
  }
  boot();

  return {
    run: (request) => post({ method: 'run', args: [request] }),
    act: (act, access) => post({ method: 'act', args: [act, access] }),
    rows: (list, version, from, to) => post({ method: 'rows', args: [list, version, from, to] }),
    access: (look) => post({ method: 'access', args: [look] }),
    accessCells: (version, range) => post({ method: 'accessCells', args: [version, range] }),
    coverage: () => post({ method: 'coverage', args: [] }),
    timeline: () => post({ method: 'timeline', args: [] }),
    judge: (text) => post({ method: 'judge', args: [text] }),
    seedResult: () => post({ method: 'seedResult', args: [] }),
    verify(request) {
      if (fallback !== null) return fallback.verify(request);
      // The texts the worker holds are not sent again (a run under way may replace the learner's).
      const running = [...pending.values()].some((sent) => sent.method === 'run');
      const lean: LeanVerdictsRequest = {
        ...request,
        text: !running && held?.text === request.text ? { run: held.run } : request.text,
        lessonText: request.lessonText === lessonSent ? null : request.lessonText,
      };
      lessonSent = request.lessonText;
      return post({ method: 'verify', args: [lean] });
    },
    onRestart(listener) {
      listeners.push(listener);
    },
    close() {
      closed = true;
      worker.terminate();
      pending.clear();
    },
    crash() {
      void post({ method: 'crash', args: [] });
    },
    quit() {
      post({ method: 'quit', args: [] }).catch(() => undefined);
    },
  };
}
