/** The browser entry: the lessons shell from its factory, the seed's data, localStorage for the learner's work. */
import './zodConfig';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { seedAnswerBook } from './state/seedData';
import { replayText } from './core/replay/replayText';
import { createLessonsStore } from './state/lessons/lessonsStore';
import { parseAddress } from './state/lessons/route';
import { addressWriter, startHashRouter } from './state/hashRouter';
import { memoryLessonsStorage, webLessonsStorage } from './state/lessons/lessonStorage';
import { createLayoutStore } from './state/layout/layoutStore';
import { memoryLayoutStorage, webLayoutStorage } from './state/layout/layoutStorage';
import { LayoutProvider } from './ui/workbench/layoutContext';
import { LessonsProvider } from './ui/common/lessonsContext';
import { webProgressStorage } from './state/exercises/progressStorage';
import { createProgressStore } from './state/exercises/progressStore';
import { createTourStore } from './state/exercises/tourStore';
import { createPackStore } from './state/courses/packStore';
import { ExercisesProvider } from './ui/common/exercisesContext';
import { Page } from './ui/Page';
import { afterFirstPaint } from './ui/common/whenIdle';
import { openPane } from './ui/common/openPane';
import type { Lesson } from './core/lessons/catalogue';
import type { AnswerBook } from './core/grading/answerRows';
import { workerEngine } from './engine/client/client';
import { localEngine } from './engine/worker/local';
import { createSession } from './engine/worker/session';
import type { KitKind } from './engine/kitProtocol';
import './styles.css';
import { ownValue } from './core/own';
import { onReloadSave } from './ui/common/staleBuild';

/**
 * "?embed": the page sits in another site's iframe. It shows the shared lesson, step and panes, and keeps
 * everything in memory: an embedded page never reads or writes the learner's saved work or layout.
 */
// The desktop panes' chunk, fetched beside the entry rather than after the first render asks for it.
if (window.matchMedia?.('(min-width: 768px)').matches) void import('./ui/workbench/DesktopLayout');

const { embed, place } = parseAddress(window.location);
const layout = createLayoutStore({
  storage: embed ? memoryLayoutStorage() : webLayoutStorage(() => window.localStorage),
  embed,
});
const lessonsStorage = embed ? memoryLessonsStorage() : webLessonsStorage(() => window.localStorage);
// A large text is written once the learner pauses (src/state/writeBehind.ts); a page hidden or left first
// writes what is still held, so closing the tab mid-word keeps every character.
window.addEventListener('pagehide', () => lessonsStorage.flush());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') lessonsStorage.flush();
});
/** Every engine's worker, for the end-to-end test that crashes them. */
const workers: Array<{ crash(): void; quit(): void }> = [];
/** The engine's worker (src/engine/worker/worker.ts), bundled by Vite as a chunk of its own. */
const startWorker = () =>
  new Worker(new URL('./engine/worker/worker.ts', import.meta.url), { type: 'module', name: 'engine' });
/**
 * One engine per session, in a Web Worker of its own (src/engine/client/client.ts): the page's thread only
 * shows. Where there are no workers, or one keeps crashing, the engine runs in the page's thread.
 */
const startEngine = (answers: AnswerBook) => {
  if (typeof Worker === 'undefined') return localEngine(answers);
  const engine = workerEngine(answers, startWorker, (firstVersion) => localEngine(answers, { firstVersion }));
  workers.push(engine);
  return engine;
};
/**
 * A router, memtool or vector lesson's session, in a worker of its own too (the same worker, opened for
 * that kind); its engine's code loads in the worker, never in the page, unless the worker is given up.
 */
const startKit = <K extends KitKind>(kind: K) =>
  import('./engine/client/kitClient').then(({ startKitEngine }) =>
    startKitEngine<K>(kind, startWorker, workers, () => import('./engine/worker/localKit')),
  );
// Progress and the tour are the learner's own: an embedded page, and the clean start (until the page
// leaves it), neither read nor write them.
let clean = place.kind === 'clean';
const progressStorage = webProgressStorage(() => window.localStorage, { writable: () => !embed && !clean });
const now = () => new Date();
const packs = createPackStore();
const progress = createProgressStore({
  storage: progressStorage,
  now,
  nameOf: (key) => ownValue(packs.getState().names, key),
});
const tour = createTourStore(progressStorage);
const lessons = createLessonsStore({
  engines: { store: startEngine, kit: startKit, firstPaint: (answers) => createSession(answers) },
  storage: lessonsStorage,
  answers: seedAnswerBook(),
  ...addressWriter(window, embed),
  // A first visit starts the tour, and its lesson opens at the first leak.
  firstVisit: () => tour.getState().startIfFirstRun(),
});

