/** The built dist/ works from any static file server, under a sub-path: served here by a plain Node server. */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { expect, listenOnLoopback, monacoReady, test } from './fixtures';

// About what the page shows, not the tasks: every task given up, nothing is withheld.
test.use({ revealed: true });

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.ttf': 'font/ttf',
  '.json': 'application/json',
};
const PREFIX = '/some/sub/path/';
let server: Server;
let base = '';

test.beforeAll(async () => {
  server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (!path.startsWith(PREFIX)) {
      response.writeHead(404).end();
      return;
    }
    const file = normalize(join('dist', path.slice(PREFIX.length) || 'index.html'));
    if (!file.startsWith('dist')) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  const port = await listenOnLoopback(server);
  base = `http://127.0.0.1:${port}${PREFIX}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test.use({ baseURL: undefined });

test('the built site works from a plain static server under a sub-path', async ({ page }) => {
  const failed: string[] = [];
  const errors: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(response.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(base);
  await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(9).click();
  await expect(page.getByRole('region', { name: 'Naive global list' }).getByRole('status')).toContainText(
    '2 of 3 items leaked',
  );
  await monacoReady(page);
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});
