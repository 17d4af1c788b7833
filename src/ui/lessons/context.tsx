/** React glue for the lessons shell store: a provider, and hooks that select small slices. */
import type { LessonsState } from '../../state/lessons/lessonsStore';
import { storeContext } from '../common/storeContext';

const lessons = storeContext<LessonsState>({ hook: 'useLessons', provider: 'LessonsProvider' });

export const LessonsProvider = lessons.Provider;
/** The shell store itself, for handlers that read state at event time. */
export const useLessonsStore = lessons.useStoreApi;
/** Select a slice; wrap object picks in useShallow. */
export const useLessons = lessons.useSelect;

/**
 * Open a lesson in the gallery (its own session, so the work on screen stays), or null outside the
 * lessons shell: for a view that wants to send the learner to a lesson.
 */
export function useOpenLesson(): ((id: string) => void) | null {
  const store = lessons.useOptionalStore();
  return store === null ? null : (id) => void store.getState().openLesson(id);
}
