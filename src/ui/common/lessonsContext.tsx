/** React glue for the lessons shell store: a provider, and hooks that select small slices. */
import { useStore } from 'zustand';
import type { LessonsState, LessonsStore } from '../../state/lessons/lessonsStore';
import { storeContext } from './storeContext';

const lessons = storeContext<LessonsState>('useLessons needs a LessonsProvider above it');

export const LessonsProvider = lessons.Provider;

/** The shell store itself, for handlers that read state at event time. */
export const useLessonsStore: () => LessonsStore = lessons.useStoreApi;

/** Select a slice; wrap object picks in useShallow. */
export function useLessons<T>(selector: (state: LessonsState) => T): T {
  return useStore(useLessonsStore(), selector);
}

/**
 * Open a lesson in the gallery (its own session, so the work on screen stays), or null outside the
 * lessons shell: for a view that wants to send the learner to a lesson.
 */
export function useOpenLesson(): ((id: string) => void) | null {
  const store = lessons.useMaybeStore();
  return store === null ? null : (id) => void store.getState().openLesson(id);
}

/** For a file the open lesson refused: the lesson of another kind that would take it (the shell's engine judges), or null outside the shell. */
export function useLessonForFile(): LessonsState['lessonForFile'] | null {
  const store = lessons.useMaybeStore();
  return store === null ? null : (kind, text) => store.getState().lessonForFile(kind, text);
}