lessons.subscribe((state, before) => {
  if (state.clean === before.clean) return;
  clean = state.clean;
  progress.getState().reload();
});
// The verdict watcher, the tasks and the verifier load after first paint, in the exercises' lazy chunk:
// fetched once the first screen is drawn, so that it does not compete with the entry for the network.
const exercisesChunk = afterFirstPaint().then(() => import('./ui/exercises/lazy'));
const tasksOf = async (lesson: Lesson) => (await exercisesChunk).tasksOf(lesson);
void exercisesChunk.then(({ watchVerdicts, loadVerify }) =>
  watchVerdicts({
    lessons,
    progress,
    tasksOf,
    loadVerify,
    schedule: (run) => {
      const timer = setTimeout(run, 120);
      return () => clearTimeout(timer);
    },
  }),
);
/** The learner's saved scenario for a lesson, for the progress file (null: not edited, or not readable). */
const textOf = (id: string): string | null => {
  const saved = lessonsStorage.lesson(id).load();
  return saved.kind === 'text' ? saved.text : null;
};
/** Write the learner's work now: before a reload into a new version. */
const saveWork = () => {
  const session = lessons.getState().session;
  if (session?.engine === 'store') session.store.getState().saveText();
  lessonsStorage.flush();
};
// A lazy part a newer version replaced offers a reload into it (src/ui/common/staleBuild.ts).
onReloadSave(saveWork);
// The address: what it names opens now, and again each time it changes.
const router = startHashRouter({ page: window, lessons, layout, packs, openPane });

// Offline use after the first visit: the service worker registers once the first screen is drawn, in a
// lazy chunk, and a new version waits for the learner's word (src/ui/offline). An embedded page keeps
// nothing in the browser, so it registers none.
const updates =
  !embed && 'serviceWorker' in navigator
    ? afterFirstPaint()
        .then(() => import('./ui/offline/startOffline'))
        // Every edit is saved (a large one once the learner pauses); all is written before the reload.
        .then(({ startOffline }) => startOffline(saveWork))
    : null;
// A lazy part whose files a newer version replaced: Vite says so before the import fails (the panel's
// boundary then offers the reload too); the note at the corner offers it wherever the part was wanted.
window.addEventListener('vite:preloadError', () => void updates?.then((store) => store.getState().filesReplaced()));

/**
 * End-to-end tests and the browser benchmark drive the same store a person does: Playwright sets this
 * flag before the page's own scripts run (addInitScript). A page opened by a person exposes nothing.
 * `__playground` is the open lesson's store: a store lesson's playground store, or a router, memtool or
 * vector lesson's (state/lessons/kitStore.ts).
 */
interface TestWindow {
  __playgroundTestHook?: unknown;
  /** The core's replay, for timing it alone in the browser's engine. */
  __playgroundCore?: { replay: typeof replayText };
  /** Make every engine's worker crash, as a bug outside any request would. */
  __playgroundCrash?: () => void;
  /** Make every engine's worker end itself without an error (self.close()). */
  __playgroundQuit?: () => void;
}
if ((window as TestWindow).__playgroundTestHook === true) {
  Object.defineProperty(window, '__playground', {
    configurable: true,
    get: () => lessons.getState().session?.store,
  });
  (window as TestWindow).__playgroundCore = { replay: replayText };
  (window as TestWindow).__playgroundCrash = () => workers.forEach((engine) => engine.crash());
  (window as TestWindow).__playgroundQuit = () => workers.forEach((engine) => engine.quit());
}

// A transition: React renders the first screen in slices, yielding to the browser between them, so
// loading the page is not one long task (a phone, 4x slower, felt it as input delay).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <LayoutProvider store={layout}>
        <LessonsProvider store={lessons}>
          <ExercisesProvider value={{ progress, tour, tasksOf, textOf, now, packs }}>
            <Page router={router} />
          </ExercisesProvider>
        </LessonsProvider>
      </LayoutProvider>
    </StrictMode>,
  ),
);
