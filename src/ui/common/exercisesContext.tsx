/**
 * React glue for the exercises: the progress and tour stores and what the export needs, in one
 * provider; slice hooks; and the tasks mark the lesson bar and the gallery show.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { ownValue } from '../../core/own';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Reveal } from '../../core/exercises/reveal';
import type { Exercise } from '../../core/exercises/types';
import type { Lesson } from '../../core/lessons/catalogue';
import type { ProgressState, ProgressStore } from '../../state/exercises/progressStore';
import type { TourState, TourStore } from '../../state/exercises/tourStore';
import type { PackStore } from '../../state/courses/packStore';
import { isDone, metCount } from '../../state/exercises/progressLogic';
import { tasksWords } from '../../state/lessons/status';

export interface Exercises {
  progress: ProgressStore;
  tour: TourStore;
  /** A lesson's tasks, for the export's task texts. */
  tasksOf(lesson: Lesson): Promise<{ exercises: readonly Exercise[] }>;
  /** The learner's saved scenario text for a lesson, or null when unedited. */
  textOf(lessonId: string): string | null;
  /** The time an export is made; the page passes `() => new Date()`. */
  now(): Date;
  /** The course pack the learner opened (the gallery lists its lessons); absent in views without one. */
  packs?: PackStore;
}

const ExercisesContext = createContext<Exercises | null>(null);

export function ExercisesProvider({ value, children }: { value: Exercises; children: ReactNode }) {
  return <ExercisesContext.Provider value={value}>{children}</ExercisesContext.Provider>;
}

export function useExercises(): Exercises {
  const value = useContext(ExercisesContext);
  if (value === null) throw new Error('the exercises views need an ExercisesProvider above them');
  return value;
}

export function useProgressStore(): ProgressStore {
  return useExercises().progress;
}

/** Select a slice of the tour store. */
export function useTour<T>(selector: (state: TourState) => T): T {
  return useStore(useExercises().tour, selector);
}

/** Select a slice; wrap object picks in useShallow. */
export function useProgress<T>(selector: (state: ProgressState) => T): T {
  return useStore(useProgressStore(), selector);
}

/** How many lessons are done: every task met. */
export function useDoneCount(): number {
  return useProgress((s) => Object.values(s.progress).filter(isDone).length);
}

/** A lesson's tasks mark, in icon and words (never colour alone). */
export function TasksMark({ lessonId }: { lessonId: string }) {
  const words = useProgress((s) => {
    const lesson = ownValue(s.progress, lessonId);
    const live = s.live?.key === lessonId ? s.live.exercises.length : null;
    // The open lesson's tasks are known before any is recorded.
    if (lesson === undefined) return tasksWords(live === null ? null : { met: 0, total: live });
    return tasksWords(metCount(lesson));
  });
  const done = useProgress((s) => isDone(ownValue(s.progress, lessonId)));
  return (
    <p className={`lesson-mark ${done ? 'mark-done' : 'mark-unopened'}`}>
      <span aria-hidden="true">{done ? '★ ' : '☆ '}</span>
      {words}.
    </p>
  );
}

function DoneMark({ exercises, lessonId }: { exercises: Exercises; lessonId: string }) {
  const done = useStore(exercises.progress, (s) => isDone(ownValue(s.progress, lessonId)));
  if (!done) return null;
  return (
    <p className="wb-done">
      <span aria-hidden="true">★ </span>Lesson done
    </p>
  );
}

/**
 * "Lesson done" where the learner is looking (the top bar), once every task of the lesson is met; nothing
 * on a page without exercises (a component test's workbench).
 */
export function LessonDoneMark({ lessonId }: { lessonId: string }) {
  const exercises = useContext(ExercisesContext);
  return exercises === null ? null : <DoneMark exercises={exercises} lessonId={lessonId} />;
}

const NO_PROGRESS: ProgressStore = createStore<ProgressState>()(() => ({ reveal: null }) as ProgressState);

/**
 * What the page withholds at the step in view while the lesson's tasks are pending (the progress store's
 * `reveal`, from core/exercises/reveal.ts); null: nothing, as on a page without exercises.
 */
export function useReveal(): Reveal | null {
  return useStore(useContext(ExercisesContext)?.progress ?? NO_PROGRESS, (s) => s.reveal);
}
