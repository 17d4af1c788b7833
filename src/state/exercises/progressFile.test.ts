import { describe, expect, it } from 'vitest';
import { MAX_ACTS } from '../../core/limits';
import { classroomTable } from './classroom';
import { buildProgressFile, type ProgressFile, readProgressFile } from './progressFile';
import { recordActs, recordVerdicts, revealHint } from './progressLogic';
import { EXERCISES, RULE_OFF, SELECT_STEP } from './testExercises';

const now = new Date('2026-12-01T12:00:00Z');

function fileFor(learner: string, metBoth: boolean): ProgressFile {
  let { progress } = recordVerdicts(
    {},
    'seed',
    EXERCISES,
    [
      { id: SELECT_STEP.id, met: true, reason: 'yes' },
      { id: RULE_OFF.id, met: metBoth, reason: '' },
    ],
    '2026-12-01T11:00:00.000Z',
  );
  progress = revealHint(progress, 'seed', EXERCISES, RULE_OFF);
  progress = recordActs(progress, 'seed', EXERCISES, [
    { kind: 'predict', step: 9, leak: 'bob-export-plan' },
    { kind: 'see', step: 9 },
  ]);
  return buildProgressFile({
    progress,
    learner,
    now,
    lessonInfo: () => ({ title: 'Alice and Bob', exercises: EXERCISES }),
    textOf: () => '{"users": ["alice"]}',
  });
}

describe('the progress file', () => {
  it('holds the lessons, tasks met, hints used, the learner’s scenario text and when, and reads back unchanged', () => {
    const file = fileFor('Ada', false);
    expect(file.exportedAt).toBe('2026-12-01T12:00:00.000Z');
    expect(file.lessons[0]).toMatchObject({ id: 'seed', done: false, scenario: '{"users": ["alice"]}' });
    expect(file.lessons[0]!.tasks.map((t) => [t.id, t.met, t.hintsUsed])).toEqual([
      ['select-leak', true, 0],
      ['task-rule', false, 1],
    ]);
    expect(file.lessons[0]!.acts).toEqual([
      { kind: 'predict', step: 9, leak: 'bob-export-plan' },
      { kind: 'see', step: 9 },
    ]);
    expect(readProgressFile(JSON.stringify(file))).toEqual({ kind: 'ok', file });
  });

  it('turns away a file that is not JSON, not ours, or too large, saying why and where', () => {
    expect(readProgressFile('{oops')).toMatchObject({
      kind: 'error',
      reason: expect.stringMatching(/^it is not JSON/),
    });
    const wrong = { ...fileFor('Ada', true), lessons: [{ id: 'seed' }] };
    expect(readProgressFile(JSON.stringify(wrong))).toMatchObject({
      kind: 'error',
      reason: expect.stringMatching(/^lessons\.0\.title: /),
    });
    expect(readProgressFile(JSON.stringify({ format: 'other' }))).toMatchObject({ reason: /^format: / });
    expect(readProgressFile(' '.repeat(2_000_001))).toMatchObject({ reason: /too large/ });
    const long = fileFor('Ada', true);
    long.lessons[0]!.acts = Array.from({ length: MAX_ACTS + 1 }, () => ({ kind: 'see' as const, step: 1 }));
    expect(readProgressFile(JSON.stringify(long))).toMatchObject({
      reason: 'lessons.0.acts: too many acts: a log holds at most 10,000',
    });
  });
});

describe('the classroom table', () => {
  it('shows learners by tasks, with met and hints used, and a task a file lacks as absent', () => {
    const ada = fileFor('Ada', true);
    const other = fileFor('', false);
    other.lessons.push({
      id: 'attacks',
      title: 'Five attacks',
      done: false,
      scenario: null,
      tasks: [{ id: 'a1', task: 'Do it', met: true, hintsUsed: 2, answerShown: true, firstMetAt: null }],
    });
    const table = classroomTable([
      { name: 'ada.json', file: ada },
      { name: 'bob-progress.json', file: other },
    ]);
    expect(table.columns.map((c) => `${c.lessonId}/${c.taskId}`)).toEqual([
      'seed/select-leak',
      'seed/task-rule',
      'attacks/a1',
    ]);
    expect(table.rows.map((r) => [r.learner, r.done])).toEqual([
      ['Ada', 1],
      ['bob-progress.json', 0],
    ]);
    expect(table.rows[0]!.cells[2]).toEqual({ kind: 'absent' });
    expect(table.rows[1]!.cells[1]).toEqual({
      kind: 'task',
      met: false,
      hintsUsed: 1,
      answerShown: false,
      givenUp: false,
    });
    expect(table.rows[1]!.cells[2]).toEqual({
      kind: 'task',
      met: true,
      hintsUsed: 2,
      answerShown: true,
      givenUp: false,
    });
  });
});
