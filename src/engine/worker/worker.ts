/**
 * The Web Worker the page's engine runs in (client.ts starts it): one engine session per worker
 * (serve.ts), each request answered in the order it came. `hold` takes the Web Lock that tells the page
 * when this worker ends; `crash` and `quit` are for the end-to-end tests that show an engine that crashed,
 * or that ended without an error, is survived.
 */
// First, as in the page's entry: zod may not compile parsers with `new Function` under the site's policy.
import '../../zodConfig';
import type { Request } from '../messages';
import { serveEngine } from './serve';

const serve = serveEngine();

self.onmessage = (event: MessageEvent<Request>) => {
  const request = event.data;
  if (request.method === 'hold') {
    // Held for the worker's whole life: the page is granted it when the worker ends, with or without an error.
    void navigator.locks.request(request.args[0], () => {
      self.postMessage({ id: request.id, ok: true, value: null });
      return new Promise<never>(() => undefined);
    });
    return;
  }
  // The end-to-end test's silent end: no error event, no answer.
  if (request.method === 'quit') return self.close();
  const reply = serve(request);
  if (reply instanceof Promise) void reply.then((whole) => self.postMessage(whole));
  else self.postMessage(reply);
};
