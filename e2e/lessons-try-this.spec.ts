/** Issue 15, item 16: the "No group is not every group" lesson's "Try this", done in the page, keeps its checks green. */
import { expect, open, test } from './fixtures';
import { editorText, enableTestHook, loadThroughStore } from './hostile-support';
import { openLesson } from './lessons-support';
import { checksStatus } from './why-support';
import { openEditor, openTab } from './workbench-support';

// Does what the lesson's "Try this" says, as a learner exploring freely: its tasks given up, Try this shown.
test.use({ revealed: true });

test('doing what “No group is not every group” asks turns the rejection into a request, all checks green', async ({
  page,
  guard: _,
}) => {
  await enableTestHook(page);
  await open(page);
  await openLesson(page, 'No group is not every group');
  await expect(page.getByText('In step 5, edit the blank user into "bob"')).toBeVisible();
  await openTab(page, 'Checks');
  await expect(checksStatus(page)).toContainText('all green');
  const scenario = JSON.parse(await editorText(page));
  scenario.steps[4].as[0] = 'bob';
  scenario.steps[4].expect = { accepted: true };
  await loadThroughStore(page, JSON.stringify(scenario, null, 2));
  await openEditor(page);
  await expect(page.getByRole('region', { name: 'Scenario editor' }).getByRole('status')).toHaveText(
    'The timeline shows this scenario.',
  );
  await expect(checksStatus(page)).toContainText('all green');
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(5).click();
  await expect(page.locator('.current-step[aria-live="polite"]')).not.toContainText('rejected');
});
