/**
 * The vector lesson in the built page: PGlite with pgvector opens the shipped database, the five
 * strategies show side by side, and the learner's query flips from "2 of 10" to "10 of 10" when the
 * iterative scan is switched on, its checks and the return-k task turning green with it.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { freshPage } from './lessons-support';

// PGlite and the 10 MB database take a few seconds on a laptop, longer on two busy cores.
test.describe.configure({ timeout: 180_000 });

test('the iterative scan turns the filtered index query from 2 of 10 into 10 of 10', async ({ browser, baseURL }) => {
  const { page, errors } = await freshPage(browser, baseURL, './#/lesson/vector-filter-after-scan');
  const own = page.getByTestId('own-query');
  await expect(own.getByTestId('returned')).toHaveText('2 of 10', { timeout: 120_000 });
  const strategies = page.getByRole('region', { name: 'Five strategies side by side' });
  await expect(strategies.getByRole('article')).toHaveCount(5);
  await expect(page.getByTestId('strategy-where-over-index').getByTestId('returned')).toHaveText('2 of 10');
  await expect(page.getByTestId('strategy-rls-over-index').getByTestId('returned')).toHaveText('2 of 10');
  await expect(page.getByTestId('strategy-iterative-scan').getByTestId('returned')).toHaveText('10 of 10');
  await expect(page.getByTestId('strategy-exact-scan').getByTestId('returned')).toHaveText('10 of 10');
  // Where the filter sits is a task: the plan shows no marker until it is answered (answer first, then see).
  await expect(page.getByLabel('Plan of strategy 2').locator('mark')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Tasks' }).locator('.tasks-count')).toHaveText('0 of 2 tasks met.');

  await expect(page.getByText('Checks run in the lesson, on its database.')).toBeVisible();

  await page.getByRole('checkbox', { name: 'SET hnsw.iterative_scan = strict_order' }).check();
  await expect(own.getByTestId('returned')).toHaveText('10 of 10', { timeout: 60_000 });
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByText(/Met: Your query returns 10 of 10/)).toBeVisible();
  await expect(page.locator('.vector-checks .failed')).toHaveCount(0);

  await page.getByTestId('strategy-where-over-index').getByRole('button', { name: 'Index Scan' }).click();
  await expect(tasks.getByText(/Met: The filter sits on the index scan/)).toBeVisible();
  await expect(page.getByLabel('Plan of strategy 2').locator('mark')).toContainText("Filter: (owner = 'alice'::text)");
  await expect(tasks.locator('.tasks-count')).toHaveText('Lesson done: all 2 tasks met.');
  const axe = await new AxeBuilder({ page }).include('.vector-lesson').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(errors).toEqual([]);
});
