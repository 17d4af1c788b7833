/**
 * The Web Worker the page's engine runs in (client.ts starts it): one engine session per worker
 * (serve.ts), each request answered in the order it came. `crash` is for the end-to-end test that shows
 * a crashed engine is survived.
 */
// First, as in the page's entry: zod may not compile parsers with `new Function` under the site's policy.
import '../../zodConfig';
import type { Request } from '../messages';
import { serveEngine } from './serve';

const serve = serveEngine();

self.onmessage = (event: MessageEvent<Request>) => {
  self.postMessage(serve(event.data));
};
