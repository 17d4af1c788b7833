// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LESSON } from '../../core/lessons/catalogue';
import { EXERCISES } from '../../state/exercises/testExercises';
import { LessonDoneMark } from '../common/exercisesContext';
import { exerciseStores, renderWithExercises } from './testing';

describe('the top bar’s Lesson done', () => {
  it('shows once every task of the open lesson is met, not before', () => {
    const { progress, tour, judge } = exerciseStores(EXERCISES);
    renderWithExercises(<LessonDoneMark lessonId={DEFAULT_LESSON} />, { progress, tour, exercises: EXERCISES });
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
