/**
 * The Alice/Bob lesson's tasks in the browser, by keyboard alone: predict step 9 before stepping onto
 * it, mark the rows the task rule keeps out of Bob's new task at step 10, choose the rule that keeps the
 * planner's scratch out of the researcher's request at step 8, add an
 * assertion and a third user in the editor, with a hint used; stepping alone meets nothing. The lesson
 * is then done, stays done after a reload, and its progress file (with the act log) shows in the
 * classroom view.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { applySolution } from '../src/core/exercises/solution';
import { parseLessonExercises } from '../src/core/exercises/lessonExercises';
import { plainText } from '../src/core/text/inlineCode';
import { expect, monacoReady, open, stepTo, task, tasks, test } from './fixtures';
import { chooseRuleByKeyboard } from './incident-support';

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

/** Type `text` into a task's field, as a keyboard user does: focus it, type, Enter. */
async function answer(page: Page, field: ReturnType<Page['getByRole']>, text: string) {
  await field.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a learner does every Alice/Bob task by keyboard, with a hint, and the lesson is done and stays done', async ({
  page,
  guard: _,
}) => {
  await open(page);
  // Inline code shows as code, without its backticks.
  const [mark, predict, which, guard, third] = exercises.map((e) => plainText(e.task)) as [
    string,
    string,
    string,
    string,
    string,
  ];
  await expect(tasks(page).getByText(`0 of ${exercises.length} tasks met.`)).toBeVisible();
  // Green checks are not done: on a first visit no lesson is.
  await expect(page.getByRole('button', { name: /^All lessons \(0 done\)/ })).toBeVisible();

  // A hint, by keyboard: Enter on the button, which stays focused and offers the next.
  const hintButton = task(page, mark).getByRole('button', { name: 'Show hint 1 of 2' });
  await hintButton.focus();
  await page.keyboard.press('Enter');
  await expect(task(page, mark).getByRole('list', { name: /^Hints for/ })).toContainText(
    `Hint 1 of 2: ${plainText(exercises[0]!.hints[0]!)}`,
  );
  const next = task(page, mark).getByRole('button', { name: 'Show hint 2 of 2' });
  await expect(next).toBeFocused();
  await page.locator(`[data-tour="tasks"]`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/tasks-1-hint-open.png`, fullPage: false });

  // 1. Predict step 9 before stepping onto it: Alice's naive list leaks Bob's plan.
  await answer(
    page,
    task(page, predict).getByRole('textbox', { name: /^Item ID you predict leaks at step 9/ }),
    'bob-export-plan',
  );
  await expect(task(page, predict)).toContainText('Your prediction for step 9: bob-export-plan leaks.');
  await expect(task(page, predict)).toContainText('Not yet.');

  // Stepping through every step meets nothing more; it makes the prediction count.
  await stepTo(page, 12);
  await expect(tasks(page).getByText(`1 of ${exercises.length} tasks met.`)).toBeVisible();
  await expect(task(page, predict)).toContainText('Met:');
  await expect(task(page, predict)).toContainText('You predicted before seeing step 9: bob-export-plan leaks.');
  await expect(task(page, mark)).toContainText('Not yet.');
  await expect(tasks(page).getByRole('status').filter({ hasText: 'Task met:' })).toContainText(predict);

  // 2. Mark the rows of Bob's scoped request at step 10 that the task rule keeps out when it is on.
  await stepTo(page, 10);
  for (const item of ['bob-export-plan', 'planner-scratch'])
    await answer(page, task(page, mark).getByRole('textbox', { name: 'Item ID to mark as leaked at step 10' }), item);
  await expect(task(page, mark)).toContainText('Marked as leaked at step 10: bob-export-plan, planner-scratch.');
  await expect(task(page, mark)).toContainText('Met:');

  // 3. Choose the rule that keeps the planner's scratch from the researcher: Tab from the prediction's last button into
  // the radio group (offered in the learner's own order), its radio by the space bar, Tab, Enter.
  await task(page, predict).getByRole('button', { name: 'Show the answer' }).focus();
  await page.keyboard.press('Tab');
  await expect(task(page, which).getByRole('radio').first()).toBeFocused();
  await chooseRuleByKeyboard(page, which, "It is another agent's item");

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
  await expect(
    page.getByRole('region', { name: /Alice, Bob/ }).getByText(`Done: all ${exercises.length} tasks met`),
  ).toBeVisible();

  await page.reload();
  await expect(tasks(page).getByText(`Lesson done: all ${exercises.length} tasks met.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^All lessons \(1 done\)/ })).toBeVisible();
  await expect(
    task(page, mark)
      .getByRole('list', { name: /^Hints for/ })
      .getByRole('listitem'),
  ).toHaveCount(1);
  // The answers are kept: the mark and the prediction read as they were left.
  await expect(task(page, mark)).toContainText('Marked as leaked at step 10: bob-export-plan, planner-scratch.');
  await expect(task(page, predict)).toContainText('You predicted before seeing step 9: bob-export-plan leaks.');
});

test('the progress file exports, and the classroom view shows it, turning a bad file away with its reason', async ({
  page,
  guard: _,
}) => {
  await open(page);
  const find = plainText(exercises[0]!.task);
  await expect(tasks(page).getByText(`0 of ${exercises.length} tasks met.`)).toBeVisible();
  await task(page, find).getByRole('button', { name: 'Show hint 1 of 2' }).click();
  for (const item of ['bob-export-plan', 'planner-scratch'])
    await answer(page, task(page, find).getByRole('textbox', { name: 'Item ID to mark as leaked at step 10' }), item);
  await expect(task(page, find)).toContainText('Met:');

  await tasks(page).getByLabel('Your name for the file (optional)').fill('Ada');
  const downloading = page.waitForEvent('download');
  await tasks(page).getByRole('button', { name: 'Download my progress' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^progress-Ada-\d{4}-\d\d-\d\d\.json$/);
  const text = readFileSync((await download.path())!, 'utf8');
  const file = JSON.parse(text) as { learner: string; lessons: Array<{ id: string; tasks: unknown[] }> };
  expect(file.learner).toBe('Ada');
  expect(file.lessons[0]).toMatchObject({
    id: 'seed-alice-bob',
    done: false,
    acts: [
      { kind: 'mark', step: 10, item: 'bob-export-plan' },
      { kind: 'mark', step: 10, item: 'planner-scratch' },
    ],
  });

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
    ...exercises.slice(1).map(() => '○ not yet, 0 hints'),
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
  await stepTo(page, 12);
  await expect(tasks(page).getByText(`0 of ${exercises.length} tasks met.`)).toBeVisible();
  const mark = task(page, plainText(exercises[0]!.task));
  for (const item of ['bob-export-plan', 'planner-scratch'])
    await answer(page, mark.getByRole('textbox', { name: 'Item ID to mark as leaked at step 10' }), item);
  await expect(mark).toContainText('Met:');
  expect(await page.evaluate(() => window.localStorage.getItem('scope-isolation-playground/progress'))).toBeNull();
});
