/** React glue for the lessons shell store: a provider, and hooks that select small slices. */
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { LessonsState, LessonsStore } from '../../state/lessons/lessonsStore';

const LessonsContext = createContext<LessonsStore | null>(null);

export function LessonsProvider({ store, children }: { store: LessonsStore; children: ReactNode }) {
  return <LessonsContext.Provider value={store}>{children}</LessonsContext.Provider>;
}

/** The shell store itself, for handlers that read state at event time. */
export function useLessonsStore(): LessonsStore {
  const store = useContext(LessonsContext);
  if (store === null) throw new Error('useLessons needs a LessonsProvider above it');
  return store;
}

/** Select a slice; wrap object picks in useShallow. */
export function useLessons<T>(selector: (state: LessonsState) => T): T {
  return useStore(useLessonsStore(), selector);
}

/**
 * Open a lesson in the gallery (its own session, so the work on screen stays), or null outside the
 * lessons shell: for a view that wants to send the learner to a lesson.
 */
export function useOpenLesson(): ((id: string) => void) | null {
  const store = useContext(LessonsContext);
  return store === null ? null : (id) => void store.getState().openLesson(id);
}
