/**
 * The "Who is asking" picker offers principals that exist at the step: a user's own tasks, the
 * configured agents; a combination no step has acted as is labelled hypothetical, and the step header
 * says whose requests are shown.
 */
import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';

async function selectStep(page: Page, step: number) {
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(step).click();
  await expect(page.locator('.current-step[aria-live="polite"]').first()).toContainText(`Step ${step} of 12`);
}

const picker = (page: Page, name: 'User' | 'Task' | 'Agent') =>
  page.getByRole('region', { name: 'Who is asking' }).getByRole('combobox', { name });

test('at step 7 another user gets their own task, never bob’s, and the header follows the requests', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await selectStep(page, 7);
  await expect(picker(page, 'User')).toHaveValue('bob');
  await expect(picker(page, 'Task').getByRole('option')).toHaveText(['task-17', 'task-18 (first at step 10)']);
  await picker(page, 'User').selectOption('alice');
  await expect(picker(page, 'Task')).toHaveValue('task-9');
  await expect(picker(page, 'Task').getByRole('option')).toHaveText(['task-9']);
  await expect(page.getByRole('region', { name: 'Requests for alice/task-9/planner' })).toBeVisible();
  await expect(page.locator('.current-step[aria-live="polite"]').first()).toContainText(
    'The requests below: alice/task-9/planner asking right after this step.',
  );
  await expect(page.getByText(/^Hypothetical/)).toHaveCount(0);
});

test('at step 9 a principal no step acts as is labelled hypothetical', async ({ page, guard: _ }) => {
  await open(page);
  await selectStep(page, 9);
  await expect(picker(page, 'User')).toHaveValue('alice');
  await expect(picker(page, 'Agent').getByRole('option')).toHaveText(['planner', 'researcher']);
  await picker(page, 'Agent').selectOption('researcher');
  await expect(page.getByText('Hypothetical: no step up to step 9 acts as alice/task-9/researcher.')).toBeVisible();
  await expect(page.locator('.current-step[aria-live="polite"]').first()).toContainText(
    'alice/task-9/researcher asking right after this step (a hypothetical principal)',
  );
  await picker(page, 'User').selectOption('bob');
  await expect(picker(page, 'Task')).toHaveValue('task-17');
  await expect(page.getByRole('region', { name: 'Requests for bob/task-17/researcher' })).toBeVisible();
});
