import { expect, open, SHOTS, test } from './fixtures';
import { openTab } from './workbench-support';

test('browsing the recorded answers: summary, filters and highlighted evidence; one click from a query step', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await openTab(page, 'Answers');
  const answers = page.getByRole('region', { name: 'Recorded model answers' });
  await expect(answers.getByRole('article')).toHaveCount(20);
  await expect(answers.getByRole('table', { name: 'Verdicts per request' }).getByRole('row')).toHaveCount(5);

  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(9).click();
  await page.getByRole('button', { name: 'Show the 10 recorded answers for alice/task-9/planner' }).click();
  await expect(answers.getByRole('article')).toHaveCount(10);
  await expect(answers.getByRole('heading', { level: 2 })).toBeFocused();

  await answers.getByRole('combobox', { name: 'Request' }).selectOption('naive');
  await expect(answers.getByRole('article')).toHaveCount(5);
  await expect(answers.getByRole('article').first()).toContainText("fail: mentions the other user's data");
  await expect(answers.getByRole('article').first().locator('mark.evidence-other')).toHaveText('PostgreS');
  await answers.screenshot({ path: `${SHOTS}/wide-7-answers-filtered.png` });

  await answers.getByRole('combobox', { name: 'Verdict' }).selectOption('pass');
  await expect(answers.getByRole('article')).toHaveCount(0);
  await expect(answers.getByText('Showing 0 of 20 answers.')).toBeVisible();
  await answers.getByRole('button', { name: 'Show all' }).click();
  await expect(answers.getByRole('article')).toHaveCount(20);
});
