/** The first-run tour: once, on the real panes, closed at any stop, never again after a reload; not under #clean. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
// lz-string is CommonJS: Node's loader gives it a default export only.
import lzString from 'lz-string';
import { TOUR_STOPS } from '../src/state/exercises/tourStops';
import { expect, open, test } from './fixtures';

test.use({ firstRun: true });

const tour = (page: Page) => page.getByRole('dialog');

test('appears once on a first visit, takes focus, closes with Escape at a middle stop, and stays closed after a reload', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await expect(tour(page)).toBeVisible();
  await expect(tour(page).getByRole('heading', { name: TOUR_STOPS[0]!.title })).toBeFocused();
  await expect(tour(page)).toContainText(`stop 1 of ${TOUR_STOPS.length}`);
  // Each stop outlines the pane its anchor names; the first is the requests a first visit lands on.
  await expect(page.locator('[data-tour="requests"]')).toHaveAttribute('data-tour-active', '');
  // The tour neither scrolls the page nor lengthens it: the top bar stays in view.
  expect(
    await page.evaluate(() => [window.scrollY, document.scrollingElement!.scrollHeight - window.innerHeight]),
  ).toEqual([0, 0]);
  await page.screenshot({ path: '/work/tools/shots/tour-1-first-stop.png' });
  await tour(page).getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(tour(page).getByRole('heading', { name: TOUR_STOPS[1]!.title })).toBeFocused();
  await expect(page.locator('[data-tour="principal"]')).toHaveAttribute('data-tour-active', '');
  await page.keyboard.press('Escape');
  await expect(tour(page)).toHaveCount(0);
  await expect(page.locator('[data-tour-active]')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Tasks' })).toBeVisible();
  await expect(tour(page)).toHaveCount(0);
});

test('visits every pane, finishes, and replays from help without moving the page', async ({ page, guard: _ }) => {
  await open(page);
  for (const [i, stop] of TOUR_STOPS.entries()) {
    await expect(tour(page).getByRole('heading', { name: stop.title })).toBeVisible();
    // The stop's anchor is a real pane on screen.
    await expect(page.locator(`[data-tour="${stop.anchor}"]`)).toBeVisible();
    if (stop.anchor === 'requests') await page.screenshot({ path: '/work/tools/shots/tour-2-requests.png' });
    await tour(page)
      .getByRole('button', { name: i === TOUR_STOPS.length - 1 ? 'Finish the tour' : 'Next' })
      .click();
  }
  await expect(tour(page)).toHaveCount(0);

  const replay = page.getByRole('button', { name: 'Take the tour' });
  await replay.scrollIntoViewIfNeeded();
  const panes = page.locator('[data-tour="timeline"]');
  const before = await panes.boundingBox();
  const scroll = await page.evaluate(() => window.scrollY);
  await replay.click();
  await expect(tour(page)).toBeVisible();
  // No layout shift: the dialog is out of the flow, so the pane it points at keeps its place in the page.
  const after = await panes.boundingBox();
  const scrolled = (await page.evaluate(() => window.scrollY)) - scroll;
  expect(after!.y + scrolled).toBeCloseTo(before!.y, 0);
  expect(after!.height).toBeCloseTo(before!.height, 0);
  await tour(page).getByRole('button', { name: 'Next' }).click();
  await tour(page).getByRole('button', { name: 'Next' }).click();
  await tour(page).getByRole('button', { name: 'Close the tour' }).click();
  await expect(tour(page)).toHaveCount(0);
  // Focus goes back to where the learner was.
  await expect(replay).toBeFocused();
});

test('is not shown under #clean or in an embedded page, and focus stays where it was', async ({ page, guard: _ }) => {
  await page.goto('./#clean');
  await expect(page.getByRole('region', { name: 'Tasks' })).toBeVisible();
  await expect(tour(page)).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.goto('./?embed');
  await expect(page.getByRole('region', { name: 'Tasks' })).toBeVisible();
  await expect(tour(page)).toHaveCount(0);
  // Neither wrote the tour's key: a plain visit still gets its first run.
  await page.goto('./');
  await expect(tour(page)).toBeVisible();
});

test('does not start over a share link, whose tab stays, and still comes on the next plain visit', async ({
  page,
  guard: _,
}) => {
  const scenario = readFileSync('fixtures/scenario.json', 'utf8');
  const state = { scenario, step: 9, principal: null, question: null, rulesOff: [], lesson: 'seed-alice-bob' };
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(
    `./#v1.${lzString.compressToEncodedURIComponent(JSON.stringify({ ...state, view: { tab: 'compare' } }))}`,
  );
  await expect(page.locator('.current-step[aria-live="polite"]')).toContainText('Step 9 of');
  await expect(page.getByRole('tab', { name: 'Compare', exact: true })).toHaveAttribute('aria-selected', 'true');
  // Long enough for the tour's chunk to have loaded had it started.
  await page.waitForTimeout(1500);
  await expect(tour(page)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Compare', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.goto('./');
  await expect(tour(page)).toBeVisible();
  // On the phone too it stands beside its stop's pane, below the page's title, not over it.
  const dialog = await tour(page).boundingBox();
  const title = await page.getByRole('heading', { name: 'Scope isolation playground' }).boundingBox();
  const anchor = await page.locator('[data-tour="requests"]').boundingBox();
  expect(dialog!.y).toBeGreaterThanOrEqual(title!.y + title!.height);
  expect(dialog!.y).toBeGreaterThanOrEqual(anchor!.y);
});
