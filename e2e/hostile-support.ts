/**
 * Helpers for the hostile-input tests: drive the page's own store (the test hook in main.tsx), paste
 * into Monaco as a person does, and watch everything a hostile scenario might try: a dialog, a script
 * that sets window.__pwned, a request to another host, an error, a blank page.
 */
import { readFileSync } from 'node:fs';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { openEditor } from './workbench-support';

export interface HostileCase {
  file: string;
  expect: 'invalid' | 'rejected' | 'ok';
  message: string;
  line?: number | null;
  column?: number | null;
}

export const MANIFEST: HostileCase[] = JSON.parse(readFileSync('fixtures/hostile/manifest.json', 'utf8'));

export const hostileText = (file: string) => readFileSync(`fixtures/hostile/${file}`, 'utf8');

export const SEED = readFileSync('fixtures/scenario.json', 'utf8');

/** Ask main.tsx to expose its store as window.__playground (set before the page's scripts run). */
export async function enableTestHook(target: Page | BrowserContext) {
  await target.addInitScript(() => {
    (window as { __playgroundTestHook?: boolean }).__playgroundTestHook = true;
  });
}

/** Replace the editor text and run it, through the store action the editor's Run button calls. */
export async function loadThroughStore(page: Page, text: string) {
  await page.evaluate((t) => {
    const store = (window as unknown as { __playground: { getState(): { loadScenario(text: string): void } } })
      .__playground;
    store.getState().loadScenario(t);
  }, text);
}

export async function editorText(page: Page): Promise<string> {
  return page.evaluate(
    () => (window as unknown as { __playground: { getState(): { text: string } } }).__playground.getState().text,
  );
}

const EDITOR = '[data-testid="scenario-editor"]';

/** Select everything in Monaco, paste `text` from the clipboard, and press Run. */
export async function pasteIntoEditor(page: Page, text: string) {
  await openEditor(page);
  await expect(page.locator(`${EDITOR} .monaco-editor .view-lines`)).toBeVisible({ timeout: 20_000 });
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator(`${EDITOR} .view-lines`).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  // The paste went through Monaco's own path into the store, unchanged.
  await expect.poll(() => editorText(page), { timeout: 10_000 }).toBe(text);
  await page.getByRole('button', { name: 'Run' }).click();
}

export interface Watch {
  dialogs: string[];
  requests: string[];
  errors: string[];
}

/** Record dialogs (dismissed at once), every request and every console or page error from now on. */
export function watch(page: Page): Watch {
  const seen: Watch = { dialogs: [], requests: [], errors: [] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('request', (request) => seen.requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') seen.errors.push(message.text());
  });
  page.on('pageerror', (error) => seen.errors.push(String(error)));
  return seen;
}

/** Nothing ran, nothing left, nothing broke, and the page still shows its workbench. */
export async function expectUnharmed(page: Page, seen: Watch, origin: string) {
  expect(seen.dialogs, 'dialogs opened').toEqual([]);
  const foreign = seen.requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
  expect(foreign, 'requests to another origin').toEqual([]);
  expect(seen.errors, 'console errors').toEqual([]);
  const state = await page.evaluate(() => ({
    pwned: (window as { __pwned?: unknown }).__pwned,
    polluted: ({} as Record<string, unknown>).polluted,
    bodyShown: getComputedStyle(document.body).display !== 'none' && document.body.getBoundingClientRect().height > 0,
    rootChildren: document.getElementById('root')?.childElementCount ?? 0,
    // Markup from a scenario must stay text: no element of these kinds may appear inside the app.
    // (Monaco keeps a style element of its own inside the editor; that one is not from a scenario.)
    injected: [...document.querySelectorAll('#root :is(script, img, style, iframe, a[href^="javascript"])')].filter(
      (el) => el.closest('.monaco-editor') === null,
    ).length,
  }));
  expect(state).toEqual({
    pwned: undefined,
    polluted: undefined,
    bodyShown: true,
    rootChildren: expect.any(Number),
    injected: 0,
  });
  expect(state.rootChildren).toBeGreaterThan(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Timeline' })).toBeVisible();
}
