/**
 * Offline after the first visit: the built site, served by a plain static server, registers its service
 * worker and keeps every file it was built with; then the server is shut and the browser goes offline,
 * and a reload still opens the playground, steps, opens the editor (Monaco), the Database tab (PGlite)
 * and a lesson, at the site's root and under a sub-path. A new deployment is announced and applied only
 * on the learner's word, and their saved work survives it.
 */
import { createServer, type Server } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, normalize, relative } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { LESSONS } from '../src/core/lessons/catalogue';
import { expect, listenOnLoopback, monacoReady, test } from './fixtures';
import { editorText, enableTestHook, loadThroughStore } from './hostile-support';
import { openLesson, steps } from './lessons-support';
import { openEditor, openTab } from './workbench-support';
import { axe } from './axe-support';

// Opens everything offline as a learner exploring freely: the lessons' tasks are given up, every verdict shown.
test.use({ revealed: true });

// The first visit downloads the whole site for offline use (PGlite's 9 MB wasm among it), and PGlite
// starts from the cache: minutes on two busy cores.
test.describe.configure({ timeout: 240_000 });
test.use({ serviceWorkers: 'allow', baseURL: undefined, viewport: { width: 1280, height: 800 } });

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

/** Every file the build wrote, relative to dist/. */
function builtFiles(dir = 'dist'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? builtFiles(join(dir, entry.name))
      : [relative('dist', join(dir, entry.name)).split('\\').join('/')],
  );
}

interface Site {
  server: Server;
  base: string;
  /** Paths asked for, in order. */
  served: string[];
  /** Serve a changed service worker from now on: what a new deployment looks like to the browser. */
  deployNewVersion(): void;
  /** Answer 404 for the paths `pattern` matches (null: serve everything): files a newer build replaced. */
  withhold(pattern: RegExp | null): void;
  /** Shut the server and drop every open connection: the network is gone. */
  shut(): Promise<void>;
}

/** dist/ from a plain Node server, under `prefix`. */
async function serve(prefix: string): Promise<Site> {
  const served: string[] = [];
  let version = 1;
  let withheld: RegExp | null = null;
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    served.push(path);
    if (!path.startsWith(prefix) || withheld?.test(path)) return void response.writeHead(404).end();
    const file = normalize(join('dist', path.slice(prefix.length) || 'index.html'));
    if (!file.startsWith('dist')) return void response.writeHead(403).end();
    try {
      let body = readFileSync(file);
      if (file === normalize('dist/sw.js') && version > 1)
        body = Buffer.concat([body, Buffer.from(`\n// deployment ${version}\n`)]);
      response
        .writeHead(200, {
          'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
          // As a static host would for the worker: always checked again, never taken from the HTTP cache.
          ...(file.endsWith('sw.js') ? { 'cache-control': 'no-cache' } : {}),
        })
        .end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  const port = await listenOnLoopback(server);
  return {
    server,
    base: `http://127.0.0.1:${port}${prefix}`,
    served,
    deployNewVersion: () => void version++,
    withhold: (pattern) => void (withheld = pattern),
    shut: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Console errors and failed or foreign requests of a page. */
function watchPage(page: Page, origin: string) {
  const seen = { errors: [] as string[], failed: [] as string[], foreign: [] as string[] };
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(String(error)));
  page.on('requestfailed', (request) => seen.failed.push(`${request.url()} ${request.failure()?.errorText}`));
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url)) seen.foreign.push(url);
  });
  return seen;
}

/** Wait until the site's worker is active, then return the paths (under the site) it keeps in its cache. */
async function precached(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated')
      await new Promise<void>((resolve) =>
        worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()),
      );
    const scope = new URL(registration.scope);
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        urls.push(url.pathname.slice(scope.pathname.length));
      }
    }
    return urls.sort();
  });
}

