/**
 * The Web Worker the page's engine runs in (client.ts starts it): one engine session per worker, each
 * request answered in the order it came. A request that throws is answered with its error; the worker
 * goes on. `crash` is for the end-to-end test that shows a crashed engine is survived.
 */
// First, as in the page's entry: zod may not compile parsers with `new Function` under the site's policy.
import '../zodConfig';
import { createSession } from './session';
import { accessPictures } from './access';
import type { Reply, Request, WorkerSession } from './messages';
import { wireSender } from './wire';
import { taskJudge } from './verdicts';
import { seedResultOf } from './seedResult';

let session: WorkerSession | null = null;
const wire = wireSender();

const answer = (request: Request): unknown => {
  if (request.method === 'init') {
    const [answers, firstVersion] = request.args;
    const engine = createSession(answers, undefined, firstVersion, taskJudge());
    const seedResult = () => seedResultOf(engine.timeline());
    session = { ...engine, ...accessPictures(engine.timeline, firstVersion), seedResult };
    return null;
  }
  if (request.method === 'crash') {
    // Thrown outside any request: the worker's error event, as an engine bug outside a request would be.
    setTimeout(() => {
      throw new Error('the engine was made to crash');
    });
    return null;
  }
  if (session === null) throw new Error('the engine was not started');
  const method = session[request.method] as (...args: unknown[]) => unknown;
  return method(...request.args);
};

self.onmessage = (event: MessageEvent<Request>) => {
  const request = event.data;
  let reply: Reply;
  try {
    reply = { id: request.id, ok: true, value: wire(request, answer(request)) };
  } catch (error) {
    reply = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
};
