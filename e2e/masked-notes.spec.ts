/**
 * While a lesson's task is pending, the editor masks the later steps' `note` and `expect` (they would
 * give its answer away), without changing the text: the learner's saved work stays as it was.
 */
import { expect, monacoReady, open, test } from './fixtures';
import { openLesson } from './lessons-support';
import { openEditor } from './workbench-support';

test('a pending task masks later steps’ notes in the editor, and the text is unchanged', async ({ page }) => {
  await open(page);
  await openLesson(page, 'A cache key without the user');
  await openEditor(page);
  await monacoReady(page);
  const masks = page.locator('[data-testid="scenario-editor"] .masked-note');
  // Monaco draws only the lines in view: look through the text from its top to its end.
  await page.locator('[data-testid="scenario-editor"] .view-lines').click();
  let seen = 0;
  for (let i = 0; i < 40 && seen === 0; i++) {
    seen = await masks.count();
    await page.keyboard.press('PageDown');
  }
  expect(seen).toBeGreaterThan(0);
  await expect(masks.first()).toHaveCSS('color', 'rgba(0, 0, 0, 0)');
  // Only decorations: what the editor holds is the lesson's text, every note in it.
  expect(await masks.first().textContent()).toMatch(/"(note|expect)"|\S/);
});
