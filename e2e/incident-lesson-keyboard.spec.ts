/**
 * An incident lesson done by its tasks with the keyboard alone: "A namespace prefix is not a boundary".
 * Mark the row of acme's naive list that is acme-corp's, choose the rule that keeps acme's task-10 letter
 * out, paste an assertion into the editor and run it, then switch off “Scope keys match exactly”
 * with the space bar: the lesson is done, and its incident links to the records it names.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { applySolution } from '../src/core/exercises/solution';
import { parseLessonExercises } from '../src/core/exercises/lessonExercises';
import { lessonById } from '../src/core/lessons/catalogue';
import { RULE_INFO } from '../src/core/store/rules';
import { expect, monacoReady, open, test } from './fixtures';
import { openLesson } from './lessons-support';

const lesson = lessonById('namespace-prefix')!;
const parsed = parseLessonExercises('store', readFileSync(`fixtures/exercises/${lesson.id}.json`, 'utf8'));
if (parsed.kind !== 'ok') throw new Error('the namespace-prefix exercises do not parse');
const { exercises, solution } = parsed.scenario;

/** The lesson's scenario with the reference patch applied, as a learner would enter it. */
function solvedText(): string {
  const scenario = JSON.parse(readFileSync(`fixtures/lessons/${lesson.file}`, 'utf8'));
  const solved = applySolution(scenario, { patch: solution?.patch ?? [] });
  if (solved.kind !== 'ok') throw new Error(solved.message);
  return JSON.stringify(solved.value, null, 2);
}

const tasks = (page: Page) => page.getByRole('region', { name: 'Tasks' });
/** A task by its text as the page shows it: backticks are drawn as code, not as characters. */
const task = (page: Page, text: string) =>
  tasks(page)
    .getByRole('listitem')
    .filter({ hasText: text.replaceAll('`', '') })
    .first();

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a learner does every task of the namespace-prefix lesson by keyboard, and the lesson is done', async ({
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

  // Step onto step 5 with j, off any text field.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 5; i++) await page.keyboard.press('j');
  await expect(page.locator('.step-counter').first()).toHaveText(/^Step 5 of/);

  // 1. Mark the row of acme's naive list that belongs to acme-corp.
  await task(page, mark).getByRole('textbox', { name: 'Item ID to mark as leaked at step 5' }).focus();
  await page.keyboard.type('corp-price');
  await page.keyboard.press('Enter');
  await expect(task(page, mark)).toContainText('Marked as leaked at step 5: corp-price.');
  await expect(task(page, mark)).toContainText('Met:');

  // 2. The task-10 letter: into the radio group, one arrow down, Tab to the button, Enter.
  await task(page, which).getByRole('radio', { name: 'It belongs to another user' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(
    task(page, which).getByRole('radio', { name: "It is the same user's item from another task" }),
  ).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(task(page, which).getByRole('button', { name: 'Choose this rule' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(task(page, which)).toContainText('Met:');

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
  const box = page.getByRole('checkbox', { name: RULE_INFO.exactKeys.name, exact: true });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();
  // Back to the Lesson tab, which holds the Tasks panel.
  const lessonTab = page.getByRole('tab', { name: 'Lesson', exact: true });
  await lessonTab.focus();
  await page.keyboard.press('Enter');
  await expect(task(page, ruleOff)).toContainText('Met:');

  await expect(tasks(page).getByText(`Lesson done: all ${exercises.length} tasks met.`)).toBeVisible();
});
