/**
 * Never losing work, in the built page: the editor's text survives a reload and a crash of the page
 * without being run; storage that holds garbage, is disabled or is full is reported and ignored; a
 * reset can be undone.
 */
import { expect, type Page, test } from '@playwright/test';
import { editorText, enableTestHook, expectUnharmed, SEED, type Watch, watch } from './hostile-support';
import { openEditor, SAVED_KEY } from './workbench-support';

const EDITOR = '[data-testid="scenario-editor"]';

async function openPage(page: Page): Promise<Watch> {
  await enableTestHook(page);
  const seen = watch(page);
  await page.goto('./');
  await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
  // A first visit opens with the tour (this spec's storage is its own, often broken on purpose, so the tour
  // cannot be marked seen beforehand): close it as a learner would before working in the editor.
  await page.getByRole('dialog').getByRole('button', { name: 'Close the tour' }).click();
  return seen;
}

/** Type at the end of Monaco's text, as a person would. */
async function typeInEditor(page: Page, text: string) {
  await openEditor(page);
  await expect(page.locator(`${EDITOR} .monaco-editor .view-lines`)).toContainText(/"agents"|"op"/, {
    timeout: 20_000,
  });
  await page.locator(`${EDITOR} .view-lines`).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

const notice = (page: Page) => page.locator('.notice[role="status"]');

test('an edit that was never run survives a reload', async ({ page, baseURL }) => {
  const seen = await openPage(page);
  await typeInEditor(page, '\n// draft');
  await expect(page.getByRole('region', { name: 'Scenario editor' }).getByRole('status').first()).toHaveText(
    'Edited: run it to replay the scenario.',
  );
  await page.reload();
  await expect.poll(() => editorText(page)).toBe(`${SEED}\n// draft`);
  await page.locator(`${EDITOR} .view-lines`).click();
  await page.keyboard.press('Control+End');
  await expect(page.locator(`${EDITOR} .view-lines`)).toContainText('// draft', { timeout: 20_000 });
  await expectUnharmed(page, seen, new URL(baseURL!).origin);
});

test('an edit survives the page going away without warning, as in a crash', async ({ page, context }) => {
  // Chromium's own crash (CDP Page.crash) takes the whole test profile with it here, so the page is
  // closed with no unload handler run instead: what survives is only what was saved as it was typed.
  await openPage(page);
  await typeInEditor(page, '\n// before the crash');
  await page.close({ runBeforeUnload: false });
  const again = await context.newPage();
  await enableTestHook(again);
  await again.goto('./');
  await expect.poll(() => editorText(again)).toBe(`${SEED}\n// before the crash`);
});

test('a reset can be undone from the editor', async ({ page, baseURL }) => {
  const seen = await openPage(page);
  await typeInEditor(page, '\n// mine');
  await page.getByRole('button', { name: 'Reset to the seed scenario' }).click();
  await expect.poll(() => editorText(page)).toBe(SEED);
  await expect(page.getByText('your edit was set aside')).toBeVisible();
  await page.getByRole('button', { name: 'Undo the reset' }).click();
  await expect.poll(() => editorText(page)).toBe(`${SEED}\n// mine`);
  await page.reload();
  await expect.poll(() => editorText(page)).toBe(`${SEED}\n// mine`);
  await expectUnharmed(page, seen, new URL(baseURL!).origin);
});

test('garbage in storage is reported and ignored: the seed scenario is shown', async ({ page, baseURL }) => {
  await page.addInitScript((key) => window.localStorage.setItem(key, '{"format": 1, "te\u0000'), SAVED_KEY);
  const seen = await openPage(page);
  await expect(notice(page)).toContainText('The saved scenario could not be read');
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button')).toHaveCount(13);
  await expect.poll(() => editorText(page)).toBe(SEED);
  await expectUnharmed(page, seen, new URL(baseURL!).origin);
});

test('disabled storage is reported, and the page works without it', async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  const seen = await openPage(page);
  await expect(notice(page)).toContainText('does not let the page store data');
  await typeInEditor(page, '\n');
  await page.getByRole('button', { name: 'Run' }).click();
  // Step 7, the first leak: no task asks about it, so its verdict is shown while the tasks are pending.
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(7).click();
  await expect(page.getByRole('region', { name: 'Naive global list' }).getByRole('status')).toContainText(
    /\d of \d items? leaked/,
  );
  await expectUnharmed(page, seen, new URL(baseURL!).origin);
});

test('full storage is reported at the edit it could not keep', async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  const seen = await openPage(page);
  await expect(notice(page)).toHaveCount(0);
  await typeInEditor(page, ' ');
  await expect(notice(page)).toContainText("The browser's storage is full, so this edit will not survive a reload.");
  await notice(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice(page)).toHaveCount(0);
  await expectUnharmed(page, seen, new URL(baseURL!).origin);
});
