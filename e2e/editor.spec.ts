import type { Page } from '@playwright/test';
import { expect, monacoReady, open, SHOTS, test } from './fixtures';
import { openTab } from './workbench-support';

const host = '[data-testid="scenario-editor"]';

/** As a person does in a long file: Ctrl+F, type, Enter, Escape. The match is left selected. */
async function findInEditor(page: Page, text: string) {
  await page.locator(`${host} .view-lines`).click();
  await page.keyboard.press('Control+F');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await expect(page.locator(`${host} .find-widget .matchesCount`)).not.toHaveText(/No results/);
  await page.keyboard.press('Escape');
}

test.describe('editing the scenario in Monaco', () => {
  test('typing a change and running it changes the timeline; the edit survives a reload', async ({
    page,
    guard: _,
  }) => {
    await open(page);
    await monacoReady(page);
    await findInEditor(page, 'short answers');
    await page.keyboard.type('detailed answers');
    const status = page.getByRole('region', { name: 'Scenario editor' }).getByRole('status');
    await expect(status).toHaveText('Edited: run it to replay the scenario.');
    await page.keyboard.press('Control+Enter');
    await expect(status).toHaveText('The timeline shows this scenario.');
    await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(3).click();
    await openTab(page, 'Store');
    await expect(page.getByRole('region', { name: 'Store after this step' })).toContainText(
      'Bob prefers detailed answers.',
    );

    await page.reload();
    await monacoReady(page);
    await findInEditor(page, 'Bob prefers detailed answers.');
    await expect(page.locator(`${host} .view-lines`)).toContainText('Bob prefers detailed answers.');
    await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(3).click();
    await openTab(page, 'Store');
    await expect(page.getByRole('region', { name: 'Store after this step' })).toContainText(
      'Bob prefers detailed answers.',
    );

    await page.getByRole('button', { name: 'Reset to the seed scenario' }).click();
    await openTab(page, 'Store');
    await expect(page.getByRole('region', { name: 'Store after this step' })).toContainText(
      'Bob prefers short answers.',
    );
    await page.reload();
    await expect(page.getByRole('list', { name: 'Steps' })).toBeVisible();
    await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(3).click();
    await openTab(page, 'Store');
    await expect(page.getByRole('region', { name: 'Store after this step' })).toContainText(
      'Bob prefers short answers.',
    );
  });

  test('broken JSON is marked at its line and column, listed, and the last good timeline stays', async ({
    page,
    guard: _,
  }) => {
    await open(page);
    await monacoReady(page);
    await findInEditor(page, '"close_task",');
    await page.keyboard.press('End');
    await page.keyboard.type(',');
    await page.getByRole('button', { name: 'Run' }).click();
    const problems = page.getByRole('region', { name: /^Problems \(\d+\)$/ });
    await expect(problems.getByRole('listitem').first()).toContainText(
      'Line 141, column 26 (syntax): JSON syntax: expected a property name in double quotes',
    );
    await expect(page.getByRole('region', { name: 'Scenario editor' }).getByRole('status')).toContainText(
      'still shows the last good run',
    );
    await expect(page.locator(`${host} .squiggly-error`).first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button')).toHaveCount(13);
    await page
      .getByRole('region', { name: 'Scenario editor' })
      .screenshot({ path: `${SHOTS}/wide-6-editor-problem.png` });

    // The problem's link puts the cursor there.
    await page.locator('#timeline').click();
    await problems.getByRole('button', { name: 'Line 141, column 26' }).click();
    // Monaco takes keyboard input through EditContext in Chromium, so ask where focus is rather than which element.
    await expect
      .poll(() => page.evaluate((selector) => document.activeElement?.closest(selector) !== null, host))
      .toBe(true);
    await expect(page.locator(`${host} .current-line`).first()).toBeVisible();

    // The broken edit is kept too, and comes back with its problems.
    await page.reload();
    await monacoReady(page);
    await expect(
      page
        .getByRole('region', { name: /^Problems \(\d+\)$/ })
        .getByRole('listitem')
        .first(),
    ).toContainText('Line 141, column 26');
  });

  test('the schema gives completion and inline diagnostics before anything is run', async ({ page, guard: _ }) => {
    await open(page);
    await monacoReady(page);
    await findInEditor(page, 'close_task');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+Space');
    // Only close_task fits an object with "user" and "task": the schema, not the words in the file, decides.
    await expect(page.locator(`${host} .suggest-widget`)).toContainText('"close_task"', { timeout: 10_000 });
    await page.keyboard.press('Escape');
    await page.keyboard.type('dance');
    await expect(page.locator(`${host} .squiggly-error`).first()).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('region', { name: 'Problems (0)' })).toBeVisible();
  });
});
