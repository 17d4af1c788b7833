/**
 * One store shape for the router, memtool and vector lessons: the editor's text, and what their session
 * in the engine (a worker; engine/kitProtocol.ts) sent back of the last good run and of the look on it.
 * The store holds no timeline and no rule: it sends text once per run and each move, and keeps the view
 * models that come back. An answer a later request superseded is dropped (state/jobs.ts).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CheckResult } from '../../core/checks/checks';
import type { Problem } from '../../core/scenario/scenario';
import type { TaskVerdict } from '../../core/exercises/types';
import type { OwnTasks } from '../../core/exercises/ownExercises';
import type { Side, StepWords } from '../../core/kits/kit';
import { oversizedScenario } from '../../core/scenario/limits';
import type { TextStorage } from '../storage';
import type { Engines } from '../../engine/engines';
import type { ShareState } from '../../core/sharing/shareLink';
import { jobRunner } from '../jobs';
import type { LessonStoreShape } from './lessonShape';
import { RESTARTED_NOTICE } from '../playgroundStore';
import { EngineRestarted } from '../../engine/client/restarted';
import type {
  ActorOf,
  KitEngine,
  KitKind,
  KitLook,
  KitMove,
  KitRunMode,
  KitRunReply,
  KitShown,
  KitVerdictsRequest,
  ViewOf,
} from '../../engine/kitProtocol';

export type { Side, StepWords };

const NO_CHECKS: Record<Side, CheckResult[]> = { safe: [], naive: [] };

export interface KitLessonState<K extends KitKind> extends LessonStoreShape {
  /** The tasks `ranText` carries itself, found when it was run; null: its lesson's. */
  ownTasks: OwnTasks | null;
  /** True while a run is under way in the engine. */
  running: boolean;
  actor: ActorOf<K> | null;
  /** A query the learner typed, or null for the step's own. */
  query: string | null;
  /** What the views show of the look; null until the first run answers. */
  view: ViewOf<K> | null;
  checks: Record<Side, CheckResult[]>;
  /** The timeline's entries in words. */
  steps: StepWords[];
  /** Everyone the learner may act as in the timeline on screen. */
  actors: ActorOf<K>[];

  /** Act as someone else at this step (a what-if). */
  actAs(actor: ActorOf<K>): void;
  /** Judge the lesson's tasks in the engine, on the run on screen. */
  verifyTasks(request: KitVerdictsRequest): Promise<readonly TaskVerdict[]>;
}

export type KitLessonStore<K extends KitKind> = StoreApi<KitLessonState<K>>;

export interface KitLessonDeps<K extends KitKind> {
  /** The lesson's session in the engine. */
  engine: KitEngine<K>;
  /** The lesson's own scenario; it must be valid. */
  lessonText: string;
  storage: TextStorage;
}

type Lane = 'run' | 'look';

