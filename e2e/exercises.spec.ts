/**
 * The Alice/Bob lesson's tasks in the browser, by keyboard alone: select the leaking step, switch off the
 * task rule, add an assertion and a third user in the editor, with a hint used; the lesson is then
 * done, stays done after a reload, and its progress file shows in the classroom view.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { applySolution } from '../src/core/exercises/solution';
import { parseLessonExercises } from '../src/core/exercises/lessonExercises';
import { expect, monacoReady, open, test } from './fixtures';

const SHOTS = '/work/tools/shots';
const lessonFile = readFileSync('fixtures/exercises/seed-alice-bob.json', 'utf8');
const parsed = parseLessonExercises('store', lessonFile);
if (parsed.kind !== 'ok') throw new Error('the Alice/Bob exercises do not parse');
const { exercises, solution } = parsed.scenario;

/** The teacher's reference edit, as the learner would type it: the seed scenario with the patch applied. */
function solvedText(): string {
  const solved = applySolution(JSON.parse(readFileSync('fixtures/scenario.json', 'utf8')), {
    patch: solution?.patch ?? [],
  });
  if (solved.kind !== 'ok') throw new Error(solved.message);
  return JSON.stringify(solved.value, null, 2);
}

const tasks = (page: Page) => page.getByRole('region', { name: 'Tasks' });
const task = (page: Page, text: string) => tasks(page).getByRole('listitem').filter({ hasText: text }).first();

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a learner does every Alice/Bob task by keyboard, with a hint, and the lesson is done and stays done', async ({
  page,
  guard: _,
}) => {
  await open(page);
  const [find, rule, guard, third] = exercises.map((e) => e.task) as [string, string, string, string];
  await expect(tasks(page).getByText(`0 of ${exercises.length} tasks met.`)).toBeVisible();
  // Green checks are not done: on a first visit no lesson is.
  await expect(page.getByRole('button', { name: /^All lessons \(0 done\)/ })).toBeVisible();

  // A hint, by keyboard: Enter on the button, which stays focused and offers the next.
  const hintButton = task(page, find).getByRole('button', { name: 'Show hint 1 of 3' });
  await hintButton.focus();
  await page.keyboard.press('Enter');
  await expect(task(page, find).getByRole('list', { name: /^Hints for/ })).toContainText(
    `Hint 1 of 3: ${exercises[0]!.hints[0]}`,
  );
  const next = task(page, find).getByRole('button', { name: 'Show hint 2 of 3' });
  await expect(next).toBeFocused();
  await page.locator(`[data-tour="tasks"]`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/tasks-1-hint-open.png`, fullPage: false });

  // 1. Select the step where the naive list leaks Alice's item to Bob: j steps anywhere on the page.
  await page.locator('body').focus();
  await next.blur();
  for (let i = 0; i < 7; i++) await page.keyboard.press('j');
  await expect(task(page, find)).toContainText('Met:');
  await expect(tasks(page).getByRole('status').filter({ hasText: 'Task met:' })).toContainText(find);

  // 2. Switch off the task rule only: the dock's Break a rule tab by Enter, then Space on its switch.
  const dockTab = async (name: string) => {
    const tab = page.getByRole('tab', { name, exact: true });
    await tab.focus();
    await page.keyboard.press('Enter');
    await expect(tab).toHaveAttribute('aria-selected', 'true');
  };
  await dockTab('Break a rule');
  const taskSwitch = page.getByRole('checkbox', { name: 'Visibility ignores the task' });
  await taskSwitch.focus();
  await page.keyboard.press('Space');
  await expect(taskSwitch).toBeChecked();
  // The tasks sit in the Lesson tab: back there to read the verdict, then again for the switch.
  await dockTab('Lesson');
  await expect(task(page, rule)).toContainText('Met:');
  await dockTab('Break a rule');
  await taskSwitch.focus();
  await page.keyboard.press('Space');
  await expect(taskSwitch).not.toBeChecked();
  await dockTab('Lesson');
  // Met stays met once the rule is back on.
  await expect(task(page, rule)).toContainText('Met earlier');

  // 3 and 4. The assertion and the third user, entered in the editor and run with Ctrl+Enter. The
  // editor pane opens from the top bar's Editor toggle, by Enter.
  await page.getByRole('button', { name: 'Editor', exact: true }).focus();
  await page.keyboard.press('Enter');
  await monacoReady(page);
  // Monaco 0.57 takes text through the EditContext API on this element (no textarea).
  const surface = page.locator('[data-testid="scenario-editor"] .monaco-editor .native-edit-context');
  // Into the editor as a keyboard user gets there: Tab from the editor's last button.
  await page.getByRole('button', { name: 'Reset to the seed scenario' }).focus();
  await page.keyboard.press('Tab');
  await expect(surface).toBeFocused();
  // Paste the edit (typing it key by key would meet Monaco's auto-closing brackets and auto-indent).
  await page.evaluate((t) => navigator.clipboard.writeText(t), solvedText());
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await page.keyboard.press('Control+Enter');
  await expect(task(page, guard)).toContainText('Met:');
  await expect(task(page, third)).toContainText('Met:');

  await expect(tasks(page).getByText(`Lesson done: all ${exercises.length} tasks met.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^All lessons \(1 done\)/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /Alice, Bob/ }).getByText(/Done: all 4 tasks met/)).toBeVisible();

  await page.reload();
  await expect(tasks(page).getByText(`Lesson done: all ${exercises.length} tasks met.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^All lessons \(1 done\)/ })).toBeVisible();
  await expect(
    task(page, find)
      .getByRole('list', { name: /^Hints for/ })
      .getByRole('listitem'),
  ).toHaveCount(1);
});

test('the progress file exports, and the classroom view shows it, turning a bad file away with its reason', async ({
  page,
  guard: _,
}) => {
  await open(page);
  const find = exercises[0]!.task;
  await expect(tasks(page).getByText(`0 of ${exercises.length} tasks met.`)).toBeVisible();
  await task(page, find).getByRole('button', { name: 'Show hint 1 of 3' }).click();
  for (let i = 0; i < 7; i++) await page.keyboard.press('j');
  await expect(task(page, find)).toContainText('Met:');

  await tasks(page).getByLabel('Your name for the file (optional)').fill('Ada');
  const downloading = page.waitForEvent('download');
  await tasks(page).getByRole('button', { name: 'Download my progress' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^progress-Ada-\d{4}-\d\d-\d\d\.json$/);
  const text = readFileSync((await download.path())!, 'utf8');
  const file = JSON.parse(text) as { learner: string; lessons: Array<{ id: string; tasks: unknown[] }> };
  expect(file.learner).toBe('Ada');
  expect(file.lessons[0]).toMatchObject({ id: 'seed-alice-bob', done: false });

  await tasks(page).getByRole('link', { name: 'Open the classroom view' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Classroom' })).toBeFocused();
  const second = { ...file, learner: 'Grace', lessons: [] };
  await page.getByLabel('Import progress files').setInputFiles([
    { name: 'ada.json', mimeType: 'application/json', buffer: Buffer.from(text) },
    { name: 'grace.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(second)) },
    { name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format": 2') },
    { name: '<b>not ours</b>.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "x"}') },
  ]);
  const table = page.getByRole('table');
  await expect(table.getByRole('caption')).toHaveText(`2 learners by ${exercises.length} tasks`);
  const ada = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Ada/ }) });
  await expect(ada.getByRole('cell')).toHaveText([
    '0',
    '✓ met, 1 hint',
    '○ not yet, 0 hints',
    '○ not yet, 0 hints',
    '○ not yet, 0 hints',
  ]);
  await expect(table.getByRole('columnheader', { name: find })).toBeVisible();
  await expect(page.getByText('2 files were not read:')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'broken.json' })).toContainText('it is not JSON');
  // A file's name is data: shown as text, never as markup.
  await expect(page.getByRole('listitem').filter({ hasText: '<b>not ours</b>.json' })).toContainText('format:');
  await page.screenshot({ path: `${SHOTS}/classroom-1-table.png`, fullPage: true });

  await page.getByRole('link', { name: 'Back to the playground' }).click();
  await expect(tasks(page)).toBeVisible();
});

test('the clean start shows the tasks but keeps no progress', async ({ page, guard: _ }) => {
  await page.goto('./#clean');
  await expect(tasks(page).getByText(`0 of ${exercises.length} tasks met.`)).toBeVisible();
  for (let i = 0; i < 7; i++) await page.keyboard.press('j');
  await expect(task(page, exercises[0]!.task)).toContainText('Met:');
  expect(await page.evaluate(() => window.localStorage.getItem('scope-isolation-playground/progress'))).toBeNull();
});
