import { describe, expect, it } from 'vitest';
import { isDone, metCount, type Progress, recordVerdicts, revealHint, showAnswer, taskProgress } from './progressLogic';
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
});
