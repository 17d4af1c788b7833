/**
 * npm run replay -- --check --course FILE proves a course pack: each lesson's scenario passes `replay
 * --check`, each lesson's solution meets every task and the unsolved lesson meets none. Exit codes: 0
 * proved, 2 usage, 3 a solution misses a task (named), 4 an unsolved lesson meets a task (named), 5 an
 * invalid pack (located by line and column), 6 a lesson's scenario refuses a step or fails a check.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { packedCourse } from '../src/core/courses/galleryPack';
import { npmRun, projectText, removeScratch, scratch, STACK_LINE } from './testing';

afterAll(removeScratch);
const write = scratch('course-test-');

type Pack = { lessons: Array<Record<string, unknown> & { solution: { taskActs?: object; patch?: unknown[] } }> };
const tutoring = () => JSON.parse(projectText('fixtures/courses/tutoring.course.json')) as Pack;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe('npm run replay -- --check --course', () => {
  it.each([
    // The gallery's pack holds every lesson of the course a pack can carry (npm run course:gallery).
    ['fixtures/courses/gallery.course.json', packedCourse().length],
    ['fixtures/courses/tutoring.course.json', 2],
  ])('proves %s: every solution meets every task, no unsolved lesson meets one', async (file, lessons) => {
    const proved = await npmRun('replay', '--check', '--course', file);
    expect(proved.stderr).toContain(`${lessons} lessons, 0 failed`);
    expect(proved.stderr.match(/unsolved meets none, the solution meets every one/g)).toHaveLength(lessons);
    expect(proved.stdout).toBe('');
    expect(proved.code).toBe(0);
  });

  it('exits 3 naming the lesson and the task a broken solution misses', async () => {
    const pack = tutoring();
    delete pack.lessons[1]!.solution.patch;
    const run = await npmRun('replay', '--check', '--course', write('broken-solution.course.json', json(pack)));
    expect(run.stderr).toMatch(
      /broken-solution\.course\.json:\d+:\d+: lesson a-new-term: the solution does not meet task new-student: /m,
    );
    expect(run.stderr).not.toMatch(/reset this lesson/);
    expect(run.stderr).toContain('lesson 1 the-copied-draft: 2 tasks, its checks pass, unsolved meets none');
    expect(run.stderr).toContain('2 lessons, 1 failed');
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(run.code).toBe(3);
  });

  it('exits 4 naming a task the lesson meets before the learner does anything', async () => {
    const pack = tutoring();
    const exercises = pack.lessons[0]!.exercises as Array<Record<string, unknown>>;
    // A goal about the scenario as it stands: the leak is there from the start.
    exercises[0]!.goal = { kind: 'naiveLeak', step: 4, owner: 'sam', to: 'lee' };
    const run = await npmRun('replay', '--check', '--course', write('met-unsolved.course.json', json(pack)));
    expect(run.stderr).toMatch(
      /\.course\.json:\d+:\d+: lesson the-copied-draft: task spot-the-copied-draft is met before the learner does anything/,
    );
    expect(run.code).toBe(4);
  });

  it('exits 6 naming the lesson, the step and its place when a lesson’s agent hands off without delegate', async () => {
    const pack = tutoring();
    const agents = (pack.lessons[0]!.scenario as { agents: Array<{ tools: string[] }> }).agents;
    agents[0]!.tools = [];
    const text = json(pack);
    const run = await npmRun('replay', '--check', '--course', write('refused.course.json', text));
    const line = text.split('\n').findIndex((l) => l.includes('"op": "handoff"')) + 1;
    expect(run.stderr).toMatch(
      new RegExp(
        `refused\\.course\\.json:${line - 1}:\\d+: lesson the-copied-draft: step 5 \\(handoff\\): the store refuses this step: `,
        'm',
      ),
    );
    expect(run.stderr).toContain('lesson 1 the-copied-draft: 2 tasks, FAILED');
    expect(run.stderr).toContain('2 lessons, 1 failed');
    expect(run.code).toBe(6);
    // `replay --check` on the same scenario alone fails too: the pack's check is the same check.
    const alone = await npmRun('replay', '--check', write('refused.scenario.json', json(pack.lessons[0]!.scenario)));
    expect(alone.code).not.toBe(0);
  });

  it('exits 6 naming the step whose own expect fails, problems sorted by line', async () => {
    const pack = tutoring();
    const steps = (pack.lessons[1]!.scenario as { steps: Array<Record<string, unknown>> }).steps;
    steps[2]!.expect = { includes: ['sam-goal'] };
    const first = (pack.lessons[0]!.scenario as { steps: Array<Record<string, unknown>> }).steps;
    first[3]!.expect = { excludes: ['lee-goal'] };
    const run = await npmRun('replay', '--check', '--course', write('failing-expect.course.json', json(pack)));
    const problems = run.stderr.split('\n').filter((l) => /failing-expect\.course\.json:\d+:\d+: /.test(l));
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /:\d+:\d+: lesson the-copied-draft: step 4: its expect fails: the request holds lee-goal/,
    );
    expect(problems[1]).toMatch(/:\d+:\d+: lesson a-new-term: step 3: its expect fails: the request lacks sam-goal/);
    const lines = problems.map((l) => Number(/course\.json:(\d+):/.exec(l)![1]));
    expect(lines[0]).toBeLessThan(lines[1]!);
    expect(run.stderr).toContain('2 lessons, 2 failed');
    expect(run.code).toBe(6);
  });

  it('exits 5 for an invalid pack, each problem located by line and column', async () => {
    const pack = tutoring();
    pack.lessons[1]!.buildsOn = ['later'];
    (pack.lessons[0]!.scenario as Record<string, unknown>).exercises = [];
    const run = await npmRun('replay', '--check', '--course', write('invalid.course.json', json(pack)));
    expect(run.stderr).toMatch(
      /invalid\.course\.json:\d+:\d+: lessons\[1\]\.buildsOn\[0\]: later is not an earlier lesson/,
    );
    expect(run.stderr).toMatch(/lessons\[0\]\.scenario: put the exercises and the solution beside the scenario/);
    expect(run.code).toBe(5);
    const syntax = await npmRun('replay', '--check', '--course', write('syntax.course.json', '{"format": '));
    expect(syntax.stderr).toMatch(/syntax\.course\.json:1:\d+: /);
    expect(syntax.code).toBe(5);
    const big = await npmRun('replay', '--check', '--course', write('big.course.json', `"${'x'.repeat(4_000_000)}"`));
    expect(big.stderr).toMatch(/a course pack holds at most 4,000,000/);
    expect(big.code).toBe(5);
  });

  it('proves the README’s complete small pack, as the README shows it', async () => {
    const readme = projectText('README.md');
    const at = readme.indexOf('```json', readme.indexOf('A complete small pack')) + '```json\n'.length;
    const example = readme.slice(at, readme.indexOf('\n```', at));
    const run = await npmRun('replay', '--check', '--course', write('readme.course.json', `${example}\n`));
    expect(run.stderr).toContain('1 lesson, 0 failed');
    expect(run.code).toBe(0);
  });

  it('exits 2 for a missing file, a missing value, or another option beside it', async () => {
    expect((await npmRun('replay', '--check', '--course', 'no/such.json')).code).toBe(2);
    expect((await npmRun('replay', '--check', '--course')).stderr).toMatch(/--course needs a value/);
    const both = await npmRun('replay', '--check', '--solution', '--course', 'fixtures/courses/tutoring.course.json');
    expect(both.stderr).toMatch(/give it alone/);
    expect(both.code).toBe(2);
  });
});
