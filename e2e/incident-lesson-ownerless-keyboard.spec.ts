/**
 * A second incident lesson done by its tasks with the keyboard alone: "Rows with no owner became
 * everyone's". Mark the row of Alice's naive list that is Bob's, choose the rule that keeps the imported
 * row out, paste an assertion into the editor and run it, then switch off “An item without an owner is
 * nobody's” with the space bar: the checks turn red, and the lesson is done.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { applySolution } from '../src/core/exercises/solution';
import { parseLessonExercises } from '../src/core/exercises/lessonExercises';
import { lessonById } from '../src/core/lessons/catalogue';
import { RULE_INFO } from '../src/core/store/rules';
import { expect, monacoReady, open, test } from './fixtures';
import { openLesson } from './lessons-support';

const lesson = lessonById('ownerless-rows')!;
const parsed = parseLessonExercises('store', readFileSync(`fixtures/exercises/${lesson.id}.json`, 'utf8'));
if (parsed.kind !== 'ok') throw new Error('the ownerless-rows exercises do not parse');
const { exercises, solution } = parsed.scenario;

/** The lesson's scenario with the reference patch applied, as a learner would enter it. */
function solvedText(): string {
  const scenario = JSON.parse(readFileSync(`fixtures/lessons/${lesson.file}`, 'utf8'));
  const solved = applySolution(scenario, { patch: solution?.patch ?? [] });
  if (solved.kind !== 'ok') throw new Error(solved.message);
  return JSON.stringify(solved.value, null, 2);
}

const tasks = (page: Page) => page.getByRole('region', { name: 'Tasks' });
/** A task by its text as the page draws it: `code` spans lose their backticks. */
const task = (page: Page, text: string) =>
  tasks(page)
    .getByRole('listitem')
    .filter({ hasText: text.replaceAll('`', '') })
    .first();

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a learner does every task of the ownerless-rows lesson by keyboard, and the lesson is done', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await openLesson(page, lesson.title);
  const [mark, which, ruleOff, guard] = exercises.map((e) => e.task) as [string, string, string, string];
  await expect(tasks(page).getByText(`0 of ${exercises.length} tasks met.`)).toBeVisible();
  const bar = page.getByRole('region', { name: lesson.title });
  for (const link of lesson.links!)
    await expect(bar.getByRole('link', { name: link.name, exact: true })).toHaveAttribute('href', link.url);

  // Step onto step 4 (Alice's query) with j, off any text field.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 4; i++) await page.keyboard.press('j');
  await expect(page.locator('.step-counter').first()).toHaveText(/^Step 4 of/);

  // 1. Mark the row of Alice's naive list that is Bob's.
  await task(page, mark).getByRole('textbox', { name: 'Item ID to mark as leaked at step 4' }).focus();
  await page.keyboard.type('bob-review');
  await page.keyboard.press('Enter');
  await expect(task(page, mark)).toContainText('Marked as leaked at step 4: bob-review.');
  await expect(task(page, mark)).toContainText('Met:');

  // 2. The imported row: the user check keeps it out (its user, none, is not Alice). Tab to the button, Enter.
  const radio = task(page, which).getByRole('radio', { name: 'It belongs to another user' });
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(task(page, which).getByRole('button', { name: 'Choose this rule' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(task(page, which)).toContainText('Met:');
  await expect(task(page, which)).toContainText('stored with no owner, so no user reads it');

  // 3. The assertion, pasted into the editor and run with Ctrl+Enter.
  await page.getByRole('button', { name: 'Editor', exact: true }).focus();
  await page.keyboard.press('Enter');
  await monacoReady(page);
  const surface = page.locator('[data-testid="scenario-editor"] .monaco-editor .native-edit-context');
  await surface.focus();
  await expect(surface).toBeFocused();
  await page.evaluate((t) => navigator.clipboard.writeText(t), solvedText());
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await page.keyboard.press('Control+Enter');
  await expect(task(page, guard)).toContainText('Met:');
  await expect(task(page, ruleOff)).toContainText('Not yet.');

  // 4. Reproduce the incident: the dock's "Break a rule" tab by Enter, then the switch by the space bar.
  const tab = page.getByRole('tab', { name: 'Break a rule', exact: true });
  await tab.focus();
  await page.keyboard.press('Enter');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const box = page.getByRole('checkbox', { name: RULE_INFO.ownerlessHidden.name, exact: true });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();
  // The leak: the imported row now reaches every request, and the checks say so.
  await expect(page.getByRole('region', { name: 'Rules switched off' })).toContainText(/\d+ checks? red/);
  // Back to the Lesson tab, which holds the Tasks panel.
  const lessonTab = page.getByRole('tab', { name: 'Lesson', exact: true });
  await lessonTab.focus();
  await page.keyboard.press('Enter');
  await expect(task(page, ruleOff)).toContainText('Met:');

  await expect(tasks(page).getByText(`Lesson done: all ${exercises.length} tasks met.`)).toBeVisible();
});
