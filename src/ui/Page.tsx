/**
 * The page's two views: the lessons (with the first-run tour over them), or the classroom view at
 * `#classroom`. The classroom view is loaded only when shown. The tour's dialog is in the entry: on a first
 * visit it is part of the first paint, rather than arriving later and moving the learner's eye (and the
 * largest paint) a moment after the page appeared.
 */
import { type ComponentType, lazy, Suspense, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { HashRouter } from '../state/hashRouter';
import type { ScenarioEditorProps } from './editor/types';
import { LessonShell } from './LessonShell';
import { useLessons } from './common/lessonsContext';
import { useExercises, useTour } from './common/exercisesContext';
import Tour from './exercises/Tour';

const Classroom = lazy(() => import('./exercises/lazy').then((m) => ({ default: m.Classroom })));

const useClassroom = (router: Pick<HashRouter, 'place' | 'subscribe'>) =>
  useSyncExternalStore(router.subscribe, () => router.place().kind === 'classroom');

/**
 * Starts the tour on a first visit, once the store lesson's panes are on screen; shows it while open.
 * A page opened from a share link does not start it: the sender chose the step and tab on screen, and
 * the tour would move them. It is not marked seen then, so the next plain visit still gets it.
 */
function TourHost() {
  const { tour } = useExercises();
  const open = useTour((s) => s.stop !== null);
  const session = useLessons((s) =>
    s.session?.engine === 'store' && s.session.lesson.id === s.lessonId ? s.session : null,
  );
  const ready = session !== null;
  const shared = useLessons((s) => s.banner?.kind === 'shared');
  const decided = useRef(false);
  // A layout effect: the tour opens before the browser paints the panes it points at.
  useLayoutEffect(() => {
    if (!ready || decided.current) return;
    decided.current = true;
    // A first visit opens where something happens: the first step at which the naive list leaks.
    if (!shared && tour.getState().startIfFirstRun()) session?.store.getState().landOnFirstLeak();
  }, [ready, shared, tour, session]);
  return open ? <Tour /> : null;
}

export function Page({
  Editor,
  router,
}: {
  Editor?: ComponentType<ScenarioEditorProps>;
  router: Pick<HashRouter, 'place' | 'subscribe'>;
}) {
  if (useClassroom(router))
    return (
      <Suspense
        fallback={
          <p className="muted" role="status">
            Loading the classroom view…
          </p>
        }
      >
        <Classroom />
      </Suspense>
    );
  return (
    <>
      <LessonShell Editor={Editor} />
      <TourHost />
    </>
  );
}
