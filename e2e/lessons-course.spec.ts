/**
 * The course: every lesson has an address, `#/lesson/<id>`, that opens it; choosing a lesson is a step
 * in the history, so back and forward return to it; the gallery lists the lessons in course order with
 * their level; and when a lesson is done the Tasks panel offers the next one.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
// lz-string is CommonJS: Node's loader gives it a default export only.
import lzString from 'lz-string';
import { COURSE } from '../src/core/lessons/course';
import { lessonById } from '../src/core/lessons/catalogue';
import { expect, open, test } from './fixtures';
import { openLesson } from './lessons-support';
import { openTab } from './workbench-support';

const title = (id: string) => lessonById(id)!.title;
const heading = (page: Page, id: string) => page.getByRole('heading', { level: 2, name: title(id), exact: true });

test('a lesson opens at its own address, and back and forward return through the lessons chosen', async ({
  page,
  guard: _,
}) => {
  await page.goto('./#/lesson/deletion-residue');
  await openTab(page, 'Lesson');
  await expect(heading(page, 'deletion-residue')).toBeVisible();

  await openLesson(page, title('attacks'));
  await expect(page).toHaveURL(/#\/lesson\/attacks$/);
  await page.goBack();
  await expect(heading(page, 'deletion-residue')).toBeVisible();
  await page.goForward();
  await expect(heading(page, 'attacks')).toBeVisible();

  // A reload stays on the lesson the address names.
  await page.reload();
  await openTab(page, 'Lesson');
  await expect(heading(page, 'attacks')).toBeVisible();
});

test('back from the first lesson chosen returns to the lesson the page opened with', async ({ page, guard: _ }) => {
  await open(page);
  await openTab(page, 'Lesson');
  await expect(heading(page, 'seed-alice-bob')).toBeVisible();
  await openLesson(page, title('empty-allow-list'));
  await page.goBack();
  await expect(heading(page, 'seed-alice-bob')).toBeVisible();
});

test('an address naming no lesson says so and opens the learner’s own lesson', async ({ page, guard: _ }) => {
  await page.goto('./#/lesson/no-such-lesson');
  await expect(page.getByText(/This address names a lesson this playground does not have/)).toBeVisible();
  await openTab(page, 'Lesson');
  await expect(heading(page, 'seed-alice-bob')).toBeVisible();
});

test('the gallery lists the course in order with levels, and a done lesson offers the next', async ({
  page,
  context,
  guard: _,
}) => {
  const ids = (
    JSON.parse(readFileSync('fixtures/exercises/seed-alice-bob.json', 'utf8')) as {
      exercises: Array<{ id: string }>;
    }
  ).exercises.map((e) => e.id);
  const met = { met: true, hints: 0, answerShown: false, firstMetAt: '2026-01-01T00:00:00.000Z' };
  const progress = {
    format: 1,
    lessons: { 'seed-alice-bob': { taskIds: ids, tasks: Object.fromEntries(ids.map((id) => [id, met])) } },
  };
  await context.addInitScript((text) => {
    if (window.localStorage.getItem('scope-isolation-playground/progress') === null)
      window.localStorage.setItem('scope-isolation-playground/progress', text);
  }, JSON.stringify(progress));
  await open(page);
  await openTab(page, 'Lesson');
  await page.getByRole('button', { name: /^All lessons/ }).click();
  const gallery = page.getByRole('navigation', { name: 'Lessons' });
  await expect(gallery.getByRole('listitem').getByRole('heading', { level: 3 })).toHaveText(
    COURSE.map((step) => title(step.id)),
  );
  await expect(gallery.getByRole('listitem').nth(1)).toContainText(
    `Level: ${COURSE[1]!.level}, about ${COURSE[1]!.minutes} minutes.`,
  );
  await page.keyboard.press('Escape');

  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByText(/^Lesson done/)).toBeVisible();
  const next = title(COURSE[1]!.id);
  await tasks.getByRole('link', { name: next }).click();
  await expect(page).toHaveURL(new RegExp(`#/lesson/${COURSE[1]!.id}$`));
  await expect(page.getByRole('heading', { level: 2, name: next, exact: true })).toBeVisible();
  await page.goBack();
  await expect(heading(page, 'seed-alice-bob')).toBeVisible();
});

const PACK = readFileSync('fixtures/courses/tutoring.course.json', 'utf8');
const pack = JSON.parse(PACK) as {
  title: string;
  lessons: Array<{ title: string; exercises: Array<{ task: string }> }>;
};

test('a course pack opens from a file, lists its lessons, and opens one with its own tasks', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await openTab(page, 'Lesson');
  await page.getByRole('button', { name: /^All lessons/ }).click();
  const section = page.getByRole('region', { name: 'Course pack' });
  await section
    .getByLabel('Open a course pack')
    .setInputFiles({ name: 'tutoring.course.json', mimeType: 'application/json', buffer: Buffer.from(PACK) });
  const list = section.getByRole('list', { name: `Lessons of ${pack.title}` });
  await expect(list.getByRole('button')).toHaveText(pack.lessons.map((lesson) => lesson.title));
  await list.getByRole('button', { name: pack.lessons[1]!.title }).click();
  // The gallery closes on the lesson, whose Tasks panel now lists the pack lesson's own tasks.
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await expect(tasks.getByText(`0 of ${pack.lessons[1]!.exercises.length} tasks met.`)).toBeVisible();
  await expect(tasks).toContainText(pack.lessons[1]!.exercises[0]!.task);

  // A pack that is not one says where.
  await page.getByRole('button', { name: /^All lessons/ }).click();
  await section
    .getByLabel('Open a course pack')
    .setInputFiles({ name: 'bad.course.json', mimeType: 'application/json', buffer: Buffer.from('{"format": 1}') });
  await expect(section).toContainText(
    /bad\.course\.json is not a course pack this playground reads: line 1, column \d+/,
  );
});

test('a course pack opens from a link, its lessons listed in the gallery', async ({ page, guard: _ }) => {
  const fragment = `#/course/${lzString.compressToEncodedURIComponent(PACK)}`;
  await page.goto(`./${fragment}`);
  await openTab(page, 'Lesson');
  const list = page.getByRole('list', { name: `Lessons of ${pack.title}` });
  await expect(list.getByRole('button')).toHaveText(pack.lessons.map((lesson) => lesson.title));
});
