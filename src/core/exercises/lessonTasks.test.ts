/**
 * A lesson's tasks judged from texts, as the command line does it: each text parsed by its engine's
 * schema, so a broken lesson, a broken learner's scenario and a solution that does not apply are each
 * told apart and located; tasks sharing their acts are judged together, each keeping its own verdict.
 */
import { describe, expect, it } from 'vitest';
import { projectText } from '../testing/fixtures';
import { solvedText, verifyLessonTasks } from './lessonTasks';
import { NO_ACTS, type Exercise } from './types';

const seed = projectText('fixtures/scenario.json');
const task = (id: string, goal: Exercise['goal']): Exercise => ({ id, task: 'do it', goal, hints: ['a'], answer: 'x' });
const leak = task('leak', { kind: 'naiveLeak', step: 7, owner: 'alice', to: 'bob' });
const selected = task('selected', { kind: 'stepSelected', step: 7 });

describe('solvedText', () => {
  it('applies the patch, writes the result two-space indented, and hands on the solution’s acts', () => {
    const solved = solvedText(seed, {
      patch: [{ op: 'add', path: '/title', value: 'Solved' }],
      taskActs: { selected: { selectedStep: 7 } },
    } as never);
    if (solved.kind !== 'ok') throw new Error(JSON.stringify(solved.problems));
    expect(solved.text).toBe(`${JSON.stringify({ ...JSON.parse(seed), title: 'Solved' }, null, 2)}\n`);
    expect(solved.actsFor('selected').selectedStep).toBe(7);
  });

  it('locates what stops it: the lesson’s syntax, a missing solution, a patch that does not apply', () => {
    expect(solvedText('{"steps": ', { patch: [] } as never)).toMatchObject({
      kind: 'invalid',
      problems: [{ path: '(syntax)', message: expect.stringMatching(/^JSON syntax: /) }],
    });
    expect(solvedText(seed, undefined)).toEqual({
      kind: 'invalid',
      problems: [{ message: 'the lesson has no solution', path: 'solution' }],
    });
    const bad = solvedText(seed, { patch: [{ op: 'remove', path: '/nowhere' }] } as never);
    expect(bad).toMatchObject({
      kind: 'invalid',
      problems: [{ path: 'solution', message: expect.stringMatching(/^solution\.patch\[0\]: /) }],
    });
  });
});

describe('verifyLessonTasks', () => {
  it('judges the learner’s scenario against the lesson, each task with its own acts', () => {
    const outcome = verifyLessonTasks('store', [leak, selected], { lesson: seed, scenario: seed }, (id) =>
      id === 'selected' ? { ...NO_ACTS, selectedStep: 7 } : NO_ACTS,
    );
    expect(outcome.kind === 'ok' && outcome.verdicts.map((v) => [v.id, v.met])).toEqual([
      ['leak', true],
      ['selected', true],
    ]);
    const same = verifyLessonTasks('store', [selected, leak], { lesson: seed, scenario: seed }, NO_ACTS);
    expect(same.kind === 'ok' && same.verdicts.map((v) => [v.id, v.met])).toEqual([
      ['selected', false],
      ['leak', true],
    ]);
  });

  it('tells a broken lesson from a broken scenario, each located', () => {
    const broken = '{"agents": 5}';
    const lesson = verifyLessonTasks('store', [leak], { lesson: broken, scenario: seed }, NO_ACTS);
    expect(lesson).toMatchObject({ kind: 'invalid', which: 'lesson' });
    expect(lesson.kind === 'invalid' && lesson.problems[0]!.line).toBe(1);
    const scenario = verifyLessonTasks('store', [leak], { lesson: seed, scenario: broken }, NO_ACTS);
    expect(scenario).toMatchObject({ kind: 'invalid', which: 'scenario' });
    for (const engine of ['router', 'memtool'] as const) {
      expect(verifyLessonTasks(engine, [], { lesson: broken, scenario: broken }, NO_ACTS), engine).toMatchObject({
        kind: 'invalid',
        which: 'lesson',
      });
    }
    expect(verifyLessonTasks('vector', [], { lesson: seed, scenario: seed }, NO_ACTS)).toMatchObject({
      kind: 'invalid',
      which: 'scenario',
      problems: [{ path: '(engine)' }],
    });
  });
});
