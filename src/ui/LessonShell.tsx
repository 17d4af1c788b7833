/**
 * Every lesson in one shell: a store lesson opens in the playground's own page, a router or memtool
 * lesson in its own view (loaded with its engine), each in the same workbench with the lesson bar as
 * its dock's first tab.
 */
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { App } from './App';
import { PlaygroundProvider } from './common/playground';
import type { ScenarioEditorProps } from './editor/types';
import { DEFAULT_LESSON } from '../core/lessons/catalogue';
import { useLessons } from './common/lessonsContext';
import { LessonBar } from './lessons/LessonBar';
import './lessons/lessons.css';
import { Loading as LoadingLine } from './common/Loading';

const RouterLesson = lazy(() => import('./router/RouterLesson'));
const MemtoolLesson = lazy(() => import('./memtool/MemtoolLesson'));
const VectorLesson = lazy(() => import('./vector/VectorLesson'));
// The Tasks panel (a dock tab to be) loads beside the lesson; the entry chunk does not carry it.
const TasksPanel = lazy(() => import('./exercises/lazy').then((m) => ({ default: m.TasksPanel })));

function Loading() {
  return (
    <main className="lesson-loading">
      <h1>Scope isolation playground</h1>
      <LoadingLine what="the lesson" />
    </main>
  );
}

export function LessonShell({ Editor }: { Editor?: ComponentType<ScenarioEditorProps> }) {
  const { session, lessonId } = useLessons(useShallow((s) => ({ session: s.session, lessonId: s.lessonId })));
  // The page title names the lesson, so a tab or a history entry says which one it is.
  useEffect(() => {
    if (session !== null) document.title = `${session.lesson.title} · Scope isolation playground`;
  }, [session]);
  if (session === null || session.lesson.id !== lessonId) return <Loading />;
  // The lesson bar and its tasks are the dock's first tab; the workbench shows the banner under its top bar.
  const top = (
    <>
      <LessonBar shareTools={false} />
      <Suspense fallback={<p className="muted">Loading the tasks…</p>}>
        <TasksPanel />
      </Suspense>
    </>
  );
  switch (session.engine) {
    case 'store':
      return (
        <PlaygroundProvider key={session.lesson.id} store={session.store}>
          <App Editor={Editor} lesson={top} answers={session.lesson.id === DEFAULT_LESSON} />
        </PlaygroundProvider>
      );
    case 'router':
      return (
        <Suspense fallback={<Loading />}>
          <RouterLesson key={session.lesson.id} store={session.store} lesson={top} Editor={Editor} />
        </Suspense>
      );
    case 'memtool':
      return (
        <Suspense fallback={<Loading />}>
          <MemtoolLesson key={session.lesson.id} store={session.store} lesson={top} Editor={Editor} />
        </Suspense>
      );
    case 'vector':
      return (
        <Suspense fallback={<Loading />}>
          <VectorLesson key={session.lesson.id} store={session.store} lesson={top} />
        </Suspense>
      );
  }
}
