/**
 * The page's three views: the lessons (with the first-run tour over them), the classroom view at
 * `#classroom`, or the final lab at `#lab`. The classroom view and the lab are loaded only when shown. The tour's dialog is in the entry: on a first
 * visit it is part of the first paint, rather than arriving later and moving the learner's eye (and the
 * largest paint) a moment after the page appeared.
 */
import { type ComponentType, lazy, Suspense, useSyncExternalStore } from 'react';
import type { HashRouter } from '../state/hashRouter';
import type { ScenarioEditorProps } from './editor/types';
import { LessonShell } from './LessonShell';
import { useLessons } from './common/lessonsContext';
import { useTour } from './common/exercisesContext';
import Tour from './exercises/Tour';
import { Loading } from './common/Loading';

const Classroom = lazy(() => import('./exercises/lazy').then((m) => ({ default: m.Classroom })));

const FinalLab = lazy(() => import('./exercises/lazy').then((m) => ({ default: m.FinalLab })));

/** Which of the page's views the address names: the classroom view, the final lab, or the lessons. */
const useView = (router: Pick<HashRouter, 'place' | 'subscribe'>) =>
  useSyncExternalStore(router.subscribe, () => {
    const kind = router.place().kind;
    return kind === 'classroom' || kind === 'lab' ? kind : 'lessons';
  });

/**
 * Shows the tour while it is open, once the store lesson's panes it points at are on screen. The lessons
 * store starts it on a first visit (main.tsx), as it opens the lesson at its first leak, before the panes
 * are first drawn; a page opened from a share link does not start it (the sender chose the step and tab
 * on screen, and the tour would move them), nor mark it seen, so the next plain visit still gets it.
 */
function TourHost() {
  const open = useTour((s) => s.stop !== null);
  const ready = useLessons((s) => s.session?.engine === 'store' && s.session.lesson.id === s.lessonId);
  return open && ready ? <Tour /> : null;
}

export function Page({
  Editor,
  router,
}: {
  Editor?: ComponentType<ScenarioEditorProps>;
  router: Pick<HashRouter, 'place' | 'subscribe'>;
}) {
  const view = useView(router);
  if (view === 'classroom')
    return (
      <Suspense fallback={<Loading what="the classroom view" />}>
        <Classroom />
      </Suspense>
    );
  if (view === 'lab')
    return (
      <Suspense fallback={<Loading what="the final lab" />}>
        <FinalLab />
      </Suspense>
    );
  return (
    <>
      <LessonShell Editor={Editor} />
      <TourHost />
    </>
  );
}
