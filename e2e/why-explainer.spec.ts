/** Why is each item here, or not: the explainer's reasons in the browser, and its links to the steps. */
import type { Page } from '@playwright/test';
import { expect, open, test } from './fixtures';
import { flipRule } from './why-support';
import { openTab } from './workbench-support';

// About what the page shows, not the tasks: every task given up, nothing is withheld.
test.use({ revealed: true });

const steps = (page: Page) => page.getByRole('list', { name: 'Steps' }).getByRole('button');
const explainer = (page: Page) => page.getByRole('region', { name: 'Why is each item in or out?' });
/** The explainer's row for item `id` in one group ("In the request", "Left out", "Deleted"). */
const row = (page: Page, group: string, id: string) =>
  explainer(page)
    .getByRole('list', { name: group })
    .getByRole('listitem')
    .filter({ has: page.locator('code', { hasText: new RegExp(`^${id}$`) }) });

/** The seed at step `index` (the timeline's 0-based button), the Why tab open. */
async function openWhyAt(page: Page, index: number) {
  await open(page);
  await openTab(page, 'Why');
  await steps(page).nth(index).click();
}

test.describe('the explainer', () => {
  test('gives bob in task-18 the reason for every item: his own user item in, his task-17 items out', async ({
    page,
    guard: _,
  }) => {
    await openWhyAt(page, 10);
    await expect(explainer(page)).toContainText('for bob/task-18/planner after step 10');
    await expect(row(page, 'In the request', 'app-policy')).toContainText('app item: every principal reads it');
    await expect(row(page, 'In the request', 'bob-style')).toContainText("bob's user item: bob reads it in every task");
    await expect(row(page, 'Left out', 'alice-contact')).toContainText('belongs to alice, you are bob');
    await expect(row(page, 'Left out', 'bob-export-plan')).toContainText("bob's task-17 item, you are in task-18");
    // The scoped request above holds exactly the items the explainer puts in.
    await expect(page.getByRole('list', { name: 'Items in the scoped request' }).locator('code')).toHaveText([
      'app-policy',
      'bob-style',
    ]);
  });

  test("gives the researcher its handoff, and says why the planner's scratch and the user items stay out", async ({
    page,
    guard: _,
  }) => {
    await openWhyAt(page, 8);
    await expect(explainer(page)).toContainText('for bob/task-17/researcher after step 8');
    await expect(row(page, 'In the request', 'handoff-1-item-1')).toContainText(
      "copied to you by the planner's handoff 1",
    );
    await expect(row(page, 'Left out', 'planner-scratch')).toContainText(
      "the planner's scratch, you are the researcher",
    );
    await expect(row(page, 'Left out', 'bob-style')).toContainText(
      'a user item, and the researcher does not read the user scope',
    );
  });

  test('lists deleted items with the step that deleted them, and each item links to its step', async ({
    page,
    guard: _,
  }) => {
    await openWhyAt(page, 12);
    const deleted = row(page, 'Deleted', 'bob-export-plan');
    await expect(deleted).toContainText('deleted when bob closed task-17 at step 11');
    await deleted.getByRole('button', { name: 'step 11' }).click();
    await expect(page.locator('#timeline [aria-current="step"]')).toContainText('bob closes task-17');
    await row(page, 'Deleted', 'handoff-1-brief').getByRole('button', { name: 'step 6' }).click();
    await expect(page.locator('#timeline [aria-current="step"]')).toContainText(
      'hands bob-export-plan to the researcher',
    );
    await row(page, 'In the request', 'app-policy').getByRole('button', { name: 'configuration' }).click();
    await expect(page.locator('.current-step')).toContainText('Configuration');
  });

  test('follows a what-if principal chosen in "Who is asking"', async ({ page, guard: _ }) => {
    await openWhyAt(page, 6);
    await page.getByRole('combobox', { name: 'Agent' }).selectOption('researcher');
    await expect(explainer(page)).toContainText('for bob/task-17/researcher after step 6');
    await expect(row(page, 'In the request', 'handoff-1-brief')).toContainText(
      "copied to you by the planner's handoff 1",
    );
  });
});

test('with the task check switched off, the request and the explainer say why a task-17 item reaches task-18', async ({
  page,
  guard: _,
}) => {
  await openWhyAt(page, 10);
  await flipRule(page, 'taskCheck', true);
  await expect(page.getByRole('region', { name: 'Scoped request' })).toContainText(
    'Not isolated: 2 items in this request should not reach bob’s planner in task-18.',
  );
  await expect(row(page, 'In the request', 'bob-export-plan')).toContainText(
    "in only because “A task item stays in its task” is switched off: otherwise bob's task-17 item, you are in task-18",
  );
  await page
    .getByRole('region', { name: 'Rules switched off' })
    .getByRole('button', { name: 'Restore all rules' })
    .click();
  await expect(row(page, 'Left out', 'bob-export-plan')).toContainText("bob's task-17 item, you are in task-18");
});