export function createKitLessonStore<K extends KitKind>(deps: KitLessonDeps<K>): KitLessonStore<K> {
  type A = ActorOf<K>;
  const { engine } = deps;
  const jobs = jobRunner<Lane>();
  const loaded = deps.storage.load();
  const startText = loaded.kind === 'text' ? loaded.text : deps.lessonText;

  const set = (partial: Partial<KitLessonState<K>>) => store.setState(partial);
  const get = () => store.getState();
  const looked = (shown: KitShown<A, ViewOf<K>>) => ({ ...shown.look, view: shown.view });
  /** Run `text` in the engine; `then` is told its problems (none: it ran). An import's are only told. */
  const send = (text: string, mode: KitRunMode<A>, then?: (problems: Problem[]) => void, told = false) => {
    const ids = jobs.begin('run', 'look');
    set({ running: true });
    jobs.when(
      () => engine.run(text, mode),
      (reply: KitRunReply<A, ViewOf<K>>) => {
        if (!jobs.current('run', ids)) return then?.(reply.kind === 'ok' ? [] : reply.problems);
        if (reply.kind === 'invalid') set(told ? { running: false } : { problems: reply.problems, running: false });
        else {
          const { screen, shown } = reply;
          set({
            ranText: screen.ranText,
            ownTasks: screen.ownTasks,
            steps: screen.steps,
            checks: screen.checks,
            actors: screen.actors,
            problems: [],
            running: false,
            ...(jobs.current('look', ids) ? looked(shown) : {}),
          });
        }
        then?.(reply.kind === 'ok' ? [] : reply.problems);
      },
      (error) => {
        if (jobs.current('run', ids)) set({ running: false });
        if (!(error instanceof EngineRestarted)) console.error('The scenario could not be run', error);
      },
    );
  };
  const move = (change: KitMove<A>) => {
    if (get().view === null) return;
    const ids = jobs.begin('look');
    jobs.when(
      () => engine.move(change),
      (shown) => {
        if (jobs.current('look', ids)) set(looked(shown));
      },
      (error) => {
        if (!(error instanceof EngineRestarted)) console.error('The step could not be shown', error);
      },
    );
  };
  const runChecked = (text: string, then?: (problems: Problem[]) => void) => {
    // Past the one size limit nothing is parsed: the text stays in the editor, the problem says why.
    const oversized = oversizedScenario(text);
    if (oversized !== null) {
      set({ problems: [oversized] });
      then?.([oversized]);
    } else send(text, 'keep', then);
  };

  const store = createStore<KitLessonState<K>>()(() => ({
    text: startText,
    ranText: '',
    ownTasks: null,
    problems: [],
    running: false,
    index: 0,
    actor: null,
    query: null,
    view: null,
    checks: NO_CHECKS,
    steps: [],
    actors: [],
    notice: loaded.kind === 'unavailable' ? loaded.notice : null,

    editText(text) {
      if (text === get().text) return;
      const notice = deps.storage.save(text);
      set(notice === null ? { text } : { text, notice });
    },
    loadScenario(text) {
      get().editText(text);
      get().run();
    },
    importScenario(text) {
      const oversized = oversizedScenario(text);
      if (oversized !== null) return Promise.resolve([oversized]);
      return new Promise((resolve) =>
        send(
          text,
          'keep',
          (problems) => {
            if (problems.length === 0) get().editText(text);
            resolve(problems);
          },
          true,
        ),
      );
    },
    run() {
      runChecked(get().text);
    },
    reset() {
      const notice = deps.storage.clear();
      set({ text: deps.lessonText, ...(notice === null ? {} : { notice }) });
      send(deps.lessonText, 'keep');
    },
    stepTo: (index) => move({ kind: 'step', index }),
    next: () => move({ kind: 'step', index: get().index + 1 }),
    previous: () => move({ kind: 'step', index: get().index - 1 }),
    first: () => move({ kind: 'step', index: 0 }),
    last: () => move({ kind: 'step', index: get().steps.length - 1 }),
    actAs: (actor) => move({ kind: 'actAs', actor }),
    askQuestion: (query) => move({ kind: 'ask', query }),
    dismissNotice() {
      set({ notice: null });
    },
    verifyTasks: (request) => Promise.resolve(engine.verify(request)),
    settled: () => jobs.settled(),
  }));

  // The learner's saved text first; one that no longer runs leaves its problems listed over the lesson's own.
  runChecked(startText, (problems) => {
    if (problems.length > 0 && startText !== deps.lessonText) {
      send(deps.lessonText, 'keep', () => store.setState({ problems }));
    }
  });
  // A restarted engine holds nothing: the last good text runs again, at the same look.
  engine.onRestart(() => {
    store.setState({ notice: RESTARTED_NOTICE });
    const { ranText, index, actor, query, view } = store.getState();
    if (view === null) return runChecked(store.getState().text);
    const restore: KitLook<A> = { index, actor: actor as A, query };
    send(ranText, { restore });
  });
  return store;
}

/** What opening a kit lesson's store needs of its session (sessions.ts). */
export interface KitOpening {
  engines: Engines;
  lessonText: string;
  storage: TextStorage;
  /** A share link's state, or null for the learner's own work or a clean start. */
  shared: ShareState | null;
  /** Apply a link's look without its moves counting as the learner's edits. */
  hold(restore: () => void): void;
  /** A link's refusals in words (sharedStart.ts), loaded with a shared start. */
  words: typeof import('./sharedStart') | null;
}

/**
 * A kit lesson's store, its session started in the engine. Its first run answers before the store is
 * given back, so a lesson's views are never drawn empty; but the vector lesson's, which waits on the
 * database, is given back at once and says so. A link's scenario is waited for: one that fails opens
 * nothing (its store, never saved, is dropped, its engine closed) and its refusal comes back in words.
 */
export async function openKitStore(kind: KitKind, opening: KitOpening): Promise<KitLessonStore<KitKind> | string> {
  const { shared, words } = opening;
  const engine = await opening.engines.kit(kind);
  const store = createKitLessonStore({ engine, lessonText: opening.lessonText, storage: opening.storage });
  if (kind !== 'vector' || shared !== null) await store.getState().settled();
  if (shared === null || words === null) return store;
  const { problems, actors } = store.getState();
  const refusal =
    problems.length > 0 ? words.problemsMessage(problems) : words.sharedActorProblem(kind, shared.actor, actors);
  if (refusal !== null) {
    engine.close();
    return refusal;
  }
  opening.hold(() => {
    const state = store.getState();
    state.stepTo(shared.step);
    const { actor } = shared;
    if (actor !== undefined && 'context' in actor) (state as KitLessonState<'router'>).actAs(actor.context);
    if (actor !== undefined && 'session' in actor) (state as KitLessonState<'memtool'>).actAs(actor.session);
    if (kind === 'router') state.askQuestion(shared.question);
  });
  await store.getState().settled();
  return store;
}
