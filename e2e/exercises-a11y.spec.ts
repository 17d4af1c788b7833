/** axe on the Tasks panel (a hint and an answer open), the tour's dialog and the classroom view, light and dark. */
import { axe } from './axe-support';
import { expect, open, test } from './fixtures';

test.describe.configure({ timeout: 90_000 });
test.use({ firstRun: true });

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds no violations in the tasks, the tour and the classroom (${scheme})`, async ({ page, guard: _ }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await open(page);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await axe(page, '.tour'), 'tour').toEqual([]);
    await dialog.getByRole('button', { name: 'Close the tour' }).click();

    const tasks = page.getByRole('region', { name: 'Tasks' });
    const first = tasks.getByRole('listitem').first();
    await first.getByRole('button', { name: 'Show hint 1 of 2' }).click();
    for (const name of ['Show hint 2 of 2', 'Show me']) await first.getByRole('button', { name }).click();
    await tasks.getByRole('button', { name: 'Show hint 1 of 3' }).first().click();
    // The first task asks for a mark: its answer typed into the task's own field (the forms are checked too).
    for (const item of ['bob-export-plan', 'planner-scratch']) {
      await first.getByRole('textbox', { name: 'Item ID to mark as leaked at step 10' }).fill(item);
      await page.keyboard.press('Enter');
    }
    await expect(first).toContainText('Met:');
    expect(await axe(page, '#tasks'), 'tasks').toEqual([]);

    await page.goto('./#classroom');
    await page
      .getByLabel('Import progress files')
      .setInputFiles([{ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('nope') }]);
    await expect(page.getByText('1 file was not read:')).toBeVisible();
    expect(await axe(page, 'main'), 'classroom').toEqual([]);
  });
}
