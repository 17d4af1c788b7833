/**
 * A teacher's scenario with its own exercises drives the page wherever it is loaded: imported from a
 * file, opened from a share link in a fresh browser, and embedded. Its tasks are listed and verified
 * by the core, its solution stays out of the page, and its progress file names it in the classroom view.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
// lz-string is CommonJS: Node's loader gives it a default export only.
import lzString from 'lz-string';
import { expect, open, task, tasks, test } from './fixtures';
import { freshPage, steps } from './lessons-support';
import { openShare } from './workbench-support';

const TUTORING = readFileSync('fixtures/courses/tutoring.scenario.json', 'utf8');
const own = JSON.parse(TUTORING) as { exercises: Array<{ id: string; task: string; answer: string }> };
const [spot, guard] = own.exercises as unknown as [{ task: string; answer: string }, { task: string }];

/** The scenario's own tasks are on screen, none met, and the gallery's are not. */
async function ownTasksShown(page: Page) {
  await expect(tasks(page).getByText('0 of 2 tasks met.')).toBeVisible();
  await expect(tasks(page)).toContainText('These are the tasks your scenario carries itself: A scenario of sam, lee.');
  await expect(task(page, spot.task)).toBeVisible();
  await expect(task(page, guard.task)).toBeVisible();
  await expect(tasks(page)).not.toContainText('Alice');
}

/** Open the page and import the tutoring scenario through Share: its own tasks are listed. */
async function importTutoring(page: Page) {
  await open(page);
  await (
    await openShare(page)
  )
    .getByLabel('Import a scenario file')
    .setInputFiles({ name: 'tutoring.json', mimeType: 'application/json', buffer: Buffer.from(TUTORING) });
  await expect(page.getByText('Imported tutoring.json')).toBeVisible();
  await page.keyboard.press('Escape');
  await ownTasksShown(page);
}

/** Select step 4, where the naive list hands Sam's draft to Lee: the first task is met by the core's verdict. */
async function meetTheFirst(page: Page) {
  await steps(page).nth(4).click();
  await expect(task(page, spot.task)).toContainText('Met: At step 4 the naive request for lee/term-2/tutor');
  await expect(tasks(page).getByText('1 of 2 tasks met.')).toBeVisible();
}

test('an imported scenario’s own tasks are listed and verified, and travel by link and embed', async ({
  page,
  browser,
  baseURL,
  guard: _,
}) => {
  await importTutoring(page);
  await meetTheFirst(page);
  // The answer only on the learner's word.
  await expect(tasks(page)).not.toContainText(spot.answer);

  // The link carries the scenario with its tasks, and without the teacher's solution.
  await openShare(page);
  await page.getByRole('button', { name: 'Share a link' }).click();
  const field = page.getByRole('textbox', { name: 'Share link' });
  await expect(field).toHaveValue(/#v1\./);
  const link = await field.inputValue();
  const hash = link.slice(link.indexOf('#'));
  const state = JSON.parse(lzString.decompressFromEncodedURIComponent(hash.slice('#v1.'.length))) as {
    scenario: string;
  };
  expect(state.scenario).toContain('"exercises"');
  expect(state.scenario).not.toContain('"solution"');

  // A colleague's fresh browser: the same tasks, judged there.
  const fresh = await freshPage(browser, baseURL, `./${hash}`);
  await expect(task(fresh.page, spot.task)).toContainText('Met:');
  await expect(tasks(fresh.page)).toContainText('These are the tasks your scenario carries itself');
  await fresh.page.context().close();
  expect(fresh.errors).toEqual([]);

  // Embedded in another site's page.
  const embedded = await browser.newContext({ baseURL });
  const frame = await embedded.newPage();
  await frame.goto(`./?embed${hash}`);
  await expect(task(frame, spot.task)).toContainText('Met:');
  await expect(task(frame, guard.task)).toContainText('Not yet.');
  await embedded.close();
});

test('a scenario’s own progress is kept under its hash, and the classroom view names the scenario', async ({
  page,
  guard: _,
}) => {
  await importTutoring(page);
  await meetTheFirst(page);

  const saved = await page.evaluate(() => window.localStorage.getItem('scope-isolation-playground/progress'));
  const kept = Object.keys((JSON.parse(saved!) as { lessons: object }).lessons);
  expect(kept).toEqual([expect.stringMatching(/^scenario-[0-9a-z]{11}$/)]);

  // A reload keeps the scenario (the learner's own work now) and its progress.
  await page.reload();
  await expect(tasks(page).getByText('1 of 2 tasks met.')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await tasks(page).getByRole('button', { name: 'Download my progress' }).click();
  const text = readFileSync((await (await downloading).path())!, 'utf8');
  const file = JSON.parse(text) as { lessons: Array<{ id: string; title: string; tasks: Array<{ task: string }> }> };
  expect(file.lessons[0]).toMatchObject({ id: kept[0], title: 'A scenario of sam, lee' });
  expect(file.lessons[0]!.tasks.map((t) => t.task)).toEqual([spot.task, guard.task]);

  await tasks(page).getByRole('link', { name: 'Open the classroom view' }).click();
  await page
    .getByLabel('Import progress files')
    .setInputFiles([{ name: 'sam.json', mimeType: 'application/json', buffer: Buffer.from(text) }]);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'A scenario of sam, lee' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: spot.task })).toBeVisible();
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^sam\.json/ }) });
  await expect(row.getByRole('cell')).toHaveText(['0', '✓ met, 0 hints', '○ not yet, 0 hints']);
});
