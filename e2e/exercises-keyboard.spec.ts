/**
 * A task done with the keyboard alone, from a fresh page: Tab to the Alice/Bob lesson's prediction,
 * type it, Enter, then j onto the step; the task is met only because the prediction came first. Then
 * the same by stepping through first, or jumping past the step with Last (a later step shows what came
 * after it): the prediction is no longer offered, and the task stays unmet.
 */
import type { Page } from '@playwright/test';
import { expect, open, tasks, test } from './fixtures';
import { openLesson } from './lessons-support';

const predictTask = (page: Page) =>
  tasks(page).getByRole('listitem').filter({ hasText: 'Before you step onto step 9' }).first();

/** Press Tab until `target` has the focus (at most `limit` presses). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, limit = 300) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${limit} presses of Tab did not reach the field`);
}

test('a learner predicts step 9 with the keyboard alone, then steps onto it, and the task is met', async ({
  page,
  guard: _,
}) => {
  await open(page);
  const field = predictTask(page).getByRole('textbox', { name: 'Item ID you predict leaks at step 9' });
  await tabTo(page, field);
  await page.keyboard.type('bob-export-plan');
  await page.keyboard.press('Enter');
  await expect(predictTask(page)).toContainText('Your prediction for step 9: bob-export-plan leaks.');
  // Off the text field (Tab to the next button), j steps anywhere: through step 9 to the end.
  await page.keyboard.press('Tab');
  for (let i = 0; i < 12; i++) await page.keyboard.press('j');
  await expect(page.locator('.step-counter').first()).toHaveText('Step 12 of 12');
  await expect(predictTask(page)).toContainText('Met: You predicted that bob-export-plan leaks at step 9');
  await expect(tasks(page).getByRole('status').filter({ hasText: 'Task met:' })).toContainText('step 9');
});

test('a prediction is not offered once its step or a later one has been seen, so looking first meets nothing', async ({
  page,
  guard: _,
}) => {
  await open(page);
  const last = page.getByRole('button', { name: 'Last', exact: true }).first();
  await last.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.step-counter').first()).toHaveText('Step 12 of 12');
  await expect(predictTask(page)).toContainText(
    'You have seen step 12, past step 9: a prediction now would not count.',
  );
  await expect(predictTask(page).getByRole('textbox')).toHaveCount(0);
  await expect(predictTask(page).getByRole('textbox')).toHaveCount(0);
  await expect(tasks(page).getByText(/^0 of \d tasks met\.$/)).toBeVisible();
});

test('the router lesson’s tasks are answered the same way: a prediction before the step, then marks', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await openLesson(page, 'Authorize before ranking');
  const item = (text: string) => tasks(page).getByRole('listitem').filter({ hasText: text }).first();
  const predict = item('Step 8 rebuilds the private bank');
  await predict.getByRole('textbox', { name: 'Item ID you predict leaks at step 10' }).focus();
  await page.keyboard.type('private-2');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  for (let i = 0; i < 11; i++) await page.keyboard.press('j');
  await expect(predict).toContainText('Met: You predicted that private-2 leaks at step 10');
  const mark = item('At step 1 the general room recalls');
  const field = mark.getByRole('textbox', { name: 'Item ID to mark as leaked at step 1' });
  for (const id of ['private-canary', 'private-2']) {
    await field.focus();
    await page.keyboard.type(id);
    await page.keyboard.press('Enter');
  }
  await expect(mark).toContainText('Marked as leaked at step 1: private-canary, private-2.');
  await expect(mark).toContainText('Met:');
});
