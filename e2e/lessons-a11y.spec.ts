/** The lessons shell's views pass axe in both themes and a narrow window; screenshots of each for a person to look at. */
import type { Page } from '@playwright/test';
import { axe } from './axe-support';
import { expect, monacoReady, open, SHOTS, test } from './fixtures';
import { openLesson, steps } from './lessons-support';
import { openEditor, openPhonePane, openShare, openTab } from './workbench-support';

// About what each lesson's page shows, not its tasks: every task given up, nothing is withheld.
test.use({ revealed: true });

// One axe pass over a lesson page takes about 10 s on two cores.
test.describe.configure({ timeout: 240_000 });

/** The editor at the foot of a router or memtool lesson, mounted. */
async function editorReady(page: Page, word: string) {
  // Monaco loads when the editor comes near the viewport (or a little after the page settles).
  await openEditor(page);
  await expect(page.locator('[data-testid="scenario-editor"] .monaco-editor .view-lines')).toContainText(word, {
    timeout: 20_000,
  });
}

test('axe finds no violations in the gallery, the router and memtool lessons, a share link and a broken link (light)', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await monacoReady(page);
  await page.getByRole('button', { name: /^All lessons/ }).click();
  await expect(page.getByRole('navigation', { name: 'Lessons' })).toBeVisible();
  expect(await axe(page), 'gallery open').toEqual([]);
  await page
    .getByRole('navigation', { name: 'Lessons' })
    .getByRole('button', { name: 'Authorize before ranking', exact: true })
    .click();
  await editorReady(page, 'contexts');
  await steps(page).nth(7).click();
  await openShare(page);
  await page.getByRole('button', { name: 'Share a link' }).click();
  await expect(page.getByRole('textbox', { name: 'Share link' })).toBeVisible();
  expect(await axe(page), 'router lesson at step 7, share link shown').toEqual([]);
  await openLesson(page, 'The scope key comes from the session');
  await editorReady(page, 'sessions');
  for (const index of [1, 4, 12]) {
    await steps(page).nth(index).click();
    expect(await axe(page), `memtool lesson at call ${index}`).toEqual([]);
  }
  await page.goto('./#v1.broken!');
  await expect(page.getByRole('alert').filter({ hasText: 'This link could not be opened.' })).toBeVisible();
  expect(await axe(page), 'broken link banner').toEqual([]);
});

test('axe finds no violations in the lessons in the dark theme', async ({ page, guard: _ }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await open(page);
  await openLesson(page, 'Authorize before ranking');
  await editorReady(page, 'contexts');
  await steps(page).nth(1).click();
  expect(await axe(page), 'router').toEqual([]);
  await page.screenshot({ path: `${SHOTS}/lessons-dark-router.png` });
  await openLesson(page, 'The scope key comes from the session');
  await editorReady(page, 'sessions');
  await steps(page).nth(1).click();
  expect(await axe(page), 'memtool').toEqual([]);
  await openLesson(page, 'Metadata that names its owner');
  await page.getByRole('button', { name: /^Reproduce the incident/ }).click();
  expect(await axe(page), 'store lesson, incident reproduced').toEqual([]);
});

test('axe finds no violations in the lessons in a narrow window', async ({ page, guard: _ }) => {
  await page.setViewportSize({ width: 420, height: 900 });
  await open(page);
  await openTab(page, 'Lesson');
  await page.getByRole('button', { name: /^All lessons/ }).click();
  await page.screenshot({ path: `${SHOTS}/lessons-narrow-1-gallery.png` });
  await page
    .getByRole('navigation', { name: 'Lessons' })
    .getByRole('button', { name: 'The scope key comes from the session', exact: true })
    .click();
  await editorReady(page, 'sessions');
  await openPhonePane(page, 'Steps');
  await steps(page).nth(1).click();
  await openPhonePane(page, 'Requests');
  expect(await axe(page), 'memtool').toEqual([]);
  await page.getByRole('region', { name: 'Answers to search_memory' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/lessons-narrow-3-memtool-search.png` });
  await openLesson(page, 'Authorize before ranking');
  await openPhonePane(page, 'Steps');
  await steps(page).nth(1).click();
  await openPhonePane(page, 'Requests');
  expect(await axe(page), 'router').toEqual([]);
  await page.getByRole('region', { name: 'Recall for general-room' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/lessons-narrow-2-router-recall.png` });
});

test.describe('screenshots', () => {
  test('each lesson view at 1280×800', async ({ page, guard: _ }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page);
    await page.screenshot({ path: `${SHOTS}/lessons-wide-0-seed-lesson.png` });
    await openLesson(page, 'Authorize before ranking');
    await page.screenshot({ path: `${SHOTS}/lessons-wide-2a-router-top.png` });
    await steps(page).nth(1).click();
    await page.getByRole('region', { name: 'Recall for general-room' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/lessons-wide-2b-router-recall.png` });
    await openTab(page, 'Checks');
    await page.getByRole('region', { name: 'Checks', exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/lessons-wide-2c-router-checks.png` });
    await openLesson(page, 'The scope key comes from the session');
    await steps(page).nth(1).click();
    await page
      .getByRole('region', { name: 'Answers to search_memory' })
      .screenshot({ path: `${SHOTS}/lessons-wide-3a-memtool-search.png` });
    await steps(page).nth(4).click();
    await page
      .getByRole('region', { name: 'Answers to forget_memory' })
      .screenshot({ path: `${SHOTS}/lessons-wide-3b-memtool-forget.png` });
    await steps(page).nth(12).click();
    await page
      .getByRole('region', { name: 'Answers to view_memory_file' })
      .screenshot({ path: `${SHOTS}/lessons-wide-3c-memtool-path.png` });
    await openLesson(page, 'Metadata that names its owner');
    await page.getByRole('button', { name: /^Reproduce the incident/ }).click();
    await page.screenshot({ path: `${SHOTS}/lessons-wide-4-store-reproduced.png` });
  });
});
