/**
 * A 20,000-step scenario (bench/scenario.ts, 24,000 items) in the built page: it replays, the long
 * lists draw only a window of rows yet tell assistive technology their whole length, and the keyboard
 * still reaches the last step. How fast is measured by npm run bench:browser, not asserted here.
 */
import { expect, test } from '@playwright/test';
import { generateScenario } from '../bench/scenario';
import { enableTestHook, expectUnharmed, loadThroughStore, watch } from './hostile-support';
import { openTab } from './workbench-support';

test.describe.configure({ timeout: 180_000 });

test('a 20,000-step scenario replays, and its long lists are windowed but complete for screen readers', async ({
  page,
  baseURL,
}) => {
  const text = JSON.stringify(generateScenario({ users: 2400, itemsPerUser: 10, queries: 680 }));
  await enableTestHook(page);
  const seen = watch(page);
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
  await loadThroughStore(page, text);

  const steps = page.getByRole('list', { name: 'Steps' });
  await expect(steps.locator('li').first()).toHaveAttribute('aria-setsize', '20001', { timeout: 60_000 });
  expect(await steps.locator('li').count()).toBeLessThan(60);

  // The keyboard still walks the whole list: End reaches the last step, and focus follows it.
  await steps.locator('[aria-current="step"]').focus();
  await page.keyboard.press('End');
  const current = steps.locator('[aria-current="step"]');
  await expect(current).toBeFocused();
  await expect(current.locator('xpath=..')).toHaveAttribute('aria-posinset', '20001');
  await expect(page.locator('.current-step[aria-live="polite"]')).toContainText('Step 20000 of 20000');
  await page.keyboard.press('ArrowUp');
  await expect(steps.locator('[aria-current="step"]')).toBeFocused();
  await expect(page.locator('.current-step[aria-live="polite"]')).toContainText('Step 19999 of 20000');

  // The store after the last steps holds over 10,000 items, drawn a window at a time (the Store tab).
  await openTab(page, 'Store');
  const store = page.getByRole('list', { name: 'Groups and items in the store' });
  const size = Number(await store.locator('li').first().getAttribute('aria-setsize'));
  expect(size).toBeGreaterThan(10_000);
  expect(await store.locator('li').count()).toBeLessThan(60);
  // Only a screenful of rows comes with each step; scrolled to the end, the last rows come from the engine.
  await store.locator('xpath=..').evaluate((scroller) => (scroller.scrollTop = scroller.scrollHeight));
  const last = store.locator(`li[aria-posinset="${size}"]`);
  await expect(last.locator('.item-id')).toBeVisible();
  await expect(store.locator('li.arriving')).toHaveCount(0);
  await openTab(page, 'Why');
  const leftOut = page.getByRole('list', { name: 'Items left out of the scoped request' });
  expect(Number(await leftOut.locator('li').first().getAttribute('aria-setsize'))).toBeGreaterThan(10_000);

  // Thousands of users: the principal is typed with suggestions, not picked from a select of thousands.
  const user = page.getByRole('combobox', { name: 'User' });
  await user.fill('user-00042');
  await expect(page.getByRole('region', { name: /^Requests for user-00042\// })).toBeVisible();
  expect(await page.locator('#root *').count()).toBeLessThan(10_000);
  await expectUnharmed(page, seen, new URL(baseURL!).origin);
});
