/** Issue 15, item 17: the keys the page states work where it says, and the skip link lands on the steps. */
import { expect, open, test } from './fixtures';
import { openTab } from './workbench-support';

const current = (page: import('@playwright/test').Page) => page.locator('.current-step[aria-live="polite"]');

test('j and k step while a rule switch has focus, and the hint says where the arrows work', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await expect(page.getByText('Keys: j and k move anywhere but a text field')).toBeVisible();
  // The rule switches are a dock tab.
  await openTab(page, 'Break a rule');
  const box = page.getByRole('checkbox', { name: 'Scope keys come from the principal', exact: true });
  await box.focus();
  await expect(current(page)).toContainText('Configuration');
  await page.keyboard.press('j');
  await expect(current(page)).toContainText('Step 1 of');
  await page.keyboard.press('j');
  await page.keyboard.press('k');
  await expect(current(page)).toContainText('Step 1 of');
  await expect(box).toBeFocused();
  await expect(box).toBeChecked();
  // The buttons declare only the shortcuts that work from anywhere.
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toHaveAttribute('aria-keyshortcuts', 'j');
  await expect(page.getByRole('button', { name: 'Last', exact: true })).not.toHaveAttribute('aria-keyshortcuts');
});

test('“Skip to the steps” moves focus to the step in view, where the arrow keys work', async ({ page, guard: _ }) => {
  await open(page);
  const step = page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]');
  // The desktop panes arrive in their own chunk: skip once the steps are drawn.
  await expect(step).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to the steps' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(step).toBeFocused();
  await page.keyboard.press('End');
  await expect(current(page)).toContainText(/Step (\d+) of \1/);
});
