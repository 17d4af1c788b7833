/**
 * A stand-in for the engine's Web Worker, in the test's own thread: each message is copied as
 * postMessage copies it, kept (with its size) for the test to read, and answered a task later by the
 * worker's own engine (serve.ts), in the order sent.
 */
import type { Reply, Request } from '../../messages';
import { serveEngine } from '../serve';

export interface Posted {
  request: Request;
  /** Its size as JSON, in characters: what the page copied to the worker. */
  chars: number;
}

export class ThreadWorker {
  posted: Posted[] = [];
  onmessage: ((event: MessageEvent<Reply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  private serve = serveEngine();
  private ended = false;

  postMessage(message: Request) {
    const request = structuredClone(message);
    this.posted.push({ request, chars: JSON.stringify(request).length });
    setTimeout(() => {
      if (this.ended) return;
      const reply = structuredClone(this.serve(request));
      this.onmessage?.({ data: reply } as MessageEvent<Reply>);
    });
  }

  terminate() {
    this.ended = true;
  }

  /** The worker fails outside any request, as an engine bug would. */
  crash() {
    this.onerror?.({ message: 'boom', preventDefault() {} } as ErrorEvent);
  }

  /** The requests of `method` posted so far. */
  sent<M extends Request['method']>(method: M): Array<{ request: Extract<Request, { method: M }>; chars: number }> {
    return this.posted.filter(
      (p): p is { request: Extract<Request, { method: M }>; chars: number } => p.request.method === method,
    );
  }
}

/** A worker engine's `start`, keeping every stand-in it starts (a crash starts another). */
export function threadWorkers(): { workers: ThreadWorker[]; start: () => Worker } {
  const workers: ThreadWorker[] = [];
  return {
    workers,
    start: () => {
      const worker = new ThreadWorker();
      workers.push(worker);
      return worker as unknown as Worker;
    },
  };
}
