/**
 * Answer first, then see: while a task the screen could answer is pending, its step's verdicts, later
 * steps' notes, the plan marker and "Try this" are hidden; answering or giving it up reveals them, and a
 * lesson with nothing pending shows everything.
 */
import { describe, expect, it } from 'vitest';
import { revealAt, SHOW_ALL } from './reveal';
import type { Exercise } from './types';

const task = (id: string, goal: Exercise['goal']): Exercise => ({ id, task: 'do it', goal, hints: ['a'], answer: 'x' });
const mark7 = task('mark', { kind: 'markLeak', step: 7 });
const predict9 = task('predict', { kind: 'predictLeak', step: 9 });
const choose10 = task('choose', { kind: 'whichRule', step: 10, item: 'bob-export-plan' });
const switchOff = task('switch', { kind: 'ruleOff', rule: 'taskCheck' });
const guard = task('guard', { kind: 'checkGuardsRule', rule: 'taskCheck' });
const plan = task('plan', { kind: 'filterPlace', strategy: 1 });
const seed = [mark7, predict9, choose10, switchOff, guard];
const none = { met: [], givenUp: [] };

describe('revealAt', () => {
  it('shows everything with no task the screen could answer: no tasks, a writing task, a finished lesson', () => {
    expect(revealAt([], none, 7)).toEqual(SHOW_ALL);
    expect(revealAt([guard], none, 7)).toEqual(SHOW_ALL);
    expect(revealAt(seed, { met: ['mark', 'predict', 'choose', 'switch'], givenUp: [] }, 12)).toEqual(SHOW_ALL);
  });

  it('keeps the verdicts before the earliest pending step, where a first visit lands on the leak', () => {
    expect(revealAt(seed, none, 6).verdicts).toBe(true);
    expect(revealAt(seed, none, 0).verdicts).toBe(true);
  });

  it('hides the verdicts from a pending task’s step on, and every later step’s note and expect', () => {
    const at7 = revealAt(seed, none, 7);
    expect(at7).toMatchObject({ verdicts: false, notesUpTo: 6, tryThis: false });
    expect(at7.hiddenBy).toEqual(['mark', 'predict', 'choose', 'switch']);
    expect(revealAt(seed, none, 12).verdicts).toBe(false);
  });

  it('reveals a step once the task about it is met, or given up ("Show me")', () => {
    const marked = { met: ['mark'], givenUp: [] };
    expect(revealAt(seed, marked, 8)).toMatchObject({ verdicts: true, notesUpTo: 8 });
    expect(revealAt(seed, marked, 9).verdicts).toBe(false);
    const gaveUp = { met: ['mark'], givenUp: ['predict'] };
    expect(revealAt(seed, gaveUp, 9)).toMatchObject({ verdicts: true, notesUpTo: 9 });
    expect(revealAt(seed, gaveUp, 10).verdicts).toBe(false);
  });

  it('withholds "Try this" while the switch or the rule to choose is still to be found', () => {
    expect(revealAt([switchOff], none, 3)).toMatchObject({ verdicts: true, tryThis: false, notesUpTo: Infinity });
    expect(revealAt([choose10], none, 3)).toMatchObject({ verdicts: true, tryThis: false });
    expect(revealAt([switchOff], { met: [], givenUp: ['switch'] }, 3)).toEqual(SHOW_ALL);
  });

  it('hides the vector plan’s marker until its node is found', () => {
    expect(revealAt([plan], none, 1)).toMatchObject({ planMarker: false, verdicts: true });
    expect(revealAt([plan], { met: ['plan'], givenUp: [] }, 1).planMarker).toBe(true);
  });

  it('makes a selection among the steps wait for every step’s verdicts', () => {
    const anyStep = task('any', { kind: 'naiveLeakSelected', owner: 'alice', to: 'bob' });
    expect(revealAt([anyStep], none, 1).verdicts).toBe(false);
  });
});
