/**
 * The page's end of one engine worker, whatever session it serves: requests posted and their answers
 * matched, and the worker watched. A worker that crashes (an error outside any request, or one that
 * cannot answer) is ended and started again; so is one that ends without an error (it closed itself, or
 * the browser ended it): it holds a Web Lock for its whole life, and the page, waiting for the same lock,
 * is granted it when the worker is gone. Its requests under way fail with EngineRestarted and the
 * listeners hear of it, so the store runs its last good text again. A worker that crashes again and
 * again, before answering anything, is given up: the engine then answers in the page's thread (`inPage`).
 */
import type { Reply, Request } from '../messages';
import { EngineRestarted } from './restarted';

/** Views a worker numbers before the next worker's numbers begin (far more than a session makes). */
export const VERSIONS_PER_WORKER = 2 ** 40;

/** Crashes in a row, without an answer between them, after which the worker is given up. */
const CRASHES_GIVEN_UP = 3;

export type Sent = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** What answers once the worker is given up: a request's method and arguments, answered in the page. */
export type InPage = (method: string, args: readonly unknown[]) => unknown;

export interface LinkOptions {
  start(): Worker;
  /** The request that starts a new worker's session; `firstVersion` numbers its views after the last worker's. */
  init(firstVersion: number): Sent;
  /** What an answer becomes once received (the store's run replies are packed on the wire). */
  receive?(method: string, args: readonly unknown[], value: unknown): unknown;
  /** The worker is gone: forget what it held. */
  forget?(): void;
  /** The engine that answers in the page once the worker is given up. */
  inPage(firstVersion: number): InPage;
}

export interface Link {
  post<T>(request: Sent): Promise<T>;
  /** Whether a request of `method` is under way. */
  pending(method: string): boolean;
  onRestart(listener: () => void): void;
  close(): void;
  /** The end-to-end tests' ways to end the worker: with an error, and without one. */
  crash(): void;
  quit(): void;
}

const OWN = ['init', 'open', 'hold', 'crash', 'quit'];

export function workerLink(options: LinkOptions): Link {
  let worker: Worker;
  let closed = false;
  /** Names this link's workers' locks apart from another tab's or another link's. */
  const lockPrefix = `scope-engine-${Math.random().toString(36).slice(2)}`;
  let ids = 0;
  let crashes = 0;
  /** Workers started so far. */
  let boots = 0;
  let fallback: InPage | null = null;
  const pending = new Map<
    number,
    { method: string; args: readonly unknown[]; resolve(value: unknown): void; reject(error: Error): void }
  >();
  const listeners: Array<() => void> = [];

  const post = <T>(request: Sent): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (fallback !== null) {
        if (OWN.includes(request.method)) return resolve(undefined as T);
        try {
          return resolve(fallback(request.method, request.args) as T);
        } catch (error) {
          return reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
      const id = ++ids;
      pending.set(id, { method: request.method, args: request.args, resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });

  const restart = () => {
    worker.terminate();
    options.forget?.();
    const lost = [...pending.values()];
    pending.clear();
    if (++crashes >= CRASHES_GIVEN_UP) {
      console.warn('The engine keeps crashing in its worker: it runs in the page from now on.');
      fallback = options.inPage(boots++ * VERSIONS_PER_WORKER);
    } else boot();
    for (const request of lost) request.reject(new EngineRestarted());
    for (const listener of listeners) listener();
  };

  function boot() {
    worker = options.start();
    worker.onmessage = (event: MessageEvent<Reply>) => {
      const reply = event.data;
      const request = pending.get(reply.id);
      if (request === undefined) return;
      pending.delete(reply.id);
      // Starting is no proof the worker works: an answer to a request is.
      if (!OWN.includes(request.method)) crashes = 0;
      if (!reply.ok) return request.reject(new Error(reply.error));
      request.resolve(options.receive?.(request.method, request.args, reply.value) ?? reply.value);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      // A warning, not an error: the page recovers, and the learner is told.
      console.warn('The engine crashed and is started again:', event.message);
      restart();
    };
    worker.onmessageerror = restart;
    // Each worker numbers its views after the last one's: a list the page reads late, from views of a
    // worker that crashed, gets null (gone) from the new one rather than rows of other views.
    post(options.init(boots++ * VERSIONS_PER_WORKER)).catch(() => undefined);
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
          // A worker this link ended itself (a restart, close) is no news.
          if (worker !== mine || closed || fallback !== null) return;
          console.warn('The engine’s worker ended without an error: it is started again.');
          restart();
        }),
      )
      .catch(() => undefined);
  }
  boot();

  return {
    post,
    pending: (method) => [...pending.values()].some((sent) => sent.method === method),
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
