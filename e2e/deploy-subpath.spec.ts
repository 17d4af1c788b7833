/**
 * The README's "Deploy dist/ to a static host" as written: the built dist/ copied under /playground/ of
 * a folder that a stock static server serves (Python's `http.server`, nothing configured: its own MIME
 * types, no rewrites, no headers of ours). The page opens there at the leak, a lesson opens by its
 * address, the service worker keeps the site, and with the server gone and the network off a reload of
 * the lesson's address still opens it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, listenOnLoopback, test } from './fixtures';

test.describe.configure({ timeout: 180_000 });
test.use({ serviceWorkers: 'allow', baseURL: undefined });

let host = '';
let python: ChildProcess | null = null;
let base = '';

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listenOnLoopback(server);
  await new Promise((done) => server.close(done));
  return port;
}

function stopServer() {
  if (python?.exitCode === null) python.kill();
}

test.beforeAll(async () => {
  host = mkdtempSync(join(tmpdir(), 'deploy-'));
  symlinkSync(resolve('dist'), join(host, 'playground'));
  const port = await freePort();
  python = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', host], {
    stdio: 'ignore',
  });
  base = `http://127.0.0.1:${port}/playground/`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(base)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`python3 -m http.server did not answer at ${base}`);
});

test.afterAll(() => {
  stopServer();
  rmSync(host, { recursive: true, force: true });
});

test('dist/ under /playground/ of a stock static server: the leak, a lesson, then offline', async ({
  context,
  page,
}) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(base);
  await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(7).click();
  await expect(page.getByRole('region', { name: 'Naive global list' }).getByRole('status')).toContainText(
    '1 of 3 items leaked',
  );

  const lesson = `${base}#/lesson/deletion-residue`;
  await page.goto(lesson);
  await expect(page.getByRole('heading', { name: 'Deletion residue' })).toBeVisible();

  // The worker, registered under the sub-path, has kept the whole site.
  const kept = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated')
      await new Promise<void>((done) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && done()),
      );
    let count = 0;
    for (const name of await caches.keys()) count += (await (await caches.open(name)).keys()).length;
    return { scope: registration.scope, count };
  });
  expect(kept.scope).toBe(base);
  expect(kept.count).toBeGreaterThan(100);

  stopServer();
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Deletion residue' })).toBeVisible();
    await page.goto(base);
    await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  expect(failed).toEqual([]);
});
