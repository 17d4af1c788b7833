/**
 * The database view in the built page: PGlite loads only when opened, from this site only, and its
 * reads agree with the store at every step of the seed and of golden scenarios; the traps show.
 */
import { readFileSync } from 'node:fs';
import { axe } from './axe-support';
import type { Page } from '@playwright/test';
import { expect, open, SHOTS, test } from './fixtures';
import { flipRule } from './why-support';
import { enableTestHook, pasteIntoEditor } from './hostile-support';
import { openTab } from './workbench-support';

// Starting PGlite takes a few seconds on a laptop and up to 15 s on two busy cores.
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 1280, height: 800 }, permissions: ['clipboard-read', 'clipboard-write'] });

const database = (page: Page) => page.getByRole('region', { name: 'The same reads in PostgreSQL' });
const verdict = (page: Page) => page.getByRole('status', { name: 'Database check of this step' });
const steps = (page: Page) => page.getByRole('list', { name: 'Steps' }).getByRole('button');

async function openDatabase(page: Page) {
  const started = Date.now();
  await database(page).getByRole('button', { name: 'Open the database view' }).click();
  await expect(database(page).getByText(/PostgreSQL [\d.]+ \(PGlite\) is running in this page/)).toBeVisible({
    timeout: 60_000,
  });
  return Date.now() - started;
}

/** Look at step `index` and wait for this step's check to finish; returns its text. */
async function checkStep(page: Page, index: number) {
  await steps(page).nth(index).click();
  const at = index === 0 ? 'After the configuration' : `After step ${index}`;
  await expect(verdict(page)).toContainText(at);
  await expect(verdict(page)).not.toContainText('checking…');
  return (await verdict(page).textContent()) ?? '';
}

test('PGlite loads only when the view is opened, and only from this site', async ({ page, guard, baseURL }) => {
  await open(page);
  await openTab(page, 'Database');
  await expect(database(page).getByRole('button', { name: 'Open the database view' })).toBeVisible();
  expect(
    guard.requests.filter((url) => /pglite|initdb|\.wasm|\.data$/.test(url)),
    'PGlite before opening',
  ).toEqual([]);
  const ms = await openDatabase(page);
  const origin = new URL(baseURL!).origin;
  const files = guard.requests.filter((url) => /\.(wasm|data)$/.test(url));
  expect(files.length).toBeGreaterThanOrEqual(2);
  expect(files.every((url) => url.startsWith(`${origin}/`))).toBe(true);
  test.info().annotations.push({ type: 'PGlite ready', description: `${ms} ms after the click` });
});

test("every step of the seed: PostgreSQL returns exactly the store's items", async ({ page, guard: _ }) => {
  await open(page);
  await openTab(page, 'Database');
  await openDatabase(page);
  const count = await steps(page).count();
  expect(count).toBe(13);
  for (let index = 0; index < count; index++) {
    const text = await checkStep(page, index);
    expect(text, `step ${index}`).toContain('✓ Agrees with the store.');
    await expect(database(page).getByText('Disagrees with the store')).toHaveCount(0);
  }
  await database(page).getByRole('button', { name: 'Check every step of this scenario' }).click();
  await expect(database(page).getByText(/All \d+ reads agree with the store/)).toBeVisible();
});

test('the traps: no principal sees only app rows, the superuser would see every row', async ({ page, guard: _ }) => {
  await open(page);
  await openTab(page, 'Database');
  await openDatabase(page);
  expect(await checkStep(page, 7)).toContain('as bob/task-17/planner');
  const view = database(page);
  await expect(
    view.getByRole('table', { name: 'Rows PostgreSQL returned for bob/task-17/planner' }).getByRole('row'),
  ).toHaveCount(5);

  const unset = view.getByRole('region', { name: '1. No principal set: fail closed' });
  await expect(unset).toContainText('✓ Agrees with the store.');
  await expect(unset.getByRole('table', { name: 'Rows with no principal set' }).getByRole('rowheader')).toHaveText([
    'app-policy',
  ]);

  const superuser = view.getByRole('region', { name: '2. A superuser skips the policy' });
  await expect(superuser).toContainText('The superuser would have seen 8 rows, 4 of them not for bob/task-17/planner.');
  await expect(superuser.getByRole('table').getByText('not for bob/task-17/planner')).toHaveCount(4);

  const settings = view.getByRole('region', { name: '3. Read the principal once per query, not once per row' });
  await settings.getByRole('button', { name: 'Show both query plans for this read' }).click();
  await expect(settings.getByText('InitPlan').first()).toBeVisible();
  await expect(settings.locator('pre').nth(1)).toContainText("current_setting('app.user'::text, true)");
  await expect(settings.getByText('The row filter calls current_setting() for no row')).toBeVisible();
  await expect(
    settings.getByText(/The row filter calls current_setting\(\) [1-9] times for each row it checks/),
  ).toBeVisible();

  await view.screenshot({ path: `${SHOTS}/database-traps.png` });
  await view.getByRole('heading', { name: 'The same reads in PostgreSQL' }).scrollIntoViewIfNeeded();
  await page.evaluate(() => document.getElementById('database')!.scrollIntoView({ block: 'start' }));
  await page.screenshot({ path: `${SHOTS}/database-1280x800.png` });
});

