import { describe, expect, it } from 'vitest';
import { MAX_ACTS } from '../../core/limits';
import {
  isDone,
  metCount,
  type Progress,
  recordActs,
  recordVerdicts,
  revealHint,
  showAnswer,
  taskProgress,
  withAct,
} from './progressLogic';
import { EXERCISES, RULE_OFF, SELECT_STEP } from './testExercises';

const met = (id: string) => ({ id, met: true as const, reason: 'found' });
const unmet = (id: string) => ({ id, met: false as const, reason: 'missing' });

describe('progress on a lesson’s tasks', () => {
  it('is not done before anything is met, and a lesson without tasks is never done', () => {
    const empty = {};
    const { progress } = recordVerdicts(empty, 'l', EXERCISES, [unmet('select-leak'), unmet('task-rule')], 't0');
    // Opening a lesson and meeting nothing writes nothing (a full storage would otherwise complain at once).
    expect(progress).toBe(empty);
    expect(isDone(progress.l)).toBe(false);
    expect(isDone({ taskIds: [], tasks: {} })).toBe(false);
    expect(isDone(undefined)).toBe(false);
  });

  it('is done only when every task has been met, each at its first time', () => {
    const first = recordVerdicts({}, 'l', EXERCISES, [met('select-leak'), unmet('task-rule')], 't1');
    expect(first.newlyMet).toEqual([SELECT_STEP]);
    expect(isDone(first.progress.l)).toBe(false);
    expect(metCount(first.progress.l)).toEqual({ met: 1, total: 2 });
    // The step is no longer selected: the task stays met, with its first time.
    const second = recordVerdicts(first.progress, 'l', EXERCISES, [unmet('select-leak'), met('task-rule')], 't2');
    expect(second.newlyMet).toEqual([RULE_OFF]);
    expect(taskProgress(second.progress, 'l', 'select-leak')).toMatchObject({ met: true, firstMetAt: 't1' });
    expect(taskProgress(second.progress, 'l', 'task-rule').firstMetAt).toBe('t2');
    expect(isDone(second.progress.l)).toBe(true);
  });

  it('returns the same progress when nothing changed, so nothing is written', () => {
    const { progress } = recordVerdicts({}, 'l', EXERCISES, [met('select-leak')], 't1');
    const again = recordVerdicts(progress, 'l', EXERCISES, [met('select-leak')], 't2');
    expect(again.progress).toBe(progress);
    expect(again.newlyMet).toEqual([]);
  });

  it('reveals hints one at a time, never past the last, and the answer counts every hint as used', () => {
    let progress: Progress = {};
    for (let i = 0; i < 5; i++) progress = revealHint(progress, 'l', EXERCISES, RULE_OFF);
    expect(taskProgress(progress, 'l', 'task-rule').hints).toBe(2);
    progress = showAnswer({}, 'l', EXERCISES, SELECT_STEP);
    expect(taskProgress(progress, 'l', 'select-leak')).toMatchObject({ answerShown: true, hints: 3, met: false });
  });

  it('ignores a verdict for a task the lesson does not have', () => {
    const { progress } = recordVerdicts({}, 'l', EXERCISES, [met('nope')], 't');
    expect(progress.l).toBeUndefined();
  });

  it('adds an act to the log once: a step seen or a row marked again adds nothing, and the log stops at its bound', () => {
    const see = { kind: 'see', step: 9 } as const;
    const mark = { kind: 'mark', step: 7, item: 'alice-export-limit' } as const;
    const predict = { kind: 'predict', step: 9, leak: null } as const;
    let log = withAct(withAct(withAct([], see), mark), { ...mark, item: 'bob-export-plan' });
    expect(log).toHaveLength(3);
    expect(withAct(withAct(log, see), mark)).toBe(log);
    log = withAct(log, predict);
    expect(withAct(log, predict)).toBe(log);
    // A second, different prediction is kept (the core counts the first).
    expect(withAct(log, { kind: 'predict', step: 9, leak: 'bob-export-plan' })).toHaveLength(5);
    const full = Array.from({ length: MAX_ACTS }, (_, step) => ({ kind: 'see', step }) as const);
    expect(withAct(full, mark)).toBe(full);
  });

  it('keeps a lesson’s act log with its progress, and writes nothing when the log is the same', () => {
    const progress = recordActs({}, 'l', EXERCISES, [{ kind: 'see', step: 9 }]);
    expect(progress.l).toEqual({ taskIds: ['select-leak', 'task-rule'], tasks: {}, acts: [{ kind: 'see', step: 9 }] });
    expect(recordActs(progress, 'l', EXERCISES, [{ kind: 'see', step: 9 }])).toBe(progress);
    // Recording a verdict keeps the log.
    expect(recordVerdicts(progress, 'l', EXERCISES, [met('select-leak')], 't').progress.l?.acts).toEqual([
      { kind: 'see', step: 9 },
    ]);
  });
});
