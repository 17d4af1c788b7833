/**
 * The whole hostile corpus (fixtures/hostile, 50 files) loaded into the built page, one file per test in
 * one page. A few go through Monaco (clipboard paste, then Run) as a person would; the rest through the
 * store action the Run button calls. Each gets the outcome its manifest names, located on screen, and
 * none may open a dialog, run a script, send a request elsewhere, log an error or blank the page.
 */
import { rejectionProblems } from '../src/core/checks/rejections';
import { readdirSync } from 'node:fs';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { replayText } from '../src/core/replay/replayText';
import { skipTour } from './fixtures';
import {
  enableTestHook,
  expectUnharmed,
  type HostileCase,
  hostileText,
  loadThroughStore,
  MANIFEST,
  pasteIntoEditor,
  SEED,
  type Watch,
  watch,
} from './hostile-support';
import { openTab } from './workbench-support';

/** These go through the real editor; the others through the store. */
const THROUGH_EDITOR = new Set([
  'syntax-trailing-comma.json',
  'proto-key-root.json',
  'reject-handoff-other-user.json',
  'text-markup-and-bidi.json',
  'name-constructor-agent-query.json',
]);

test.describe.configure({ mode: 'serial', timeout: 60_000 });

let context: BrowserContext;
let page: Page;
let seen: Watch;
let origin: string;
const tested: Record<HostileCase['expect'], number> = { invalid: 0, rejected: 0, ok: 0 };

const steps = () => page.getByRole('list', { name: 'Steps' }).getByRole('button');
const problems = () => page.getByRole('region', { name: /^Problems \(\d+\)$/ });

test.beforeAll(async ({ browser }, info) => {
  const baseURL = info.project.use.baseURL!;
  origin = new URL(baseURL).origin;
  context = await browser.newContext({ baseURL });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
  await enableTestHook(context);
  await skipTour(context);
  page = await context.newPage();
  seen = watch(page);
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
});

test.afterAll(async () => {
  await context.close();
  console.log(`hostile corpus in the page: ${tested.invalid} invalid, ${tested.rejected} rejected, ${tested.ok} ok`);
});

test('the manifest names every file of the corpus once', () => {
  const files = readdirSync('fixtures/hostile')
    .filter((f) => f.endsWith('.json') && f !== 'manifest.json')
    .sort();
  expect(MANIFEST.map((c) => c.file).sort()).toEqual(files);
  expect(files).toHaveLength(50);
});

for (const c of MANIFEST) {
  const how = THROUGH_EDITOR.has(c.file) ? 'pasted into the editor' : 'run through the store';
  test(`${c.file} (${how}) is ${c.expect}${c.message ? `: ${c.message}` : ''}`, async () => {
    const text = hostileText(c.file);
    const core = replayText(text);
    // Start each case from the seed's good timeline, so "it stays" is checked against a known one.
    await loadThroughStore(page, SEED);
    await expect(steps()).toHaveCount(13);
    const before = await steps().allTextContents();

    if (THROUGH_EDITOR.has(c.file)) await pasteIntoEditor(page, text);
    else await loadThroughStore(page, text);

    if (c.expect === 'invalid') {
      expect(core.kind).toBe('invalid');
      if (core.kind !== 'invalid') return;
      const first = core.problems[0]!;
      const item = problems().getByRole('listitem').first();
      // Plain and located: line and column, the path, and what is wrong, as the core reports them.
      await expect(item).toContainText(`Line ${first.line}, column ${first.column}`);
      await expect(item.locator('code')).toHaveText(first.path);
      await expect(item).toContainText(first.message);
      if (c.line != null) expect(first.line).toBe(c.line);
      if (c.column != null) expect(first.column).toBe(c.column);
      await expect(problems().getByRole('list', { name: 'Problems' })).toContainText(c.message);
      await expect(page.getByRole('region', { name: 'Scenario editor' }).getByRole('status').first()).toContainText(
        'the timeline above still shows the last good run',
      );
      // The last good timeline stays on screen, step for step.
      await expect(steps()).toHaveText(before);
    } else {
      expect(core.kind).toBe('ok');
      if (core.kind !== 'ok') return;
      // A step the store rejected unexpectedly is a located problem too (issue 15, item 8).
      await expect(problems()).toHaveAccessibleName(`Problems (${rejectionProblems(core.timeline, text).length})`);
      await expect(steps()).toHaveCount(core.timeline.entries.length);
      const rejected = core.timeline.entries.filter((e) => e.outcome.kind === 'rejected');
      if (c.expect === 'ok') expect(rejected).toEqual([]);
      for (const entry of rejected) {
        if (entry.outcome.kind !== 'rejected') continue;
        await steps().nth(entry.index).click();
        await expect(page.locator('[aria-current="step"]')).toContainText(`Rejected: ${entry.outcome.reason}`);
        await expect(page.locator('.current-step[aria-live="polite"]')).toContainText(
          `Rejected: ${entry.outcome.reason}. The store is unchanged.`,
        );
      }
      if (c.expect === 'rejected') {
        expect(rejected.length).toBeGreaterThan(0);
        const first = rejected[0]!.outcome;
        expect(first.kind === 'rejected' && first.reason).toContain(c.message);
      }
      // Walk every step, so every view renders the scenario's text at least once.
      for (let i = 0; i < core.timeline.entries.length; i++) {
        await steps().nth(i).click();
        await expect(page.locator('[aria-current="step"]')).toHaveCount(1);
      }
    }
    await expectUnharmed(page, seen, origin);
    tested[c.expect] += 1;
  });
}

test('markup in item text is shown as text in the store, the requests and the messages', async () => {
  await loadThroughStore(page, hostileText('text-markup-and-bidi.json'));
  await steps().nth(5).click();
  await openTab(page, 'Store');
  const store = page.getByRole('region', { name: 'Store after this step' });
  await expect(store).toContainText('Task 17: <script>window.__pwned = 1; alert(1)</script> move the export job.');
  await expect(store).toContainText('Draft: <img src=x onerror="window.__pwned=2;alert(2)"> ask the researcher.');
  await expect(store).toContainText('<style>body{display:none}</style><a href="javascript:alert(3)">policy</a>');
  await steps().nth(7).click();
  const requests = page.getByRole('region', { name: /^Requests for / });
  await expect(requests).toContainText('&lt;script&gt;window.__pwned = 1; alert(1)&lt;/script&gt;');
  await expectUnharmed(page, seen, origin);
});

test('counts every case of the corpus by outcome', () => {
  const expected = { invalid: 0, rejected: 0, ok: 0 };
  for (const c of MANIFEST) expected[c.expect] += 1;
  expect(tested).toEqual(expected);
  expect(tested).toEqual({ invalid: 29, rejected: 18, ok: 3 });
});
