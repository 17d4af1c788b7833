/**
 * The workbench: panes resized by keyboard and kept across a reload, reset by one command; share links
 * that open a tab and the editor; the embedded page; a phone walkthrough; axe in every layout.
 */
import { readFileSync } from 'node:fs';
import { axe } from './axe-support';
import type { Page } from '@playwright/test';
// lz-string is CommonJS: Node's loader gives it a default export only.
import lzString from 'lz-string';
import type { ShareState } from '../src/core/sharing/shareLink';
import { expect, open, test } from './fixtures';
import { openEditor, openTab, SAVED_KEY } from './workbench-support';

test.describe.configure({ timeout: 120_000 });

const SEED = readFileSync('fixtures/scenario.json', 'utf8');

const link = (state: Partial<ShareState>) =>
  `./#v1.${lzString.compressToEncodedURIComponent(
    JSON.stringify({
      scenario: SEED,
      step: 0,
      principal: null,
      question: null,
      rulesOff: [],
      lesson: 'seed-alice-bob',
      ...state,
    }),
  )}`;

const current = (page: Page) => page.locator('.current-step[aria-live="polite"]');
const separator = (page: Page) => page.getByRole('separator', { name: 'Resize the timeline and the results' });
const timelineWidth = (page: Page) => page.locator('#pane-timeline').evaluate((el) => el.getBoundingClientRect().width);

test('a pane resized with the keyboard keeps its size across a reload, and Reset layout puts it back', async ({
  page,
  guard: _,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page);
  const before = await timelineWidth(page);
  await separator(page).focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => timelineWidth(page)).toBeGreaterThan(before + 40);
  const resized = await timelineWidth(page);
  await openTab(page, 'Cache');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Cache', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => timelineWidth(page)).toBeCloseTo(resized, 0);
  await page.getByRole('button', { name: 'Help' }).click();
  await page.getByRole('button', { name: 'Reset layout' }).click();
  await expect.poll(() => timelineWidth(page)).toBeCloseTo(before, 0);
  await expect(page.getByRole('tab', { name: 'Lesson', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect.poll(() => timelineWidth(page)).toBeCloseTo(before, 0);
  // The page itself never scrolls at this size.
  expect(await page.evaluate(() => document.scrollingElement!.scrollHeight)).toBe(720);
});

test('switching a rule in the dock leaves both requests and the verdict in view', async ({ page, guard: _ }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await open(page);
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(9).click();
  await openTab(page, 'Break a rule');
  const verdict = page.getByRole('status', { name: 'Checks verdict' });
  await expect(verdict).toContainText('Every check passes');
  await page.getByRole('checkbox', { name: 'A task item stays in its task', exact: true }).uncheck();
  await expect(verdict).toContainText('checks red');
  for (const name of ['Scoped request', 'Naive global list']) {
    await expect(page.getByRole('region', { name, exact: true })).toBeInViewport();
  }
  await expect(verdict).toBeInViewport();
});

test('a share link opens on its step with its tab and the editor open', async ({ page, guard: _ }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(link({ step: 9, view: { tab: 'why', editor: true } }));
  await expect(current(page)).toContainText('Step 9 of');
  await expect(page.getByRole('tab', { name: 'Why', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Scenario editor' })).toBeVisible();
  // The link's view is shown, not saved over the learner's own layout.
  expect(await page.evaluate(() => localStorage.getItem('scope-isolation-playground/layout'))).toBeNull();
  // Share makes such a link from what is on screen.
  await openTab(page, 'Compare');
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('button', { name: 'Share a link' }).click();
  const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  const fresh = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 } });
  const phone = await fresh.newPage();
  await phone.goto(url);
  // On a phone the same link lands on the shared step and tab.
  await expect(phone.getByRole('tab', { name: 'Compare', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(phone.locator('.current-step[aria-live="polite"]')).toContainText('Step 9 of');
  await fresh.close();
});

test('the embedded page shows the lesson without the top bar and writes nothing', async ({ page, guard: _ }) => {
  await open(page);
  await page.evaluate(
    (key) => localStorage.setItem(key, JSON.stringify({ format: 1, text: 'my own work' })),
    SAVED_KEY,
  );
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('button', { name: 'Embed in a page' }).click();
  const snippet = await page.getByRole('textbox', { name: 'Embed snippet' }).inputValue();
  expect(snippet).toMatch(/^<iframe src="http[^"]+\?embed#v1\.[^"]+" title="[^"]+"/);
  const src = /src="([^"]+)"/.exec(snippet)![1]!.replaceAll('&quot;', '"');
  await page.setContent(`<h1>A course page</h1><iframe src="${src}" title="Lesson" width="900" height="640"></iframe>`);
  const frame = page.frameLocator('iframe[title="Lesson"]');
  await expect(frame.getByRole('link', { name: 'Open in the playground' })).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
  await frame.getByRole('button', { name: 'Next' }).click();
  await frame.getByRole('tab', { name: 'Break a rule' }).click();
  await frame.getByRole('checkbox', { name: 'A task item stays in its task', exact: true }).uncheck();
  await expect(frame.getByRole('status', { name: 'Checks verdict' })).toBeVisible();
  // Back on the playground's own origin: the learner's saved work and layout are as they were.
  await open(page);
  expect(await page.evaluate((key) => localStorage.getItem(key), SAVED_KEY)).toContain('my own work');
  expect(await page.evaluate(() => localStorage.getItem('scope-isolation-playground/layout'))).toBeNull();
});

test('on a phone the Alice/Bob lesson walks through with the controls at the bottom', async ({ page, guard: _ }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  const controls = page.getByRole('toolbar', { name: 'Move through the steps' }).filter({ visible: true });
  await expect(controls).toHaveCount(1);
  const box = (await controls.boundingBox())!;
  expect(box.y + box.height).toBeGreaterThan(800);
  await expect(page.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true');
  for (let i = 0; i < 9; i++) await controls.getByRole('button', { name: 'Next' }).click();
  await expect(current(page)).toContainText('Step 9 of');
  await expect(page.getByRole('region', { name: 'Naive global list' })).toContainText('bob');
  await openTab(page, 'Break a rule');
  await page.getByRole('checkbox', { name: 'A task item stays in its task', exact: true }).uncheck();
  await expect(page.getByRole('status', { name: 'Checks verdict' })).toContainText('checks red');
  await openTab(page, 'Steps');
  await expect(page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]')).toContainText('9');
  // Every pane is reachable, and none makes the page wider than the phone.
  for (const name of ['Why', 'Compare', 'Store', 'Checks', 'Cache', 'Database', 'Your model', 'Answers', 'Editor']) {
    await openTab(page, name);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), name).toBeLessThanOrEqual(390);
  }
});

for (const scheme of ['light', 'dark'] as const) {
  for (const [layout, size] of [
    ['desktop', { width: 1280, height: 720 }],
    ['tablet', { width: 900, height: 700 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    test(`axe finds no violations in the ${layout} layout (${scheme})`, async ({ page, guard: _ }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize(size);
      await page.goto(link({ step: 9, rulesOff: ['taskCheck'], view: { tab: 'rules' } }));
      await expect(page.getByRole('status', { name: 'Checks verdict' })).toContainText('checks red');
      if (layout !== 'phone') await openEditor(page);
      expect(await axe(page)).toEqual([]);
    });
  }
}
