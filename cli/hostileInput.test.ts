/**
 * Input that names what a plain object inherits, or that holds terminal controls: a task ID `toString`
 * or `constructor` is a task like any other, and a title or an ID with ESC, BEL or U+202E is printed
 * escaped, so a pack cannot recolour, hide or rewrite the report's lines.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { npmRun, projectText, removeScratch, scratch } from './testing';

afterAll(removeScratch);
const write = scratch('hostile-test-');

interface Lesson {
  scenario: Record<string, unknown>;
  exercises: Array<{ id: string }>;
  solution: { taskActs: Record<string, unknown>; acts?: unknown };
}

/** The tutoring pack, its first task renamed `id`, its acts the solution's general ones (no taskActs entry). */
function packWithTaskId(id: string): { title: string; lessons: Lesson[] } {
  const pack = JSON.parse(projectText('fixtures/courses/tutoring.course.json')) as { title: string; lessons: Lesson[] };
  const lesson = pack.lessons[0]!;
  const old = lesson.exercises[0]!.id;
  lesson.exercises[0]!.id = id;
  lesson.solution.acts = lesson.solution.taskActs[old];
  delete lesson.solution.taskActs[old];
  return pack;
}

describe('a task ID that an object inherits', () => {
  it.each(['toString', 'constructor', 'plain-id'])('a pack whose task is %s is proved as any other', async (id) => {
    const file = write(`${id}.course.json`, JSON.stringify(packWithTaskId(id)));
    const { code, stderr } = await npmRun('replay', '--check', '--course', file);
    expect(stderr).toContain('2 lessons, 0 failed');
    expect(code).toBe(0);
  });

  it.each(['constructor', 'toString', 'plain-id'])('--solution meets a task named %s', async (id) => {
    const lesson = packWithTaskId(id).lessons[0]!;
    const file = write(
      `${id}.scenario.json`,
      JSON.stringify({ ...lesson.scenario, exercises: lesson.exercises, solution: lesson.solution }),
    );
    const { code, stderr } = await npmRun('replay', '--check', '--solution', file);
    expect(stderr).toContain(`task ${id}: met: `);
    expect(code).toBe(0);
  });
});

describe('terminal controls in a pack', () => {
  it('prints a title and a task ID holding ESC, BEL and U+202E escaped', async () => {
    const id = 't\u001b[32mok\u202e';
    const pack = packWithTaskId(id);
    pack.title = 'Evil \u001b[2K\u0007\u202eliated';
    delete (pack.lessons[0]!.solution as { acts?: unknown }).acts;
    const file = write('evil.course.json', JSON.stringify(pack));
    const { code, stderr } = await npmRun('replay', '--check', '--course', file);
    for (const raw of ['\u001b', '\u0007', '\u202e']) expect(stderr).not.toContain(raw);
    expect(stderr).toContain('task t\\x1b[32mok\\u202e');
    expect(stderr).toContain(': Evil \\x1b[2K\\x07\\u202eliated: 2 lessons, 1 failed\n');
    expect(code).toBe(3);
  });

  it('prints a file name holding a newline and ESC escaped, on one line', async () => {
    const file = write('bad\n\u001b[1Aname.json', '{');
    const { code, stderr } = await npmRun('replay', file);
    expect(stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(stderr).toContain('bad\\n\\x1b[1Aname.json:');
    expect(code).toBe(2);
  });
});

describe('a pack that is not what it should be', () => {
  it('says a pack that is a JSON array is one, where it starts (exit 5)', async () => {
    const file = write('array.course.json', '\n  [1, 2]\n');
    const { code, stderr } = await npmRun('replay', '--check', '--course', file);
    expect(stderr).toBe(
      `${file}:2:3: (the whole pack): the pack is a JSON array; a course pack is a JSON object ({"format": "scope-isolation-playground/course", ...})\n`,
    );
    expect(code).toBe(5);
  });

  it('lists the first 100 faults of a lesson with 5,000 failing tasks, then how many more', async () => {
    const pack = packWithTaskId('first');
    const lesson = pack.lessons[0]!;
    const task = lesson.exercises[0]!;
    for (let i = 0; i < 5_000; i++) lesson.exercises.push({ ...task, id: `extra-${i}` });
    delete lesson.solution.acts;
    const file = write('many.course.json', JSON.stringify(pack));
    const { code, stderr } = await npmRun('replay', '--check', '--course', file);
    const lines = stderr.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(105);
    expect(lines).toContain('… and 4901 more');
    expect(lines.at(-1)).toMatch(/2 lessons, 1 failed$/);
    expect(code).toBe(3);
  });
});
