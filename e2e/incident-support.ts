/**
 * What the keyboard-only incident lesson specs share: the lesson's tasks and solved text, read from its
 * files, and the keyboard moves every one of them makes (open the lesson, step with j, mark a row, paste
 * and run in the editor, open a dock tab, switch a rule off with the space bar).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { applySolution } from '../src/core/exercises/solution';
import { parseLessonExercises } from '../src/core/exercises/lessonExercises';
import { lessonById } from '../src/core/lessons/catalogue';
import { RULE_INFO, type Rule } from '../src/core/store/rules';
import { expect, monacoReady, open, task, tasks } from './fixtures';
import { openLesson } from './lessons-support';

/** A store lesson's entry, its four tasks' texts (mark, which rule, rule off, guard) and its solved text. */
export function incidentLesson(id: string) {
  const lesson = lessonById(id)!;
  const parsed = parseLessonExercises('store', readFileSync(`fixtures/exercises/${id}.json`, 'utf8'));
  if (parsed.kind !== 'ok') throw new Error(`the ${id} exercises do not parse`);
  const { exercises, solution } = parsed.scenario;
  const [mark, which, ruleOff, guard] = exercises.map((e) => e.task) as [string, string, string, string];
  /** The lesson's scenario with the reference patch applied, as a learner would enter it. */
  const solvedText = () => {
    const scenario = JSON.parse(readFileSync(`fixtures/lessons/${lesson.file}`, 'utf8'));
    const solved = applySolution(scenario, { patch: solution?.patch ?? [] });
    if (solved.kind !== 'ok') throw new Error(solved.message);
    return JSON.stringify(solved.value, null, 2);
  };
  return { lesson, count: exercises.length, mark, which, ruleOff, guard, solvedText };
}
type IncidentLesson = ReturnType<typeof incidentLesson>;

/** Open the lesson from the gallery: no task met yet, and its incident's records linked. */
export async function openIncidentLesson(page: Page, { lesson, count }: IncidentLesson) {
  await open(page);
  await openLesson(page, lesson.title);
  await expect(tasks(page).getByText(`0 of ${count} tasks met.`)).toBeVisible();
  const bar = page.getByRole('region', { name: lesson.title });
  for (const link of lesson.links!)
    await expect(bar.getByRole('link', { name: link.name, exact: true })).toHaveAttribute('href', link.url);
}

/** Step onto step `step` with j, off any text field. */
export async function stepByKeyboard(page: Page, step: number) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < step; i++) await page.keyboard.press('j');
  await expect(page.locator('.step-counter').first()).toHaveText(new RegExp(`^Step ${step} of`));
}

/** Mark `items` as leaked at `step`, each by typing its ID into the mark task and pressing Enter. */
export async function markByKeyboard(page: Page, markTask: string, step: number, ...items: string[]) {
  for (const item of items) {
    await task(page, markTask)
      .getByRole('textbox', { name: `Item ID to mark as leaked at step ${step}` })
      .focus();
    await page.keyboard.type(item);
    await page.keyboard.press('Enter');
  }
  await expect(task(page, markTask)).toContainText(`Marked as leaked at step ${step}: ${items.join(', ')}.`);
  await expect(task(page, markTask)).toContainText('Met:');
}

/** Open the editor by Enter, paste `text` over the scenario and run it with Ctrl+Enter. */
/** The "which rule" task `which`: its radio named `choice` by the space bar, Tab to its button, Enter; it is met. */
export async function chooseRuleByKeyboard(page: Page, which: string, choice: string) {
  const radio = task(page, which).getByRole('radio', { name: choice });
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(task(page, which).getByRole('button', { name: 'Choose this rule' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(task(page, which)).toContainText('Met:');
}

/** The guard task: the solved text pasted and run meets it, and the rule-off task is not met yet. */
export async function solveGuardByKeyboard(page: Page, kit: IncidentLesson) {
  await pasteAndRunByKeyboard(page, kit.solvedText());
  await expect(task(page, kit.guard)).toContainText('Met:');
  await expect(task(page, kit.ruleOff)).toContainText('Not yet.');
}

/** Back on the Lesson tab: the rule-off task is met and the lesson is done. */
export async function expectLessonDone(page: Page, kit: IncidentLesson) {
  await tabByKeyboard(page, 'Lesson');
  await expect(task(page, kit.ruleOff)).toContainText('Met:');
  await expect(tasks(page).getByText(`Lesson done: all ${kit.count} tasks met.`)).toBeVisible();
}

export async function pasteAndRunByKeyboard(page: Page, text: string) {
  await page.getByRole('button', { name: 'Editor', exact: true }).focus();
  await page.keyboard.press('Enter');
  await monacoReady(page);
  const surface = page.locator('[data-testid="scenario-editor"] .monaco-editor .native-edit-context');
  await surface.focus();
  await expect(surface).toBeFocused();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await page.keyboard.press('Control+Enter');
}

/** A dock tab by the keyboard: focus it and press Enter, through the "More" menu when it is folded there. */
export async function tabByKeyboard(page: Page, name: string) {
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

/** Switch `rule` off in the "Break a rule" tab with the space bar. */
export async function switchOffByKeyboard(page: Page, rule: Rule) {
  await tabByKeyboard(page, 'Break a rule');
  const box = page.getByRole('checkbox', { name: RULE_INFO[rule].name, exact: true });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();
}
