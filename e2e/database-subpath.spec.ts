/**
 * The database view from a plain static server under a sub-path: PGlite finds its files next to its
 * own module, and still starts when the server sends .wasm as application/octet-stream (no streaming
 * compile then). The server here relays the built site from the preview server; under /strict/ it
 * also takes 'wasm-unsafe-eval' out of the page's policy, as a stricter host might.
 */
import { createServer, type Server } from 'node:http';
import { expect, listenOnLoopback, test } from './fixtures';
import { openTab } from './workbench-support';

const PREFIX = '/some/sub/path/';
const STRICT = '/strict/';
let server: Server;
let base = '';
const served: string[] = [];

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async ({ baseURL }) => {
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    served.push(path);
    const prefix = [PREFIX, STRICT].find((p) => path.startsWith(p));
    if (prefix === undefined) {
      response.writeHead(404).end();
      return;
    }
    const upstream = await fetch(new URL(path.slice(prefix.length), baseURL));
    const type = path.endsWith('.wasm')
      ? 'application/octet-stream'
      : (upstream.headers.get('content-type') ?? 'application/octet-stream');
    let body = Buffer.from(await upstream.arrayBuffer());
    if (prefix === STRICT && type.startsWith('text/html'))
      body = Buffer.from(body.toString('utf8').replace(' &#39;wasm-unsafe-eval&#39;', ''));
    response.writeHead(upstream.status, { 'content-type': type }).end(body);
  });
  const port = await listenOnLoopback(server);
  base = `http://127.0.0.1:${port}${PREFIX}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('the database view works under a sub-path, with .wasm served as octet-stream', async ({ page, guard }) => {
  await page.goto(base);
  // The database view is the dock's Database tab: its open button is inside it.
  await openTab(page, 'Database');
  await page.getByRole('button', { name: 'Open the database view' }).click();
  await expect(page.getByText(/is running in this page/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('status', { name: 'Database check of this step' })).toContainText(
    'Agrees with the store',
  );
  expect(
    served.filter((path) => /\.(wasm|data)$/.test(path)).every((path) => path.startsWith(`${PREFIX}assets/`)),
  ).toBe(true);
  expect(served.filter((path) => /\.wasm$/.test(path)).length).toBeGreaterThan(0);
  // Every request went to the relay; the guard checks the preview origin, so hand it the relay's own.
  const relay = new URL(base).origin;
  expect(guard.requests.every((url) => url.startsWith(`${relay}/`))).toBe(true);
  guard.requests = [];
});

test('a policy that refuses WebAssembly: the view says PostgreSQL could not start, instead of waiting', async ({
  page,
  guard,
}) => {
  const strict = new URL(STRICT, base).href;
  await page.goto(strict);
  expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')).not.toContain(
    'wasm-unsafe-eval',
  );
  await openTab(page, 'Database');
  await page.getByRole('button', { name: 'Open the database view' }).click();
  const alert = page.getByRole('region', { name: 'The same reads in PostgreSQL' }).getByRole('alert');
  await expect(alert).toContainText('PostgreSQL could not start in this page:', { timeout: 60_000 });
  await expect(alert).toContainText("must allow WebAssembly with 'wasm-unsafe-eval' in script-src");
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  // The browser reports the refusal in the console, and the view logs it as a warning: expected here.
  guard.errors = guard.errors.filter((e) => !/Content Security Policy|WebAssembly/.test(e));
  guard.requests = [];
});
