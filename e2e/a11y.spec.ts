import { axe } from './axe-support';
import { expect, monacoReady, open, test } from './fixtures';
import { openTab } from './workbench-support';

// One axe pass over this page takes about 10 s on two cores.
test.describe.configure({ timeout: 180_000 });

test('axe finds no violations on any view (light)', async ({ page, guard: _ }) => {
  await open(page);
  await monacoReady(page);
  expect(await axe(page), 'start').toEqual([]);
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(11).click();
  await page.getByRole('combobox', { name: 'Agent' }).selectOption('researcher');
  expect(await axe(page), 'close step, what-if principal').toEqual([]);
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(9).click();
  await openTab(page, 'Answers');
  await page
    .getByRole('region', { name: 'Recorded model answers' })
    .getByRole('combobox', { name: 'Verdict' })
    .selectOption('fail');
  await page.locator('[data-testid="scenario-editor"] .view-lines').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('x');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('region', { name: /^Problems \([1-9]/ })).toBeVisible();
  expect(await axe(page), 'query step, answers filtered, problems listed').toEqual([]);
});

test('axe finds no violations in the dark theme', async ({ page, guard: _ }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page);
  await monacoReady(page);
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(9).click();
  expect(await axe(page)).toEqual([]);
});

test('axe finds no violations in a narrow window', async ({ page, guard: _ }) => {
  await page.setViewportSize({ width: 420, height: 900 });
  await open(page);
  await monacoReady(page);
  // A narrow window shows the panes as tabs: the steps are one of them.
  await openTab(page, 'Steps');
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(12).click();
  expect(await axe(page)).toEqual([]);
});
