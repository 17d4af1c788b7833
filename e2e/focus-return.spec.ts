/**
 * Where focus goes when a dialog or popover closes, as a keyboard user meets it: back to where they were,
 * or to the start of the page, so the next Tab reaches "Skip to the steps" and never a corner note.
 */
import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';

const tour = (page: Page) => page.getByRole('dialog');
const skipLink = (page: Page) => page.getByRole('link', { name: 'Skip to the steps' });

test.describe('on a first visit, closing the tour', () => {
  // The service worker on, as in a learner's browser: its note ("Dismiss") sits after the tour in the page.
  test.use({ firstRun: true, serviceWorkers: 'allow' });
  test.describe.configure({ timeout: 120_000 });

  /** The first visit, once the offline note is up beside the tour. */
  const firstVisit = async (page: Page) => {
    await open(page);
    await expect(page.getByRole('button', { name: 'Dismiss' })).toBeVisible({ timeout: 90_000 });
    await tour(page).getByRole('heading').first().focus();
  };

  test('by Escape: the next Tab reaches "Skip to the steps"', async ({ page, guard: _ }) => {
    await firstVisit(page);
    await page.keyboard.press('Escape');
    await expect(tour(page)).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(skipLink(page)).toBeFocused();
  });

  test('by its button: the next Tab reaches "Skip to the steps"', async ({ page, guard: _ }) => {
    await firstVisit(page);
    await tour(page).getByRole('button', { name: 'Close the tour' }).press('Enter');
    await expect(tour(page)).toHaveCount(0);
    await page.keyboard.press('Tab');
    await expect(skipLink(page)).toBeFocused();
  });
});

for (const name of ['Share', 'Help']) {
  test(`closing ${name} by Escape gives focus back to its button`, async ({ page, guard: _ }) => {
    await open(page);
    const button = page.getByRole('button', { name, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name, exact: true })).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('group', { name, exact: true })).toBeHidden();
    await expect(button).toBeFocused();
  });
}

test('closing the lessons menu keeps focus on its button', async ({ page, guard: _ }) => {
  await open(page);
  const button = page.getByRole('button', { name: /^All lessons/ });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('#lesson-gallery')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('#lesson-gallery')).toHaveCount(0);
  await expect(button).toBeFocused();
});
