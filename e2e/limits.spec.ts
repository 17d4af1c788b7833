/**
 * The limits (src/core/limits.ts, the table in docs/limits.md) in the page: a question at the limit,
 * two hundred times the old 10,000-character limit, replays and steps without a long task, and one past
 * it is listed in Problems at its line and column, naming the limit.
 */
import type { Page } from '@playwright/test';
import { MAX_QUESTION_CHARS } from '../src/core/limits';
import { expect, open, test } from './fixtures';
import { enableTestHook, loadThroughStore, SEED } from './hostile-support';
import { longTasksSince, now, watchLongTasks } from './long-tasks';
import { openEditor } from './workbench-support';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 1280, height: 800 } });

/** The seed with its first query's question replaced, and the index of that query's step button. */
function withQuestion(question: string): { text: string; step: number } {
  const scenario = JSON.parse(SEED);
  const at = scenario.steps.findIndex((step: { op: string }) => step.op === 'query');
  scenario.steps[at].current = question;
  // Step buttons: the configuration first, then one per step.
  return { text: JSON.stringify(scenario, null, 2), step: at + 1 };
}

const widths = (page: Page) =>
  page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));

test('a question at the limit replays, shows cut short, and stepping to it stays quick', async ({ page, guard: _ }) => {
  await enableTestHook(page);
  await watchLongTasks(page);
  await open(page);
  const question = 'what is the plan for the export job '
    .repeat(MAX_QUESTION_CHARS / 36 + 1)
    .slice(0, MAX_QUESTION_CHARS);
  expect(question.length).toBe(2_000_000);
  const { text, step } = withQuestion(question);
  await loadThroughStore(page, text);
  await expect(page.getByRole('region', { name: /^Problems \(\d+\)$/ })).toHaveCount(0);
  await page.waitForTimeout(1_500);
  const since = await now(page);
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(step).click();
  await expect(
    page.getByRole('button', { name: /^Show all 2,000,\d{3} characters of the user message$/ }).first(),
  ).toBeVisible();
  // The Question field does not take in the million characters: it says so, and stays empty to type in.
  await expect(
    page.getByText(/This question is 2,000,000 characters, more than the 10,000 this field shows/),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Question' })).toHaveValue('');
  await page.waitForTimeout(1_000);
  expect(await longTasksSince(page, since)).toEqual([]);
  const { page: width, viewport } = await widths(page);
  expect(width).toBe(viewport);
});

test('a question past the limit is listed in Problems at its line and column, naming the limit', async ({
  page,
  guard: _,
}) => {
  await enableTestHook(page);
  await open(page);
  await openEditor(page);
  const { text } = withQuestion('q'.repeat(MAX_QUESTION_CHARS + 1));
  await loadThroughStore(page, text);
  const problems = page.getByRole('region', { name: /^Problems \(\d+\)$/ });
  await expect(problems.getByRole('listitem').first()).toContainText(
    /Line \d+, column \d+.*too long: questions are limited to 2,000,000 characters/,
  );
});
