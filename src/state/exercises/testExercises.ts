/** Small exercises for the tests of the progress store and the Tasks panel (not the shipped lessons'). */
import type { Exercise, TaskVerdict } from '../../core/exercises/types';
import type { Verify } from './verdictWatcher';

export const SELECT_STEP: Exercise = {
  id: 'select-leak',
  task: 'Select the query step at which the naive list leaks Alice’s note to Bob.',
  goal: { kind: 'stepSelected', step: 9 },
  hints: ['Look for a query by Bob.', 'The naive request lists an item owned by Alice.', 'It is a late step.'],
  answer: 'Step 9.',
};

export const RULE_OFF: Exercise = {
  id: 'task-rule',
  task: 'Switch off the rule that keeps task-17 items out of task-18.',
  goal: { kind: 'ruleOff', rule: 'taskCheck' },
  hints: ['It is about tasks.', 'Its switch is in the Rules panel.'],
  answer: 'Switch off “A task item stays in its task”.',
};

export const EXERCISES: readonly Exercise[] = [SELECT_STEP, RULE_OFF];

/**
 * A stand-in for the core's verifier in these tests only: it judges the two goal kinds above from the
 * learner's acts, so the store and the views are tested against the contract in types.ts.
 */
export const fakeVerify = (...[exercises, { acts }]: Parameters<Verify>): TaskVerdict[] =>
  exercises.map((exercise): TaskVerdict => {
    const { goal } = exercise;
    if (goal.kind === 'stepSelected')
      return acts.selectedStep === goal.step
        ? { id: exercise.id, met: true, reason: `Step ${goal.step} is selected.` }
        : { id: exercise.id, met: false, reason: `Step ${goal.step} is not selected yet.` };
    if (goal.kind === 'ruleOff')
      return acts.rulesOff.includes(goal.rule)
        ? { id: exercise.id, met: true, reason: `${goal.rule} is off.` }
        : { id: exercise.id, met: false, reason: `${goal.rule} is still on.` };
    return { id: exercise.id, met: false, reason: 'not judged by the test verifier' };
  });
