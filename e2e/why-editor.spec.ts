/**
 * Assertions in the editor: a scenario's `expect` fields are offered by completion, checked live, and a
 * failed check is marked in Monaco as a warning at its place, one click from the checks panel.
 */
import { readFileSync } from 'node:fs';
import { expect, monacoReady, open, test } from './fixtures';
import { checkItem, whyPanelsReady, flipRule } from './why-support';
import { openTab } from './workbench-support';

const host = '[data-testid="scenario-editor"]';
/** The line of step 7's question in the seed scenario as the editor shows it. */
const FIRST_QUERY_LINE =
  readFileSync('fixtures/scenario.json', 'utf8')
    .split('\n')
    .findIndex((line) => line.includes('"current"')) + 1;

test('completion offers the expect fields, and a failed expectation is checked live and marked', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await monacoReady(page);
  await whyPanelsReady(page);
  // Put the cursor after the first query's question (step 7, bob's planner), as a person does: find it, leave the find widget.
  await page.locator(`${host} .view-lines`).click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Control+F');
  await page.keyboard.type('"current": "What is the plan for the export job?"');
  // The find widget selects the first match after the cursor once its search has run; on a busy machine that
  // can come after the last key, so wait for it (and for the cursor on that line) before leaving the widget.
  await expect(page.locator(`${host} .find-widget .matchesCount`)).toHaveText(/^1 of \d+$/);
  await page.keyboard.press('Escape');
  await expect(page.locator(`${host} .line-numbers.active-line-number`)).toHaveText(String(FIRST_QUERY_LINE));
  await page.keyboard.press('End');
  await page.keyboard.type(', "expect": {');
  // Typing may already have opened suggestions; close them and ask for completion inside the new object.
  // On a busy machine the JSON worker may answer for the text before the last keys (only "New object"):
  // ask again, as a person would, until the schema's fields are offered.
  const suggest = page.locator(`${host} .suggest-widget`);
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+Space');
    await expect(suggest).toContainText('visible', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  for (const field of ['visible', 'includes', 'excludes', 'naive_leaks', 'rejected', 'accepted']) {
    await expect(suggest).toContainText(field, { timeout: 10_000 });
  }
  await page.keyboard.press('Escape');
  // Monaco closed the brace as it was typed, and closes each quote and bracket too; the cursor is inside the braces.
  await page.keyboard.type('"includes": ["alice-contact');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('region', { name: 'Scenario editor' }).getByRole('status')).toHaveText(
    'The timeline shows this scenario.',
  );
  await openTab(page, 'Checks');
  const failed = checkItem(page, 'Step 7 query: includes');
  await expect(failed).toContainText('failed');
  await expect(failed).toContainText('step 7: the request lacks alice-contact');
  await expect(page.locator(`${host} .squiggly-warning`).first()).toBeVisible();
});

test("a switched-off rule's failures are marked in the editor, and a failure's link puts the cursor there", async ({
  page,
  guard: _,
}) => {
  await open(page);
  await monacoReady(page);
  await whyPanelsReady(page);
  await expect(page.locator(`${host} .squiggly-warning`)).toHaveCount(0);
  await flipRule(page, 'taskCheck', true);
  await openTab(page, 'Checks');
  const failure = checkItem(page, 'A task sees only its own task items')
    .getByRole('button', { name: /^line \d+ in the editor$/ })
    .first();
  const line = Number((await failure.textContent())!.match(/\d+/)![0]);
  await failure.click();
  await expect
    .poll(() => page.evaluate((selector) => document.activeElement?.closest(selector) !== null, host))
    .toBe(true);
  await expect(page.locator(`${host} .line-numbers.active-line-number`)).toHaveText(String(line));
  await expect(page.locator(`${host} .squiggly-warning`).first()).toBeVisible();
  // The marker's message is the check's title, step and reason: Monaco's "show hover" at the cursor shows it.
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+I');
  await expect(
    page.locator('.monaco-hover').filter({ hasText: 'bob-export-plan is a task-17 item' }).first(),
  ).toBeVisible({ timeout: 10_000 });
  await flipRule(page, 'taskCheck', false);
  await expect(page.locator(`${host} .squiggly-warning`)).toHaveCount(0);
});
