// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LESSON } from '../../core/lessons/catalogue';
import { createProgressStore } from '../../state/exercises/progressStore';
import { memoryProgressStorage } from '../../state/exercises/progressStorage';
import { createTourStore } from '../../state/exercises/tourStore';
import { EXERCISES, fakeVerify } from '../../state/exercises/testExercises';
import { ExercisesProvider, LessonDoneMark } from '../common/exercisesContext';

afterEach(cleanup);

describe('the top bar’s Lesson done', () => {
  it('shows once every task of the open lesson is met, not before', () => {
    const saved = memoryProgressStorage();
    const progress = createProgressStore({ storage: saved, now: () => new Date('2026-12-01T09:00:00Z') });
    progress.getState().showLesson(DEFAULT_LESSON, EXERCISES);
    const judge = (selectedStep: number, rulesOff: ['taskCheck'] | [] = []) =>
      act(() =>
        progress
          .getState()
          .receiveVerdicts(
            DEFAULT_LESSON,
            fakeVerify(EXERCISES, { lessonText: '', text: '', acts: { selectedStep, rulesOff } }),
            true,
          ),
      );
    render(
      <ExercisesProvider
        value={{
          progress,
          tour: createTourStore(saved),
          tasksOf: async () => ({ exercises: EXERCISES }),
          textOf: () => null,
          now: () => new Date(),
        }}
      >
        <LessonDoneMark lessonId={DEFAULT_LESSON} />
      </ExercisesProvider>,
    );
    judge(9);
    expect(screen.queryByText('Lesson done')).toBeNull();
    judge(9, ['taskCheck']);
    expect(screen.getByText('Lesson done')).toBeTruthy();
  });

  it('is nothing on a page without exercises', () => {
    const { container } = render(<LessonDoneMark lessonId={DEFAULT_LESSON} />);
    expect(container.textContent).toBe('');
  });
});
