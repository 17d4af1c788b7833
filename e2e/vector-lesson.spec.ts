/**
 * The vector lesson in the built page's workbench: PGlite with pgvector opens the shipped database in
 * the engine's worker, the five strategies show side by side, and the learner's query flips from "2 of 10" to "10 of 10" when the
 * iterative scan is switched on, its checks and the return-k task turning green with it.
 */
import { axe } from './axe-support';
import { expect, test } from './fixtures';
import { freshPage } from './lessons-support';
import { openTab } from './workbench-support';

// PGlite and the 10 MB database take a few seconds on a laptop, longer on two busy cores.
test.describe.configure({ timeout: 180_000 });

test('the iterative scan turns the filtered index query from 2 of 10 into 10 of 10', async ({ browser, baseURL }) => {
  const { page, errors } = await freshPage(browser, baseURL, './#/lesson/vector-filter-after-scan');
  // The lesson sits in the workbench like every other: its top bar, its Share, its editor.
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
  const own = page.getByTestId('own-query');
  await expect(own.getByTestId('returned')).toHaveText('2 of 10', { timeout: 120_000 });
  await openTab(page, 'Lesson');
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.locator('.tasks-count')).toHaveText('0 of 2 tasks met.');
  await expect(page.getByRole('status', { name: 'Checks verdict' })).toContainText('1 of 3 checks red for your query');

  await openTab(page, 'Strategies');
  const strategies = page.getByRole('region', { name: 'Five strategies side by side' });
  await expect(strategies.getByRole('article')).toHaveCount(5);
  await expect(page.getByTestId('strategy-where-over-index').getByTestId('returned')).toHaveText('2 of 10');
  await expect(page.getByTestId('strategy-rls-over-index').getByTestId('returned')).toHaveText('2 of 10');
  await expect(page.getByTestId('strategy-iterative-scan').getByTestId('returned')).toHaveText('10 of 10');
  await expect(page.getByTestId('strategy-exact-scan').getByTestId('returned')).toHaveText('10 of 10');
  // Where the filter sits is a task: the plan shows no marker until it is answered (answer first, then see).
  await expect(page.getByLabel('Plan of strategy 2').locator('mark')).toHaveCount(0);

  await page.getByRole('checkbox', { name: 'SET hnsw.iterative_scan = strict_order' }).check();
  await expect(own.getByTestId('returned')).toHaveText('10 of 10', { timeout: 60_000 });
  await expect(page.getByRole('status', { name: 'Checks verdict' })).toContainText(
    'Every check passes for your query (3).',
  );

  await page.getByTestId('strategy-where-over-index').getByRole('button', { name: 'Index Scan' }).click();
  await expect(page.getByLabel('Plan of strategy 2').locator('mark')).toContainText("Filter: (owner = 'alice'::text)");
  await openTab(page, 'Lesson');
  await expect(tasks.getByText(/Met: Your query returns 10 of 10/)).toBeVisible();
  await expect(tasks.getByText(/Met: The filter sits on the index scan/)).toBeVisible();
  await expect(tasks.locator('.tasks-count')).toHaveText('Lesson done: all 2 tasks met.');
  expect(await axe(page)).toEqual([]);
  expect(errors).toEqual([]);
});
