// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Exercise } from '../../core/exercises/types';
import { DEFAULT_LESSON } from '../../core/lessons/catalogue';
import { TasksPanel } from './TasksPanel';
import { exerciseStores, renderWithExercises, startedLessons } from './testing';

const task = (id: string, text: string, goal: Exercise['goal']): Exercise => ({
  id,
  task: text,
  goal,
  hints: ['a', 'b'],
  answer: 'c',
});
const EXERCISES = [
  task('mark', 'Mark the leak at step 7.', { kind: 'markLeak', step: 7 }),
  task('predict', 'Predict step 9.', { kind: 'predictLeak', step: 9 }),
  task('which', 'Choose the rule for bob-export-plan at step 10.', {
    kind: 'whichRule',
    step: 10,
    item: 'bob-export-plan',
  }),
];

async function setup() {
  const { progress, saved, tour } = exerciseStores(EXERCISES);
  renderWithExercises(<TasksPanel />, { progress, tour, exercises: EXERCISES, lessons: await startedLessons() });
  return { progress, saved, user: userEvent.setup() };
}

const item = (text: string) => within(screen.getByRole('listitem', { name: text }));

describe('answering a task with the keyboard alone', () => {
  it('marks a row, predicts a step and chooses a rule, each kept in the lesson’s act log', async () => {
    const { progress, saved, user } = await setup();
    const mark = item('Mark the leak at step 7.');
    await user.click(mark.getByRole('textbox', { name: 'Item ID to mark as leaked at step 7' }));
    await user.keyboard('alice-export-limit{Enter}');
    expect(mark.getByText(/^Marked as leaked at step 7: alice-export-limit\./)).toBeTruthy();

    const predict = item('Predict step 9.');
    // From the mark's field: its button, the task's hint, its "Show me", then the prediction's field.
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(predict.getByRole('textbox', { name: 'Item ID you predict leaks at step 9' }));
    await user.keyboard('bob-export-plan{Enter}');
    expect(predict.getByText('Your prediction for step 9: bob-export-plan leaks. Your first counts.')).toBeTruthy();

    const which = item('Choose the rule for bob-export-plan at step 10.');
    which.getByRole('radio', { name: "It is the same user's item from another task" }).focus();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(
      which.getByText(/You chose for bob-export-plan at step 10: “It is the same user's item from another task”/),
    ).toBeTruthy();
    expect(which.queryByRole('radio')).toBeNull();

    expect(saved.saved[DEFAULT_LESSON]!.acts).toEqual([
      { kind: 'mark', step: 7, item: 'alice-export-limit' },
      { kind: 'predict', step: 9, leak: 'bob-export-plan' },
      { kind: 'choose', step: 10, item: 'bob-export-plan', rule: 'taskCheck' },
    ]);
    expect(progress.getState().live!.acts).toHaveLength(3);
  });

  it('offers no prediction once the step has been seen', async () => {
    const { progress } = await setup();
    const { act } = await import('@testing-library/react');
    act(() => progress.getState().recordAct({ kind: 'see', step: 9 }));
    const predict = item('Predict step 9.');
    expect(predict.getByText('You have seen step 9: a prediction now would not count.')).toBeTruthy();
    expect(predict.queryByRole('textbox')).toBeNull();
  });
});
