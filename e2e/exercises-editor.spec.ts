import { expect, monacoReady, open, test } from './fixtures';

const host = '[data-testid="scenario-editor"]';

test.describe('exercises in the scenario editor', () => {
  test("the schema completes a goal's kinds and marks an unknown one, before anything is run", async ({
    page,
    guard: _,
  }) => {
    await open(page);
    await monacoReady(page);
    await page.locator(`${host} .view-lines`).click();
    // After the steps list, before the closing brace: a new top-level field, typed as a teacher would.
    // The file ends "}" and a newline: from its end, two steps left is just before the brace.
    await page.keyboard.press('Control+End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type(',"exercises":[{"goal":{"kind":"');
    await page.keyboard.press('Control+Space');
    const suggestions = page.locator(`${host} .suggest-widget`);
    await expect(suggestions).toContainText('"naiveLeakSelected"', { timeout: 10_000 });
    await expect(suggestions).toContainText('"checkGuardsRule"');
    await page.keyboard.press('Escape');
    await page.keyboard.type('dance');
    await expect(page.locator(`${host} .squiggly-error`).first()).toBeVisible({ timeout: 10_000 });
  });
});
