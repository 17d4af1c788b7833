/**
 * Issue 15, item 4: a 1 MB unbroken item text wraps and is shown truncated with a way to see it all; the
 * page stays as wide as its viewport and stepping past it has no long task over 200 ms.
 */
import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';
import { enableTestHook, loadThroughStore, SEED } from './hostile-support';
import { openEditor, openTab } from './workbench-support';
import { longTasksSince, now, watchLongTasks } from './long-tasks';

test.describe.configure({ timeout: 120_000 });

const widths = (page: Page) =>
  page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));

test('a 1 MB unbroken item text is truncated with “Show all”, wraps, and stepping stays quick', async ({
  page,
  guard: _,
}) => {
  await enableTestHook(page);
  await watchLongTasks(page);
  await open(page);
  const scenario = JSON.parse(SEED);
  scenario.steps[2].text = 'x'.repeat(1_000_000);
  await loadThroughStore(page, JSON.stringify(scenario, null, 2));
  // Monaco taking in the megabyte is its own long task (see editor-load.spec.ts): let it finish first.
  // The editor is a pane, closed by default.
  await openEditor(page);
  await expect(page.locator('[data-testid="scenario-editor"] .monaco-editor .view-lines')).toBeVisible({
    timeout: 20_000,
  });
  await page.waitForTimeout(1_500);
  await page.evaluate(() => window.scrollTo(0, 0));
  const since = await now(page);
  const next = page.getByRole('button', { name: 'Next', exact: true });
  for (let i = 0; i < 5; i++) await next.click();
  await expect(page.locator('.current-step[aria-live="polite"]')).toContainText('Step 5 of');
  await page.waitForTimeout(1_000);
  expect(await longTasksSince(page, since)).toEqual([]);
  expect((await widths(page)).page).toBe((await widths(page)).viewport);

  // The store is a dock tab.
  await openTab(page, 'Store');
  const store = page.getByRole('region', { name: 'Store after this step' });
  const showAll = store.getByRole('button', { name: 'Show all 1,000,000 characters' });
  await expect(showAll).toBeVisible();
  await showAll.click();
  await expect(showAll).toHaveCount(0);
  const { page: width, viewport } = await widths(page);
  expect(width).toBe(viewport);
});
