/** Issue 15, items 1 and 2: a link, a clean start or a rule card never loses the learner's own work. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
// lz-string is CommonJS: Node's loader gives it a default export only.
import lzString from 'lz-string';
import type { ShareState } from '../src/core/sharing/shareLink';
import { expect, open, test } from './fixtures';
import { editorText, enableTestHook, loadThroughStore } from './hostile-support';
import { openLesson } from './lessons-support';
import { openEditor, openTab, SAVED_KEY, savedText } from './workbench-support';

const SEED = readFileSync('fixtures/scenario.json', 'utf8');
const SAVED = SEED.replace('Bob prefers short answers.', 'Bob prefers detailed answers.');
const link = (state: ShareState) => `#v1.${lzString.compressToEncodedURIComponent(JSON.stringify(state))}`;
const LATER = link({ scenario: SEED, step: 9, principal: null, question: null, rulesOff: [], lesson: null });

async function saveOwnWork(page: Page) {
  await open(page);
  await page.evaluate(
    ([key, text]) => localStorage.setItem(key!, JSON.stringify({ format: 1, text })),
    [SAVED_KEY, SAVED],
  );
  await page.goto('about:blank');
}

test.describe('the learner’s own work (issue 15, item 1)', () => {
  for (const [name, hash, banner] of [
    ['a shared link at a later step', LATER, 'You opened a shared link'],
    ['the clean start', '#clean', 'Clean start'],
  ] as const) {
    test(`survives a rule switch in ${name}, and the banner stays in view`, async ({ page, guard: _ }) => {
      await saveOwnWork(page);
      await page.goto(`/${hash}`);
      const status = page.getByRole('status').filter({ hasText: banner });
      await expect(status).toBeVisible();
      // The editor is a pane, closed by default; the rule switches are a dock tab.
      await openEditor(page);
      await expect(page.getByRole('heading', { level: 2, name: 'Scenario editor' })).toBeAttached();
      // Opening at a later step does not scroll the banner away.
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await expect(status).toBeInViewport();

      await openTab(page, 'Break a rule');
      await page.getByRole('checkbox', { name: 'Scope keys come from the principal' }).uncheck();
      await expect(page.getByText('⚠ off: broken')).toBeVisible();
      await expect(status).toBeVisible();
      expect(await savedText(page)).toBe(SAVED);
      await status.getByRole('button', { name: 'Back to my own work' }).click();
      await page.goto('/');
      expect(await savedText(page)).toBe(SAVED);
    });
  }

  test('an edit in a shared link keeps the earlier work aside, to restore after a reload', async ({
    page,
    guard: _,
  }) => {
    await saveOwnWork(page);
    await page.goto(`/${LATER}`);
    await expect(page.getByRole('status').filter({ hasText: 'You opened a shared link' })).toBeVisible();
    await openEditor(page);
    await page.getByRole('button', { name: 'Reset to the seed scenario' }).click();
    const kept = page.getByRole('status').filter({ hasText: 'was replaced by this one, and kept aside' });
    await expect(kept).toBeVisible();
    await page.reload();
    await expect(kept).toBeVisible();
    await kept.getByRole('button', { name: 'Restore my earlier work' }).click();
    await expect.poll(() => savedText(page)).toBe(SAVED);
  });
});

test('a rule card opens the lesson that tests it, and the work on screen is kept (issue 15, item 2)', async ({
  page,
  guard: _,
}) => {
  await enableTestHook(page);
  await open(page);
  await loadThroughStore(page, SAVED);
  await openTab(page, 'Break a rule');
  const escaping = page
    .getByRole('region', { name: 'Break a rule' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('checkbox', { name: 'Item text is escaped', exact: true }) });
  await escaping.getByRole('button', { name: 'Open the lesson “Five attacks the store turns away”' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Five attacks the store turns away' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button')).toHaveCount(14);
  expect(await savedText(page)).toBe(SAVED);
  await openLesson(page, 'Alice, Bob and the export job');
  expect(await editorText(page)).toBe(SAVED);
});
