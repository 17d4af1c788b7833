/** Two principals at once: Bob's and Alice's scoped requests side by side, what differs marked. */
import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';
import { openTab } from './workbench-support';

const compare = (page: Page) => page.getByRole('region', { name: 'Compare two principals' });
const side = (page: Page, who: string) =>
  compare(page)
    .getByRole('list', { name: `Items in ${who}'s request` })
    .getByRole('listitem');

test('compares Alice and Bob asking the same question at the same step, and marks what only one receives', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await openTab(page, 'Compare');
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(9).click();
  await compare(page).getByRole('button', { name: 'Compare with another principal' }).click();
  await expect(compare(page)).toContainText('Both ask “What is the plan for the export job?” at this step.');
  await expect(side(page, 'alice/task-9/planner').locator('code')).toHaveText([
    'app-policy',
    'alice-contact',
    'alice-export-limit',
  ]);
  await expect(side(page, 'bob/task-17/planner').locator('code')).toHaveText([
    'app-policy',
    'bob-style',
    'bob-export-plan',
    'planner-scratch',
  ]);
  await expect(side(page, 'alice/task-9/planner').filter({ hasText: 'only here' }).locator('code')).toHaveText([
    'alice-contact',
    'alice-export-limit',
  ]);
  await expect(side(page, 'bob/task-17/planner').filter({ hasText: '= also in' }).locator('code')).toHaveText([
    'app-policy',
  ]);
  await expect(compare(page).getByRole('status')).toContainText('5 items differ');

  // The same principal in another task: the task boundary, side by side.
  await compare(page).getByRole('combobox', { name: 'Compared user' }).selectOption('bob');
  await compare(page).getByRole('combobox', { name: 'Compared task' }).selectOption('task-18');
  await expect(side(page, 'bob/task-18/planner').locator('code')).toHaveText(['app-policy', 'bob-style']);

  // The comparison follows the steps.
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(12).click();
  await expect(side(page, 'bob/task-17/planner').locator('code')).toHaveText(['app-policy', 'bob-style']);
  await expect(compare(page).getByRole('status')).toHaveText('The two requests hold exactly the same items.');
  await compare(page).getByRole('button', { name: 'Stop comparing' }).click();
  await expect(compare(page).getByRole('button', { name: 'Compare with another principal' })).toBeVisible();
});
