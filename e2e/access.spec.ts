/**
 * The access picture in the browser: at the seed's step 9 the matrix names every principal by every item;
 * switching a rule off marks the cells it flips, a cell opens the explainer on its principal and item, and
 * axe finds nothing to fix in the light or the dark theme, on the matrix or on the regions.
 */
import { axe } from './axe-support';
import type { Page } from '@playwright/test';
import { expect, open, SHOTS, test } from './fixtures';
import { flipRule } from './why-support';
import { openTab } from './workbench-support';
import { enableTestHook } from './hostile-support';

// Explores the access picture freely: the lesson's tasks are given up, so the explainer shows its reasons.
test.use({ revealed: true });

test.describe.configure({ timeout: 120_000 });

const panel = (page: Page) => page.getByRole('region', { name: 'Who can read what' });
const table = (page: Page) => panel(page).getByRole('table', { name: /^Who can read what after step 9/ });

async function openAtStep9(page: Page) {
  await open(page);
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(9).click();
  await openTab(page, 'Access');
  await panel(page).scrollIntoViewIfNeeded();
  await expect(table(page)).toBeVisible({ timeout: 20_000 });
}

test('the matrix at step 9 marks the cells a switched-off rule flips, and a cell opens the explainer', async ({
  page,
  guard: _,
}) => {
  await openAtStep9(page);
  await expect(table(page).getByRole('rowheader')).toHaveText([
    '▸ alice/task-9/planner (asking)',
    'bob/task-17/planner',
    'bob/task-17/researcher',
    'bob/task-18/planner',
  ]);
  // 8 items and the row headers' column; the columns drawn are those in view (a window).
  await expect(table(page)).toHaveAttribute('aria-colcount', '9');
  await expect(table(page)).toHaveAttribute('aria-rowcount', String(2 + 4));
  await expect(table(page).locator('thead tr').first().getByRole('columnheader')).toHaveText([
    'Principal \\ item',
    /app \(1\)/,
    /user \(2\)/,
    /task \(2\)/,
    /agent \(3\)/,
  ]);
  await expect(panel(page).getByRole('status')).toHaveText(/Every rule is on/);
  await expect(table(page).getByRole('button', { name: /^in, flipped/ })).toHaveCount(0);

  // Switch the rule in its tab; flipRule comes back to the Access tab, as a learner would.
  await flipRule(page, 'taskCheck', true);
  await panel(page).scrollIntoViewIfNeeded();
  await expect(panel(page).getByRole('status')).toHaveText(
    /“A task item stays in its task” switched off: 2 cells flip/,
  );
  const flipped = table(page).getByRole('button', { name: /^in, flipped/ });
  await expect(flipped).toHaveCount(2);
  await expect(flipped.first()).toHaveAccessibleName(/^in, flipped: bob\/task-18\/planner and bob-export-plan/);
  await expect(flipped.first()).toContainText('⚑ flipped');
  await panel(page).screenshot({ path: `${SHOTS}/access-matrix-rule-off.png` });

  await flipped.first().click();
  // The cell opens the Why tab on its principal and item.
  await expect(page.getByRole('tab', { name: 'Why', exact: true })).toHaveAttribute('aria-selected', 'true');
  const why = page.getByRole('region', { name: 'Why is each item in or out?' });
  await expect(why).toBeVisible();
  await expect(why).toContainText('for bob/task-18/planner after step 9');
  const asked = why.locator('[data-asked-item]');
  await expect(asked).toContainText('bob-export-plan');
  await expect(asked).toBeFocused();
  await expect(asked.locator('xpath=ancestor::li[1]')).toContainText('A task item stays in its task');
});

test('a learner reaches and moves through the matrix with the keyboard alone', async ({ page, guard: _ }) => {
  await openAtStep9(page);
  const first = table(page).getByRole('button', { name: /^in: alice\/task-9\/planner and app-policy/ });
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await expect(table(page).getByRole('button', { name: /^in: bob\/task-17\/planner and app-policy/ })).toBeFocused();
  await page.keyboard.press('End');
  await expect(
    table(page).getByRole('button', { name: /^out: bob\/task-17\/planner and handoff-1-item-1/ }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Why', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('region', { name: 'Why is each item in or out?' }).locator('[data-asked-item]'),
  ).toBeFocused();
});

test('off screen the picture keeps the step it drew, and catches up when it comes into view', async ({
  page,
  guard: _,
}) => {
  await openAtStep9(page);
  // In the workbench the picture is off screen when another tab is open.
  await openTab(page, 'Store');
  await expect(panel(page)).not.toBeInViewport();
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(10).click();
  await expect(page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]')).toContainText('10');
  // The hidden tab's table is out of the accessibility tree: find it with hidden elements included.
  const kept = page
    .getByRole('region', { name: 'Who can read what', includeHidden: true })
    .getByRole('table', { name: /^Who can read what after step 9/, includeHidden: true });
  await expect(kept).toBeAttached();
  await openTab(page, 'Access');
  await panel(page).scrollIntoViewIfNeeded();
  await expect(panel(page).getByRole('table', { name: /^Who can read what after step 10/ })).toBeVisible();
});

test('the picture is drawn by the engine again after it crashed', async ({ page, guard }) => {
  await enableTestHook(page);
  await openAtStep9(page);
  await page.evaluate(() => (window as unknown as { __playgroundCrash(): void }).__playgroundCrash());
  await expect(page.getByRole('status').filter({ hasText: 'restarted with your last good scenario' })).toBeVisible();
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(10).click();
  await openTab(page, 'Access');
  await panel(page).scrollIntoViewIfNeeded();
  const after = panel(page).getByRole('table', { name: /^Who can read what after step 10/ });
  await expect(after.getByRole('button', { name: /^out: alice\/task-9\/planner and bob-export-plan/ })).toBeVisible();
  await expect(after.getByRole('button', { name: 'loading this cell' })).toHaveCount(0);
  // The crash's own warning is the page's; nothing else went wrong.
  expect(guard.errors).toEqual([]);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no violations in the access picture (${scheme})`, async ({ page, guard: _ }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await openAtStep9(page);
    await flipRule(page, 'taskCheck', true);
    await panel(page).scrollIntoViewIfNeeded();
    await expect(table(page).getByRole('button', { name: /^in, flipped/ })).toHaveCount(2);
    expect(await axe(page, '#access'), 'matrix').toEqual([]);
    await panel(page).getByRole('button', { name: 'Scopes as regions' }).click();
    await expect(panel(page).getByRole('img', { name: /nested regions/ })).toBeVisible();
    expect(await axe(page, '#access'), 'regions').toEqual([]);
    await panel(page).screenshot({ path: `${SHOTS}/access-regions-${scheme}.png` });
  });
}
