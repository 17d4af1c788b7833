/**
 * Answer first, then see (issue 36): while a task about a step is pending, the page shows that step's rows
 * but not the answer (no "leak: belongs to", no leak count, no reasons); answering, or "Show me", which
 * gives the task up and says so in the classroom view, reveals it with the explanation. A first visit
 * still lands on the leak with its verdict shown. Screenshots of a pending task and of the reveal at
 * 1440×900 and 390×844 go to SHOTS (ANSWER_SHOTS overrides).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parseLessonExercises } from '../src/core/exercises/lessonExercises';
import { plainText } from '../src/core/text/inlineCode';
import { expect, open, SHOTS, stepTo, task, tasks, test } from './fixtures';
import { openPhonePane, openTab } from './workbench-support';

const shots = process.env.ANSWER_SHOTS ?? SHOTS;
const parsed = parseLessonExercises('store', readFileSync('fixtures/exercises/seed-alice-bob.json', 'utf8'));
if (parsed.kind !== 'ok') throw new Error('the Alice/Bob exercises do not parse');
const byId = (id: string) => plainText(parsed.scenario.exercises.find((e) => e.id === id)!.task);
const MARK = byId('mark-what-the-task-rule-keeps');
const PREDICT = byId('predict-alice');
const WHICH = byId('which-rule-agent');

const naive = (page: Page) => page.locator('.request.naive');
const scoped = (page: Page) => page.locator('.request.scoped');
const withheld = (page: Page) => page.locator('.verdict-line.withheld');

async function answer(page: Page, field: ReturnType<Page['getByRole']>, text: string) {
  await field.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

async function shoot(page: Page, name: string) {
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await openPhonePane(page, 'Requests');
    await naive(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/answer-first-${name}-${w}x${h}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test.describe('a first visit, then the tasks', () => {
  test.use({ firstRun: true });

  test('a first visit lands on the leak with its verdict shown; a pending task withholds it until answered', async ({
    page,
    guard: _,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page);
    // The first screen: the leak at step 7, labelled, with its headline (no task asks about step 7).
    await expect(page.locator('.step-counter').first()).toHaveText(/^Step 7 of/);
    await expect(page.locator('.landing-headline')).toBeVisible();
    await expect(
      naive(page)
        .getByText(/^leak: belongs to /)
        .first(),
    ).toBeVisible();
    await expect(withheld(page)).toHaveCount(0);
    await expect(tasks(page).getByText(/^0 of \d+ tasks met\.$/)).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close the tour' }).click();

    // Predict step 9 before seeing it, then step on to step 10, which the mark task is about.
    await answer(
      page,
      task(page, PREDICT).getByRole('textbox', { name: /^Item ID you predict leaks at step 9/ }),
      'bob-export-plan',
    );
    await stepTo(page, 10);
    await expect(task(page, PREDICT)).toContainText('Met:');
    // Pending mark (and rule) tasks: the rows are there, the verdicts are not.
    await expect(
      naive(page).getByRole('list', { name: 'Items in the naive request' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    await expect(
      scoped(page).getByRole('list', { name: 'Items in the scoped request' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    await expect(withheld(page)).toHaveCount(2);
    await expect(page.getByText(/leak: belongs to|left out: /)).toHaveCount(0);
    await expect(naive(page).locator('.verdict-line:not(.withheld)')).toHaveCount(0);
    await expect(page.locator('.current-result')).not.toContainText('naive list');
    // "Try this" names the switch the rule task asks for: it waits too.
    await expect(page.getByText('Try this', { exact: true })).toBeHidden();
    // So do the Why tab's reasons for each item in or out.
    await openTab(page, 'Why');
    const why = page.getByRole('tabpanel', { name: 'Why' });
    await expect(why.locator('.verdict-line.withheld')).toBeVisible();
    await expect(why.getByText(/left out: |not in the request/)).toHaveCount(0);
    await openTab(page, 'Lesson');
    await task(page, MARK).scrollIntoViewIfNeeded();
    await shoot(page, 'pending');

    // The rule, chosen: the mark task still withholds step 10.
    await task(page, WHICH).getByRole('radio', { name: "It is another agent's item" }).check();
    await task(page, WHICH).getByRole('button', { name: 'Choose this rule' }).click();
    await expect(task(page, WHICH)).toContainText('Met:');
    await expect(withheld(page)).toHaveCount(2);

    // The answer: the mark meets the task, and the verdicts and the explanation appear.
    for (const item of ['bob-export-plan', 'planner-scratch'])
      await answer(page, task(page, MARK).getByRole('textbox', { name: 'Item ID to mark as leaked at step 10' }), item);
    await expect(task(page, MARK)).toContainText('Met:');
    await expect(withheld(page)).toHaveCount(0);
    await expect(naive(page).locator('.verdict-line')).toBeVisible();
    await expect(
      scoped(page)
        .getByText(/left out: /)
        .first(),
    ).toBeVisible();
    await expect(task(page, MARK).locator('.task-why')).toContainText('The rule:');
    await expect(task(page, MARK).locator('.task-why')).toContainText('The fix:');
    await expect(page.getByText('Try this', { exact: true })).toBeVisible();
    await shoot(page, 'reveal');
  });
});

test('"Show me" gives a task up: it reveals the verdicts, and the classroom view shows it given up', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await stepTo(page, 10);
  await expect(withheld(page)).toHaveCount(2);
  for (const text of [WHICH, PREDICT]) await task(page, text).getByRole('button', { name: 'Show me' }).click();
  // One task about step 10 is still pending.
  await expect(withheld(page)).toHaveCount(2);
  await task(page, MARK).getByRole('button', { name: 'Show me' }).click();
  await expect(task(page, MARK).locator('.task-answer')).toBeFocused();
  await expect(withheld(page)).toHaveCount(0);
  await expect(naive(page).locator('.verdict-line')).toBeVisible();
  await expect(task(page, MARK).locator('.task-why')).toContainText('The rule:');

  const downloading = page.waitForEvent('download');
  await tasks(page).getByRole('button', { name: 'Download my progress' }).click();
  const text = readFileSync((await (await downloading).path())!, 'utf8');
  const file = JSON.parse(text) as { lessons: Array<{ tasks: Array<{ id: string; givenUp?: boolean }> }> };
  expect(file.lessons[0]!.tasks.find((t) => t.id === 'mark-what-the-task-rule-keeps')).toMatchObject({
    givenUp: true,
  });
  await tasks(page).getByRole('link', { name: 'Open the classroom view' }).click();
  await page
    .getByLabel('Import progress files')
    .setInputFiles([{ name: 'ada.json', mimeType: 'application/json', buffer: Buffer.from(text) }]);
  const table = page.getByRole('table');
  await expect(table.getByRole('cell', { name: /given up \(Show me\)/ })).toHaveCount(3);
});
