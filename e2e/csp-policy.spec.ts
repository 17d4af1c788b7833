/**
 * The built site's Content-Security-Policy: read from the served index.html, then shown to hold in
 * the browser. An inline script, eval, a remote script and a request to another host are all refused,
 * while the page's own scripts, Monaco's workers and its inline styles work under the same policy.
 */
import { expect, type Page, test } from '@playwright/test';
import { enableTestHook } from './hostile-support';
import { openEditor } from './workbench-support';
import { MODEL_CONNECT_SOURCES } from '../src/ui/model/modelAddress';

/** The policy's directives, e.g. { 'script-src': ["'self'"] }. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values];
      }),
  );
}

/** Collect the policy's violation reports inside the page from before its first script. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { __violations?: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`),
    );
  });
}

const violations = (page: Page) => page.evaluate(() => (window as { __violations?: string[] }).__violations ?? []);

test('the served page carries a policy that allows only its own scripts and connections', async ({ request }) => {
  const html = await (await request.get('./')).text();
  const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html);
  expect(meta, 'a CSP meta tag in index.html').not.toBeNull();
  const policy = directives(
    meta![1]!
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&'),
  );
  expect(policy['default-src']).toEqual(["'self'"]);
  // 'wasm-unsafe-eval' compiles PGlite's WebAssembly (the database view); it allows no eval().
  expect(policy['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  // A learner's own model server on this computer, any port ("Ask your own model"); nothing remote.
  // The same list the panel checks an address against before sending anything.
  expect(policy['connect-src']).toEqual(["'self'", ...MODEL_CONNECT_SOURCES]);
  expect(MODEL_CONNECT_SOURCES).toEqual(['http://127.0.0.1:*', 'http://localhost:*']);
  expect(policy['worker-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  const all = Object.values(policy).flat();
  expect(all).not.toContain("'unsafe-eval'");
  const loopback = /^http:\/\/(127\.0\.0\.1|localhost):\*$/;
  expect(
    all.filter((value) => /^(https?:|\*|wss?:)/.test(value) && !loopback.test(value)),
    'remote sources',
  ).toEqual([]);
  // The policy must come before any script in the document, or it would not cover it.
  expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<script'));
  // The built page has no inline script of its own that the policy would have to allow.
  expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
});

test('an inline script, eval, a remote script and a request to another host are refused', async ({ page, baseURL }) => {
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const answered: string[] = [];
  page.on('response', (r) => answered.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await recordViolations(page);
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();

  const outcome = await page.evaluate(async () => {
    const w = window as { __inline?: number; __handler?: number; __remote?: number };
    const inline = document.createElement('script');
    inline.textContent = 'window.__inline = 1;';
    document.body.append(inline);
    const img = document.createElement('img');
    img.setAttribute('onerror', 'window.__handler = 1');
    img.src = 'data:,not-an-image';
    document.body.append(img);
    // Playwright's evaluate itself may use eval, so ask from a task the page runs later, as its own code would.
    const codeFromStrings = await new Promise<{ evalRefused: boolean; functionRefused: boolean }>((resolve) => {
      setTimeout(() => {
        const refused = (run: () => unknown) => {
          try {
            run();
            return false;
          } catch (error) {
            return error instanceof EvalError;
          }
        };
        resolve({
          // oxlint-disable-next-line no-eval -- the test shows the policy refusing eval
          evalRefused: refused(() => (0, eval)('1 + 1')),
          functionRefused: refused(() => new Function('return 1')()),
        });
      }, 0);
    });
    const remote = document.createElement('script');
    // Another origin on the loopback range: if the policy ever failed, nothing would leave this machine.
    remote.src = 'http://127.0.0.2:9/remote.js';
    document.body.append(remote);
    let fetchRefused = false;
    try {
      await fetch('http://127.0.0.2:9/collect', { method: 'POST', body: 'secret' });
    } catch {
      fetchRefused = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    img.remove();
    return { inline: w.__inline, handler: w.__handler, remote: w.__remote, ...codeFromStrings, fetchRefused };
  });
  expect(outcome).toEqual({
    inline: undefined,
    handler: undefined,
    remote: undefined,
    evalRefused: true,
    functionRefused: true,
    fetchRefused: true,
  });
  const seen = await violations(page);
  expect(seen.some((v) => v.startsWith('script-src-elem inline'))).toBe(true);
  expect(seen.some((v) => v.startsWith('script-src-attr inline'))).toBe(true);
  expect(seen.some((v) => v.startsWith('script-src eval'))).toBe(true);
  expect(seen.some((v) => v.startsWith('script-src-elem http://127.0.0.2:9'))).toBe(true);
  expect(seen.some((v) => v.startsWith('connect-src http://127.0.0.2:9'))).toBe(true);
  // Refused by the browser before anything was sent: the only foreign request is the script, blocked by the policy.
  const origin = new URL(baseURL!).origin;
  const foreign = requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
  expect(foreign).toEqual(['http://127.0.0.2:9/remote.js']);
  expect(
    answered.filter((url) => foreign.includes(url)),
    'answers from another origin',
  ).toEqual([]);
  expect(
    errors.every((text) => /Content Security Policy|Failed to fetch|ERR_BLOCKED/i.test(text)),
    errors.join('\n'),
  ).toBe(true);
});

test('Monaco, its workers and its styles work under the policy', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  const workers: string[] = [];
  page.on('worker', (worker) => workers.push(worker.url()));
  await recordViolations(page);
  await enableTestHook(page);
  await page.goto('./');
  await openEditor(page);
  const host = page.locator('[data-testid="scenario-editor"]');
  await expect(host.locator('.monaco-editor .view-lines')).toContainText(/"agents"|"op"/, { timeout: 20_000 });
  // The JSON worker validates against the schema: an unknown op is underlined without running anything.
  await host.locator('.view-lines').click();
  await page.keyboard.press('Control+F');
  await page.keyboard.type('close_task');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.type('dance');
  await expect(host.locator('.squiggly-error').first()).toBeVisible({ timeout: 15_000 });
  expect(
    workers.some((url) => /json\.worker/i.test(url)),
    workers.join(', '),
  ).toBe(true);
  expect(
    workers.some((url) => /editor\.worker/.test(url)),
    workers.join(', '),
  ).toBe(true);
  // Monaco's inline styles apply: the editor is laid out, with its lines positioned.
  const laidOut = await host
    .locator('.monaco-editor')
    .evaluate((el) => getComputedStyle(el).position === 'relative' && el.getBoundingClientRect().height > 100);
  expect(laidOut).toBe(true);
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
