/**
 * The exercises views' test setup: each test builds its own stores from their factories (a progress
 * store showing the default lesson's tasks, a tour, the seed's lessons shell) and renders inside their
 * providers, as the page does.
 */
import { inPageEngines } from '../../engine/worker/inPage';
import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import type { Exercise } from '../../core/exercises/types';
import type { Rule } from '../../core/store/rules';
import { DEFAULT_LESSON } from '../../core/lessons/catalogue';
import { createLessonsStore, type LessonsStore } from '../../state/lessons/lessonsStore';
import { memoryLessonsStorage } from '../../state/lessons/lessonStorage';
import { createProgressStore, type ProgressStore } from '../../state/exercises/progressStore';
import { memoryProgressStorage } from '../../state/exercises/progressStorage';
import { createTourStore, type TourStore } from '../../state/exercises/tourStore';
import { fakeVerify } from '../../state/exercises/testExercises';
import { seedAnswerBook } from '../../state/seedData';
import { LessonsProvider } from '../common/lessonsContext';
import { ExercisesProvider } from '../common/exercisesContext';

/** Progress and tour stores over one memory storage, the default lesson's `exercises` shown. */
export function exerciseStores(exercises: readonly Exercise[]) {
  const saved = memoryProgressStorage();
  const progress = createProgressStore({ storage: saved, now: () => new Date('2026-12-01T09:00:00Z') });
  const tour = createTourStore(saved);
  progress.getState().showLesson(DEFAULT_LESSON, exercises);
  /** Judge the tasks (state/exercises/testExercises.ts) as if the learner had these acts. */
  const judge = (selectedStep: number, rulesOff: Rule[] = []) =>
    act(() =>
      progress
        .getState()
        .receiveVerdicts(
          DEFAULT_LESSON,
          fakeVerify(exercises, { lessonText: '', text: '', acts: { selectedStep, rulesOff } }),
          true,
        ),
    );
  return { saved, progress, tour, judge };
}

/** The lessons shell, started on the seed's lesson. */
export async function startedLessons(): Promise<LessonsStore> {
  const lessons = createLessonsStore({
    storage: memoryLessonsStorage(),
    answers: seedAnswerBook(),
    engines: inPageEngines(),
    clearFragment: () => {},
  });
  await lessons.getState().start('');
  return lessons;
}

/** `ui` rendered inside the exercises' provider (and the lessons shell's, when given). */
export function renderWithExercises(
  ui: ReactElement,
  stores: { progress: ProgressStore; tour: TourStore; exercises: readonly Exercise[]; lessons?: LessonsStore },
) {
  const tree = (
    <ExercisesProvider
      value={{
        progress: stores.progress,
        tour: stores.tour,
        tasksOf: async () => ({ exercises: stores.exercises }),
        textOf: () => null,
        now: () => new Date(),
      }}
    >
      {ui}
    </ExercisesProvider>
  );
  return render(stores.lessons === undefined ? tree : <LessonsProvider store={stores.lessons}>{tree}</LessonsProvider>);
}
