/**
 * The leak on screen: a first visit lands where the naive list leaks, the rows that show it are whole in
 * view in presentation mode too, and an embedded page opens on the requests with no word about saved work.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
// lz-string is CommonJS: Node's loader gives it a default export only.
import lzString from 'lz-string';
import { expect, open, test } from './fixtures';

const current = (page: Page) => page.locator('.current-step[aria-live="polite"]');
const naiveLeak = (page: Page) => page.locator('.request.naive .request-item.leak');
const scopedRows = (page: Page) =>
  page.getByRole('list', { name: 'Items in the scoped request' }).getByRole('listitem');

function seedLink(step: number, view: { tab: string }) {
  const scenario = readFileSync('fixtures/scenario.json', 'utf8');
  const state = { scenario, step, principal: null, question: null, rulesOff: [], lesson: 'seed-alice-bob', view };
  return `#v1.${lzString.compressToEncodedURIComponent(JSON.stringify(state))}`;
}

test.describe('a first visit', () => {
  test.use({ firstRun: true, viewport: { width: 1280, height: 720 } });

  test('lands on the first step where the naive list leaks, says so, and the tour covers none of it', async ({
    page,
    guard: _,
  }) => {
    await open(page);
    await expect(current(page)).toContainText('Step 7 of 12');
    await expect(page.locator('.landing-headline')).toContainText(
      "The naive list hands bob's planner alice-export-limit, alice's item.",
    );
    await expect(naiveLeak(page)).toBeInViewport({ ratio: 0.99 });
    for (const row of await scopedRows(page).all()) await expect(row).toBeInViewport({ ratio: 0.99 });
    // The tour's first stop stands clear of the rows it is about.
    const dialog = (await page.getByRole('dialog').boundingBox())!;
    for (const row of [naiveLeak(page), ...(await scopedRows(page).all())]) {
      const box = (await row.boundingBox())!;
      const apart =
        box.x >= dialog.x + dialog.width ||
        box.x + box.width <= dialog.x ||
        box.y >= dialog.y + dialog.height ||
        box.y + box.height <= dialog.y;
      expect(apart, 'the tour covers an evidence row').toBe(true);
    }
    await page.getByRole('dialog').getByRole('button', { name: 'Close the tour' }).click();
    // Landing there does the first task for no one: marking the leak is still the learner's to do.
    const task = page.getByRole('region', { name: 'Tasks' }).getByRole('listitem').first();
    await expect(task).toContainText('Not yet.');
    // The headline is the landing's: it goes once the learner moves.
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await expect(current(page)).toContainText('Step 7 of 12');
    await expect(page.locator('.landing-headline')).toHaveCount(0);
  });
});

test.describe('a first visit on a phone', () => {
  test.use({ firstRun: true, viewport: { width: 390, height: 844 } });

  test('opens on the requests at the leak, where the tour starts', async ({ page, guard: _ }) => {
    await open(page);
    await expect(page.getByRole('tab', { name: 'Requests', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(current(page)).toContainText('Step 7 of 12');
    await expect(page.getByRole('dialog')).toContainText('Scoped and naive requests');
    await expect(naiveLeak(page)).toBeVisible();
    // What the naive list is, said beside it on the phone too.
    await expect(page.locator('.request.naive .panel-intro')).toContainText('It never asks whose an item is.');
  });
});

test('a shared link opens a phone on the requests, or on the tab its sharer chose', async ({ page, guard: _ }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const requests = page.getByRole('tab', { name: 'Requests', exact: true });
  // A link names the default tab when its sharer chose none: the phone shows the leak.
  await open(page, `./${seedLink(7, { tab: 'lesson' })}`);
  await expect(current(page)).toContainText('Step 7 of 12');
  await expect(requests).toHaveAttribute('aria-selected', 'true');
  await expect(naiveLeak(page)).toBeVisible();
  await open(page, `./${seedLink(7, { tab: 'why' })}`);
  await expect(page.getByRole('tab', { name: 'Why', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(requests).toHaveAttribute('aria-selected', 'false');
});

test('presentation mode shows the leaked row and every scoped row whole', async ({ page, guard: _ }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page, `./${seedLink(7, { tab: 'lesson' })}`);
  await expect(current(page)).toContainText('Step 7 of 12');
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  await page.getByRole('checkbox', { name: /Presentation mode/ }).check();
  await page.keyboard.press('Escape');
  await expect(page.locator('.wb-presenting')).toHaveCount(1);
  await expect(naiveLeak(page)).toContainText('alice-export-limit');
  await expect(naiveLeak(page)).toBeInViewport({ ratio: 0.99 });
  for (const row of await scopedRows(page).all()) await expect(row).toBeInViewport({ ratio: 0.99 });
});

for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
])
  test(`an embedded page (${size.width} px) opens on the requests, with no banner about saved work`, async ({
    page,
    guard: _,
  }) => {
    await page.setViewportSize(size);
    // No top bar in an embedded page: wait for the step instead of the title.
    await page.goto(`./?embed${seedLink(7, { tab: 'lesson' })}`);
    await expect(current(page)).toContainText('Step 7 of 12');
    await expect(naiveLeak(page)).toBeVisible();
    if (size.width < 768)
      await expect(page.getByRole('tab', { name: 'Requests', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Back to my own work' })).toHaveCount(0);
    await expect(page.getByText('You opened a shared link')).toHaveCount(0);
  });
