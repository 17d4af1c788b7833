// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LESSON } from '../../core/lessons/catalogue';
import { EXERCISES, RULE_OFF, SELECT_STEP } from '../../state/exercises/testExercises';
import { TasksPanel } from './TasksPanel';
import { exerciseStores, renderWithExercises, startedLessons } from './testing';

async function setup() {
  const { progress, saved, tour, judge } = exerciseStores(EXERCISES);
  renderWithExercises(<TasksPanel />, { progress, tour, exercises: EXERCISES, lessons: await startedLessons() });
  judge(0);
  return { progress, saved, tour, judge, user: userEvent.setup() };
}

const taskItem = (text: string) => screen.getByRole('listitem', { name: text });

describe('the Tasks panel', () => {
  it('lists each task with its verdict, and none is met before the learner acts', async () => {
    await setup();
    const region = screen.getByRole('region', { name: 'Tasks' });
    expect(within(region).getByText('0 of 2 tasks met.')).toBeTruthy();
    expect(within(taskItem(SELECT_STEP.task)).getByText('Not yet.')).toBeTruthy();
  });

  it('reveals hints one at a time from the keyboard, then "Show me" gives the task up and its answer takes focus', async () => {
    const { user, saved } = await setup();
    const item = taskItem(RULE_OFF.task);
    within(item).getByRole('button', { name: 'Show hint 1 of 2' }).focus();
    await user.keyboard('{Enter}');
    expect(within(item).getByRole('list', { name: /^Hints for/ }).textContent).toContain(
      'Hint 1 of 2: It is about tasks.',
    );
    const next = within(item).getByRole('button', { name: 'Show hint 2 of 2' });
    expect(document.activeElement).toBe(next);
    await user.keyboard('{Enter}');
    // The last hint's button is gone: "Show me", beside it, takes the focus.
    expect(document.activeElement).toBe(within(item).getByRole('button', { name: 'Show me' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(
      within(item)
        .getByText(/Switch off “A task item stays in its task”/)
        .closest('p'),
    );
    expect(saved.saved[DEFAULT_LESSON]!.tasks[RULE_OFF.id]).toMatchObject({
      hints: 2,
      answerShown: true,
      givenUp: true,
    });
    expect(within(item).getByText(/^Given up\. The answer:/)).toBeTruthy();
  });

  it('shows a met task with the verifier’s reason and announces it in a live region', async () => {
    const { judge } = await setup();
    judge(9);
    expect(within(taskItem(SELECT_STEP.task)).getByText('Met: Step 9 is selected.')).toBeTruthy();
    const live = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;
    expect(live.textContent).toBe(`Task met: ${SELECT_STEP.task}`);
    expect(screen.getByText('1 of 2 tasks met.')).toBeTruthy();
    // Moving on keeps the task met.
    judge(3);
    expect(within(taskItem(SELECT_STEP.task)).getByText(/^Met earlier/)).toBeTruthy();
  });

  it('resets this lesson only after asking once more', async () => {
    const { judge, user, saved } = await setup();
    judge(9);
    await user.click(screen.getByRole('button', { name: 'Reset this lesson’s progress' }));
    expect(saved.saved[DEFAULT_LESSON]).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(saved.saved[DEFAULT_LESSON]).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Reset this lesson’s progress' }));
    await user.click(screen.getByRole('button', { name: 'Yes, reset' }));
    expect(saved.saved[DEFAULT_LESSON]).toBeUndefined();
    expect(screen.getByText('This lesson’s progress is reset.')).toBeTruthy();
  });

  it('replays the tour from its help link', async () => {
    const { user, tour } = await setup();
    await user.click(screen.getByRole('button', { name: 'Take the tour' }));
    expect(tour.getState().stop).toBe(0);
  });
});
