/**
 * The engine in a Web Worker (worker.ts), behind the protocol's interface: the page's thread only posts
 * requests and receives view models, so a 20,000-step replay never holds it. A worker that crashes (an
 * error outside any request, or one that cannot answer) is ended and started again; its requests under
 * way fail with EngineRestarted and the listeners hear of it, so the store replays its last good text.
 */
import type { AnswerBook } from '../core/grading/answerRows';
import { type Engine, EngineRestarted } from './protocol';
import type { Reply, Request } from './messages';

type Sent = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

const startWorker = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'engine' });

/** The engine of one session in a worker of its own. `crash()` is the end-to-end tests' way to kill it. */
export function workerEngine(answers: AnswerBook, start: () => Worker = startWorker): Engine & { crash(): void } {
  let worker: Worker;
  let ids = 0;
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const listeners: Array<() => void> = [];

  const post = <T>(request: Sent): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++ids;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...request, id });
    });

  const restart = () => {
    worker.terminate();
    const lost = [...pending.values()];
    pending.clear();
    boot();
    for (const request of lost) request.reject(new EngineRestarted());
    for (const listener of listeners) listener();
  };

  function boot() {
    worker = start();
    worker.onmessage = (event: MessageEvent<Reply>) => {
      const reply = event.data;
      const request = pending.get(reply.id);
      if (request === undefined) return;
      pending.delete(reply.id);
      if (reply.ok) request.resolve(reply.value);
      else request.reject(new Error(reply.error));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      // A warning, not an error: the page recovers, and the learner is told (playgroundStore.ts).
      console.warn('The engine crashed and is started again:', event.message);
      restart();
    };
    worker.onmessageerror = restart;
    void post({ method: 'init', args: [answers] });
  }
  boot();

  return {
    run: (request) => post({ method: 'run', args: [request] }),
    act: (act) => post({ method: 'act', args: [act] }),
    coverage: () => post({ method: 'coverage', args: [] }),
    timeline: () => post({ method: 'timeline', args: [] }),
    judge: (text) => post({ method: 'judge', args: [text] }),
    seedResult: () => post({ method: 'seedResult', args: [] }),
    onRestart(listener) {
      listeners.push(listener);
    },
    close() {
      worker.terminate();
      pending.clear();
    },
    crash() {
      void post({ method: 'crash', args: [] });
    },
  };
}
