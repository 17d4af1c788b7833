/**
 * Proving a course pack (`replay --check --course FILE`): a lesson's author learns of a task met before
 * the learner does anything, a task the solution does not meet, a missing or inapplicable solution, and a
 * scenario that does not parse, each located by line and column, on the lesson that has it.
 */
import { describe, expect, it } from 'vitest';
import { projectText } from '../testing/fixtures';
import type { Exercise } from '../exercises/types';
import { type CoursePack, parseCoursePack } from './pack';
import { proveCourse } from './prove';

/** The teacher's tutoring pack, fresh each time so a test can break one lesson of it. */
const tutoring = (): CoursePack => {
  const parsed = parseCoursePack(projectText('fixtures/courses/tutoring.course.json'));
  if (parsed.kind !== 'ok') throw new Error('the tutoring pack does not parse');
  return parsed.scenario;
};

const clean = (id: string, tasks: number) => ({
  id,
  tasks,
  metUnsolved: [],
  unmetSolved: [],
  problems: [],
  faults: [],
});

describe('proveCourse', () => {
  it('proves each lesson of a sound pack, in the pack’s order, counting its tasks', () => {
    expect(proveCourse(tutoring())).toEqual([clean('the-copied-draft', 2), clean('a-new-term', 2)]);
  });

  it('names a task the lesson meets before the learner does anything', () => {
    const pack = tutoring();
    const free: Exercise = {
      id: 'already-there',
      task: 'Find the step where the naive list hands Sam’s item to Lee.',
      goal: { kind: 'naiveLeak', step: 4, owner: 'sam', to: 'lee' },
      hints: ['Look at step 4.', 'Compare the naive request.'],
      answer: 'Step 4.',
    };
    pack.lessons[0]!.exercises.push(free);
    const [first, second] = proveCourse(pack);
    expect(first!.tasks).toBe(3);
    expect(first!.metUnsolved.map((v) => [v.id, v.met])).toEqual([['already-there', true]]);
    expect(first!.metUnsolved[0]!.reason).toContain('At step 4 the naive request for lee/term-2/tutor');
    expect(first!.unmetSolved).toEqual([]);
    expect(first!.problems).toEqual([]);
    expect(second).toEqual(clean('a-new-term', 2));
  });

  it('names a task the solution does not meet, with the reason', () => {
    const pack = tutoring();
    pack.lessons[0]!.solution = { ...pack.lessons[0]!.solution!, patch: [] };
    const [first] = proveCourse(pack);
    expect(first!.unmetSolved).toEqual([
      {
        id: 'keep-the-grader-blind',
        met: false,
        reason: "Your scenario has no `expect` assertion of its own yet (the lesson's own do not count).",
      },
    ]);
    expect(first!.metUnsolved).toEqual([]);
    expect(first!.problems).toEqual([]);
  });

  it('says when a lesson has no solution, or its solution does not apply', () => {
    const none = tutoring();
    delete none.lessons[1]!.solution;
    expect(proveCourse(none)).toEqual([
      clean('the-copied-draft', 2),
      { ...clean('a-new-term', 2), problems: ['solution: the lesson has no solution'] },
    ]);
    const past = tutoring();
    past.lessons[0]!.solution = {
      ...past.lessons[0]!.solution!,
      patch: [{ op: 'replace', path: '/steps/99/expect', value: {} }],
    };
    expect(proveCourse(past)[0]!.problems).toEqual([
      'solution: solution.patch[0]: replace at "/steps/99/expect": index 99 is past the end (the array holds 6)',
    ]);
  });

  it('locates a scenario problem by line and column, before and with the solution', () => {
    const pack = tutoring();
    (pack.lessons[0]!.scenario as { steps: Array<{ op: string }> }).steps[1]!.op = 'dance';
    const problem =
      '45:13 steps[1].op: expected one of "write", "handoff", "query", "close_task", "import", "forget_user"';
    expect(proveCourse(pack)[0]).toEqual({
      ...clean('the-copied-draft', 2),
      problems: [problem, `with its solution: ${problem}`],
    });
  });
});
