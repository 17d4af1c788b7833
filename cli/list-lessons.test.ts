/**
 * npm run replay -- --list-lessons: one line per gallery lesson in the course's order, `ID<tab>ENGINE<tab>TITLE`; and every
 * lesson it lists is proved by `replay --check --solution --lesson ID` (read from the list, not named here).
 */
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../src/core/lessons/catalogue';
import { courseLessons } from '../src/core/lessons/course';
import { npmRun } from './testing';

const listed = async () => {
  const { code, stdout, stderr } = await npmRun('replay', '--list-lessons');
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split('\t'));
};

describe('npm run replay -- --list-lessons', () => {
  it('prints each lesson of the gallery once, in its order, as ID, engine and title', async () => {
    const lines = await listed();
    expect(lines).toEqual(courseLessons().map((lesson) => [lesson.id, lesson.engine, lesson.title]));
    expect(lines[0]).toEqual(['seed-alice-bob', 'store', 'Alice, Bob and the export job']);
    // Every lesson of the catalogue is listed: none is left out of the course.
    expect(lines.map(([id]) => id).toSorted()).toEqual(LESSONS.map((lesson) => lesson.id).toSorted());
  });

  it('refuses to be combined with anything else', async () => {
    const { code, stdout, stderr } = await npmRun('replay', '--list-lessons', '--check');
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    expect(stderr).toBe('usage: npm run --silent replay -- --list-lessons\n');
  });

  it('lists only lessons whose solution meets every task under replay --check --solution', async () => {
    const lines = await listed();
    expect(lines.length).toBeGreaterThan(1);
    for (const [id] of lines) {
      const { code, stderr } = await npmRun('replay', '--check', '--solution', '--lesson', id!);
      const tasks = stderr.split('\n').filter((line) => line.startsWith('task '));
      expect({ id, code }).toEqual({ id, code: 0 });
      expect(tasks.length, id).toBeGreaterThanOrEqual(2);
      expect(
        tasks.filter((line) => !/^task [\w-]+: met: /.test(line)),
        id,
      ).toEqual([]);
      expect(stderr, id).toMatch(/^\d+ checks, 0 failed$/m);
    }
  }, 120_000);
});