async function firstVisit(context: BrowserContext, site: Site) {
  const page = await context.newPage();
  const seen = watchPage(page, new URL(site.base).origin);
  await page.goto(site.base);
  await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
  const kept = await precached(page);
  // The learner is told once the site opens without a network.
  await expect(page.getByRole('status').filter({ hasText: 'it now opens without a network' })).toBeVisible({
    timeout: 30_000,
  });
  return { page, seen, kept };
}

for (const prefix of ['/', '/some/sub/path/']) {
  test(`after one visit, with the network gone, a reload opens everything (at ${prefix})`, async ({ context }) => {
    const site = await serve(prefix);
    try {
      const { page, seen, kept } = await firstVisit(context, site);
      // Every file the build wrote is kept, whatever its kind or size (Workbox's defaults would leave out
      // the wasm and data files, the font, the icons, and anything over 2 MiB), except the worker's own.
      const expected = builtFiles().filter((file) => file !== 'sw.js' && !/^workbox-[\w-]+\.js$/.test(file));
      expect(expected.filter((file) => /\.(wasm|data|ttf|png|webmanifest)$/.test(file)).length).toBeGreaterThan(5);
      expect(kept).toEqual(expected.sort());

      // Installable: Chromium finds nothing missing (a test's browser context is always incognito, which
      // alone keeps the install button away) and reads the manifest without an error.
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.url).toBe(`${site.base}manifest.webmanifest`);
      expect(manifest.errors).toEqual([]);

      await site.shut();
      await context.setOffline(true);
      const before = site.served.length;
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      await steps(page).nth(9).click();
      await expect(page.getByRole('region', { name: 'Naive global list' }).getByRole('status')).toContainText(
        '2 of 3 items leaked',
      );
      await monacoReady(page);

      await openTab(page, 'Database');
      const database = page.getByRole('region', { name: 'The same reads in PostgreSQL' });
      await database.getByRole('button', { name: 'Open the database view' }).click();
      await expect(database.getByText(/PostgreSQL [\d.]+ \(PGlite\) is running in this page/)).toBeVisible({
        timeout: 120_000,
      });
      await expect(page.getByRole('status', { name: 'Database check of this step' })).toContainText(
        'Agrees with the store',
      );

      const router = LESSONS.find((lesson) => lesson.engine === 'router')!;
      await openLesson(page, router.title);
      await steps(page).nth(1).click();
      await expect(page.getByRole('region', { name: 'Router: authorize, then rank' })).toBeVisible();

      // The vector lesson: pgvector's extension and the 10 MB database come from the precache too.
      const vector = LESSONS.find((lesson) => lesson.engine === 'vector')!;
      await openLesson(page, vector.title);
      await expect(page.getByTestId('own-query').getByTestId('returned')).toHaveText('2 of 10', { timeout: 120_000 });

      // Nothing reached the (shut) server after the reload; nothing failed; nothing left the origin.
      expect(site.served.length).toBe(before);
      expect(seen.failed).toEqual([]);
      expect(seen.foreign).toEqual([]);
      expect(seen.errors).toEqual([]);
    } finally {
      await context.setOffline(false);
      await site.shut();
    }
  });
}

test('a new deployment waits for the learner’s word, and their saved work survives it', async ({ context }) => {
  const site = await serve('/some/sub/path/');
  try {
    await enableTestHook(context);
    const { page, seen } = await firstVisit(context, site);
    const seed = await editorText(page);
    const edited = seed.replace('Bob prefers short answers.', 'Bob prefers answers kept offline.');
    expect(edited).not.toBe(seed);
    await loadThroughStore(page, edited);
    await expect.poll(() => editorText(page)).toBe(edited);

    site.deployNewVersion();
    await page.reload();
    const prompt = page.getByRole('complementary', { name: 'Offline use and updates' });
    await expect(prompt).toContainText('A new version of the playground is ready.', { timeout: 30_000 });
    // The note is a named landmark over the page, reachable and readable like the rest of it.
    expect(await axe(page)).toEqual([]);
    // The learner goes on working: the page is not reloaded under them.
    await page.evaluate(() => ((window as { __stillHere?: boolean }).__stillHere = true));
    await steps(page).nth(3).click();
    await page.waitForTimeout(2_000);
    expect(await page.evaluate(() => (window as { __stillHere?: boolean }).__stillHere)).toBe(true);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null)).toBe(true);

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Update now' }).click()]);
    await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
    expect(await page.evaluate(() => (window as { __stillHere?: boolean }).__stillHere)).toBeUndefined();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting)).toBeNull();
    await expect(prompt).toHaveCount(0);
    await expect.poll(() => editorText(page)).toBe(edited);
    expect(seen.errors).toEqual([]);
    expect(seen.foreign).toEqual([]);
  } finally {
    await site.shut();
  }
});

