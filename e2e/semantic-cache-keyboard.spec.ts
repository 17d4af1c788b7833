/**
 * The semantic cache lesson done by its tasks with the keyboard alone: "A tag in the text is not a
 * partition". Mark the row of Bob's naive list that is Alice's, choose the rule that keeps her balance
 * out of his request, paste an assertion into the editor and run it, then switch off “The semantic
 * cache is partitioned by the principal” with the space bar: the lesson is done, the cache panel shows
 * Bob served Alice's request at a similarity over the threshold, and the incident links its records.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { applySolution } from '../src/core/exercises/solution';
import { parseLessonExercises } from '../src/core/exercises/lessonExercises';
import { lessonById } from '../src/core/lessons/catalogue';
import { RULE_INFO } from '../src/core/store/rules';
import { expect, monacoReady, open, test } from './fixtures';
import { openLesson } from './lessons-support';

const lesson = lessonById('semantic-cache-tag')!;
const parsed = parseLessonExercises('store', readFileSync(`fixtures/exercises/${lesson.id}.json`, 'utf8'));
if (parsed.kind !== 'ok') throw new Error('the semantic cache exercises do not parse');
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

/** A dock tab by the keyboard: focus it and press Enter, through the "More" menu when it is folded there. */
async function tabByKeyboard(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  if ((await tab.count()) === 0) {
    const more = page.getByRole('button', { name: /^More \(\d+\)$/ });
    await more.focus();
    await page.keyboard.press('Enter');
    const entry = page.locator('.tabs-more-list').getByRole('button', { name, exact: true });
    await entry.focus();
    await page.keyboard.press('Enter');
  } else {
    await tab.focus();
    await page.keyboard.press('Enter');
  }
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a learner does every task of the semantic cache lesson by keyboard, and the lesson is done', async ({
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

  // Step onto step 5, Bob's query, with j, off any text field.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < 5; i++) await page.keyboard.press('j');
  await expect(page.locator('.step-counter').first()).toHaveText(/^Step 5 of/);

  // 1. Mark the row of Bob's naive list that belongs to Alice.
  await task(page, mark).getByRole('textbox', { name: 'Item ID to mark as leaked at step 5' }).focus();
  await page.keyboard.type('alice-balance');
  await page.keyboard.press('Enter');
  await expect(task(page, mark)).toContainText('Marked as leaked at step 5: alice-balance.');
  await expect(task(page, mark)).toContainText('Met:');

  // 2. Alice's balance: the first radio, chosen with the space bar, Tab to the button, Enter.
  const another = task(page, which).getByRole('radio', { name: 'It belongs to another user' });
  await another.focus();
  await page.keyboard.press('Space');
  await expect(another).toBeChecked();
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

  // 4. Reproduce the incident: the "Break a rule" tab by Enter, then the switch by the space bar.
  await tabByKeyboard(page, 'Break a rule');
  const box = page.getByRole('checkbox', { name: RULE_INFO.semanticCachePartition.name, exact: true });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();

  // Watch the leak: Bob's tagged question is close enough to Alice's, and he is served her request.
  await tabByKeyboard(page, 'Cache');
  const bob = page
    .getByRole('region', { name: 'Context cache' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Step 5', exact: true }) });
  await expect(bob).toContainText('similarity 0.93 ≥ threshold 0.8');
  await expect(bob).toContainText(
    'Wrong context served to bob/chat-1/assistant: it was built for alice/chat-1/assistant at step 3.',
  );

  await tabByKeyboard(page, 'Lesson');
  await expect(task(page, ruleOff)).toContainText('Met:');
  await expect(tasks(page).getByText(`Lesson done: all ${exercises.length} tasks met.`)).toBeVisible();
});