test('a rule switched off: the correct policy disagrees, the matching broken one agrees', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await openTab(page, 'Database');
  await openDatabase(page);
  await flipRule(page, 'taskCheck', true);
  const choice = database(page).getByRole('group', { name: /A task item stays in its task.*switched off/ });
  await expect(choice.getByRole('radio', { name: /The correct policy/ })).toBeChecked();
  await database(page).getByRole('button', { name: 'Check every step of this scenario' }).click();
  await expect(database(page).getByText(/\d+ of \d+ reads disagree with the store/)).toBeVisible();
  await database(page).screenshot({ path: `${SHOTS}/database-rule-off.png` });
  await choice.getByRole('radio', { name: /The matching broken policy/ }).check();
  await expect(database(page).getByRole('region', { name: 'The read' })).not.toContainText('task_id = ');
  await database(page).getByRole('button', { name: 'Check every step of this scenario' }).click();
  await expect(database(page).getByText(/All \d+ reads agree with the store/)).toBeVisible();
});

for (const name of ['case-000', 'case-054']) {
  test(`golden ${name} pasted into the editor: every step agrees`, async ({ page, guard: _ }) => {
    await enableTestHook(page); // the paste helper reads the editor's text back from the store
    await open(page);
    await openTab(page, 'Database');
    await pasteIntoEditor(page, readFileSync(`fixtures/golden/${name}.scenario.json`, 'utf8'));
    await expect(page.getByRole('region', { name: 'Scenario editor' }).getByRole('status')).toHaveText(
      'The timeline shows this scenario.',
    );
    await openDatabase(page);
    const count = await steps(page).count();
    for (let index = 0; index < count; index++)
      expect(await checkStep(page, index), `${name} step ${index}`).toContain('✓ Agrees with the store.');
    await database(page).getByRole('button', { name: 'Check every step of this scenario' }).click();
    await expect(database(page).getByText(/All \d+ reads agree with the store/)).toBeVisible({ timeout: 60_000 });
  });
}

test('the view is reachable by keyboard and axe finds no violations in it', async ({ page, guard: _ }) => {
  await open(page);
  await openTab(page, 'Database');
  const button = database(page).getByRole('button', { name: 'Open the database view' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(database(page).getByText(/is running in this page/)).toBeVisible({ timeout: 60_000 });
  await checkStep(page, 9);
  await page.keyboard.press('Tab');
  expect(await axe(page, '#database')).toEqual([]);
});

test('axe finds no violations in the view in the dark theme, nor in a narrow window', async ({ page, guard: _ }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page);
  await openTab(page, 'Database');
  await openDatabase(page);
  await checkStep(page, 7);
  await database(page).getByRole('button', { name: 'Show both query plans for this read' }).click();
  await expect(database(page).getByText('InitPlan').first()).toBeVisible();
  const violations = () => axe(page, '#database');
  expect(await violations(), 'dark').toEqual([]);
  await database(page).screenshot({ path: `${SHOTS}/database-dark.png` });
  await page.setViewportSize({ width: 420, height: 900 });
  // A narrow window is the phone layout: the database view is a pane there, opened by its name. Wait for
  // that layout first: read before it is drawn, the dock's selected tab would make openTab skip the click.
  await expect(page.getByRole('tablist', { name: 'Panes' })).toBeVisible();
  await openTab(page, 'Database');
  // The phone layout mounts the view anew (its state is kept in its store): on a loaded two-core machine
  // that took over the default 5 s twice in full runs, so it gets the time the view's first start gets.
  await expect(database(page)).toBeVisible({ timeout: 20_000 });
  await expect(database(page).getByText('InitPlan').first()).toBeVisible({ timeout: 20_000 });
  expect(await violations(), 'narrow').toEqual([]);
  // Long SQL and plans scroll inside their own boxes; the view itself never runs off the side.
  expect(await database(page).evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});