test('"Update now" in the tab of a first visit reloads into the new build, with the work kept', async ({ context }) => {
  const site = await serve('/');
  try {
    await enableTestHook(context);
    const { page, seen } = await firstVisit(context, site);
    // The first visit's own tab: the site was downloaded beside it, no worker controls it.
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    const seed = await editorText(page);
    const edited = seed.replace('Bob prefers short answers.', 'Bob prefers answers kept across updates.');
    await loadThroughStore(page, edited);
    await expect.poll(() => editorText(page)).toBe(edited);

    site.deployNewVersion();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('complementary', { name: 'Offline use and updates' });
    await expect(prompt).toContainText('A new version of the playground is ready.', { timeout: 30_000 });
    await page.evaluate(() => ((window as { __stillHere?: boolean }).__stillHere = true));

    await Promise.all([
      page.waitForEvent('load', { timeout: 30_000 }),
      prompt.getByRole('button', { name: 'Update now' }).click(),
    ]);
    await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
    expect(await page.evaluate(() => (window as { __stillHere?: boolean }).__stillHere)).toBeUndefined();
    // The reload opened the new build: the new worker controls the page and none waits.
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting)).toBeNull();
    await expect.poll(() => editorText(page)).toBe(edited);
    expect(seen.errors).toEqual([]);
  } finally {
    await site.shut();
  }
});

test('a tab whose editor files a newer version replaced offers a reload, and the work survives it', async ({
  context,
}) => {
  const site = await serve('/');
  try {
    await enableTestHook(context);
    const { page } = await firstVisit(context, site);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
    const seed = await editorText(page);
    const edited = seed.replace('Bob prefers short answers.', 'Bob prefers answers that outlive a deployment.');
    await loadThroughStore(page, edited);
    await expect.poll(() => editorText(page)).toBe(edited);

    // A new deployment is applied from another tab while this one's editor is still closed; the newer build
    // has no files under the old editor's names, so neither the host nor the worker's cache has them.
    site.deployNewVersion();
    const other = await context.newPage();
    await other.goto(site.base);
    const otherPrompt = other.getByRole('complementary', { name: 'Offline use and updates' });
    await expect(otherPrompt).toContainText('A new version of the playground is ready.', { timeout: 30_000 });
    await Promise.all([other.waitForEvent('load'), otherPrompt.getByRole('button', { name: 'Update now' }).click()]);
    const editorFiles = /\/assets\/(StagedMonaco|MonacoEditor)-[\w-]+\.js$/;
    site.withhold(editorFiles);
    await page.evaluate(async (source) => {
      const pattern = new RegExp(source);
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys())
          if (pattern.test(new URL(request.url).pathname)) await cache.delete(request);
      }
    }, editorFiles.source);

    await openEditor(page);
    const offer = page.getByRole('alert').filter({ hasText: 'A newer version of the playground replaced this part' });
    await expect(offer).toBeVisible({ timeout: 30_000 });
    // The newer build's own files are there; the reload opens it, with the learner's work.
    site.withhold(null);
    await Promise.all([page.waitForEvent('load'), offer.getByRole('button', { name: 'Reload to update' }).click()]);
    await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
    await expect.poll(() => editorText(page)).toBe(edited);
    await openEditor(page);
    await expect(page.locator('[data-testid="scenario-editor"] .view-lines')).toContainText('agents', {
      timeout: 30_000,
    });
  } finally {
    await site.shut();
  }
});
