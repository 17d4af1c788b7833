/**
 * A lesson session: one lesson's store, opened from the learner's saved work, from a clean start, or
 * from a share link. A link is untrusted: its scenario is validated by the lesson's own parser, exactly
 * as editor input is, and a link that fails leaves the learner's saved work untouched.
 */
import { count } from '../../core/text/plural';
import { createPlaygroundStore, type PlaygroundStore } from '../playgroundStore';
import type { Loaded, TextStorage } from '../storage';
import type { AnswerBook } from '../../core/grading/answerRows';
import type { Engine } from '../../engine/protocol';
import type { Problem } from '../../core/scenario/scenario';
import type { Lesson } from '../../core/lessons/catalogue';
import type { ShareState } from '../../core/sharing/shareLink';
import { oversizedScenario } from '../../core/scenario/limits';
import { withoutSolution } from '../../core/exercises/ownExercises';
import { namedUsers } from './framing';
import { detachedUntilEdit, type LessonsStorage } from './lessonStorage';
import type { MemtoolLessonStore } from './memtoolKit';
import type { VectorLessonStore } from './vectorKit';
import type { RouterLessonStore } from './routerKit';

type RouterModule = typeof import('./routerKit').routerModule;
type MemtoolModule = typeof import('./memtoolKit').memtoolModule;
type VectorModule = typeof import('./vectorKit').vectorModule;

/** A router, memtool or vector lesson's module: loaded with its lesson, so the entry chunk does not carry it. */
export type LessonModule = RouterModule | MemtoolModule | VectorModule;

export function loadLessonModule(kind: 'router'): Promise<RouterModule>;
export function loadLessonModule(kind: 'memtool'): Promise<MemtoolModule>;
export function loadLessonModule(kind: 'vector'): Promise<VectorModule>;
export function loadLessonModule(kind: LessonModule['kind']): Promise<LessonModule>;
export async function loadLessonModule(kind: LessonModule['kind']): Promise<LessonModule> {
  if (kind === 'router') return (await import('./routerKit')).routerModule;
  if (kind === 'vector') return (await import('./vectorKit')).vectorModule;
  return (await import('./memtoolKit')).memtoolModule;
}

/** The module a lesson of `kind` was opened with: a bug, and thrown, when it is another's or none. */
function wrongModule(kind: string, module: LessonModule | undefined): Error {
  return new Error(
    `the ${kind} lesson was opened with ${module === undefined ? 'no module' : `the ${module.kind} module`}`,
  );
}

/** Where a session starts from. */
export type Start =
  | { kind: 'own' }
  /** The lesson's own scenario, ignoring saved work until the learner edits. */
  | { kind: 'clean' }
  /** A share link's state, ignoring saved work until the learner edits. */
  | { kind: 'shared'; state: ShareState };

interface SessionBase {
  lesson: Lesson;
  origin: Start['kind'];
  /** False while a clean or shared start has not been edited (saved work untouched). */
  attached(): boolean;
  /** The users the lesson's own store scenario names (framing.ts); null for router and memtool lessons. */
  lessonUsers: string[] | null;
}

export type LessonSession =
  | (SessionBase & { engine: 'store'; store: PlaygroundStore })
  | (SessionBase & { engine: 'router'; store: RouterLessonStore })
  | (SessionBase & { engine: 'memtool'; store: MemtoolLessonStore })
  | (SessionBase & { engine: 'vector'; store: VectorLessonStore });

export type OpenOutcome = { kind: 'ok'; session: LessonSession } | { kind: 'invalid'; message: string };

export interface OpenDeps {
  storage: LessonsStorage;
  answers: AnswerBook;
  /** The lesson's own scenario text. */
  lessonText: string;
  /** The lesson's module, for a router, memtool or vector lesson. */
  module?: LessonModule;
  /** Starts a store lesson's engine (src/engine): in-process unless the page gives a worker's. */
  startEngine?(answers: AnswerBook): Engine;
  /** Called once, when a clean or shared start gets its first edit; `kept`: the saved work it replaced was kept aside. */
  onAttach?(kept: boolean): void;
}

function problemsMessage(problems: readonly Problem[]): string {
  const first = problems[0];
  const where = first?.line !== undefined ? `line ${first.line}, column ${first.column}` : 'somewhere in it';
  return `This link's scenario has ${count(problems.length, 'problem')}; the first, at ${where} (${first?.path ?? ''}): ${first?.message ?? ''}.`;
}

/** Saves made while a shared start is being restored are not edits: they neither attach nor write. */
function holdable(storage: TextStorage & { attached(): boolean }) {
  let holding = false;
  const held: TextStorage & { attached(): boolean } = {
    attached: storage.attached,
    load: storage.load,
    save: (...args) => (holding ? null : storage.save(...args)),
    clear: () => (holding ? null : storage.clear()),
  };
  const hold = (restore: () => void) => {
    holding = true;
    try {
      restore();
    } finally {
      holding = false;
    }
  };
  return { storage: held, hold };
}

/**
 * Check a link's state against the lesson before anything is opened: its size, who it acts as, and for a
 * router or memtool lesson its scenario. A store lesson's scenario is replayed once, by its store (in
 * its engine), and checked there (openSession).
 */
function validateShared(lesson: Lesson, state: ShareState, module: LessonModule | undefined): string | null {
  const oversized = oversizedScenario(state.scenario);
  if (oversized !== null) return problemsMessage([oversized]);
  if (lesson.engine === 'store')
    return state.actor === undefined
      ? null
      : 'This link names a router context or a memtool session, but its lesson runs the store.';
  if (module === undefined) throw wrongModule(lesson.engine, module);
  const { actor } = state;
  if (module.kind !== 'memtool') {
    const outcome = module.kit.replay(state.scenario);
    if (outcome.kind === 'invalid') return problemsMessage(outcome.problems);
    if (actor === undefined) return null;
    if (module.kind === 'vector')
      return 'This link names a router context or a memtool session, but its lesson runs the vector index.';
    return 'context' in actor ? null : 'This link names a memtool session, but its lesson runs the router.';
  }
  const outcome = module.kit.replay(state.scenario);
  if (outcome.kind === 'invalid') return problemsMessage(outcome.problems);
  if (actor === undefined) return null;
  if (!('session' in actor)) return 'This link names a router context, but its lesson runs the memory tools.';
  const { session } = actor;
  return session === null || outcome.timeline.sessions.some(([name]) => name === session)
    ? null
    : `This link acts as the session "${session}", which its scenario does not have.`;
}

/**
 * Open a lesson's session; the caller has loaded the lesson text and module. A shared link's session
 * resolves once its scenario has replayed (in its engine's worker, the page answering meanwhile).
 */
export async function openSession(lesson: Lesson, start: Start, deps: OpenDeps): Promise<OpenOutcome> {
  if (lesson.engine !== 'store' && deps.module?.kind !== lesson.engine) throw wrongModule(lesson.engine, deps.module);
  if (start.kind === 'shared') {
    const problem = validateShared(lesson, start.state, deps.module);
    if (problem !== null) return { kind: 'invalid', message: problem };
  }
  const saved = deps.storage.lesson(lesson.id);
  const initial: Loaded =
    start.kind === 'shared'
      ? {
          kind: 'text',
          // A teacher's solution stays out of the learner's editor: "show the answer" is the way to it.
          text: withoutSolution(start.state.scenario),
          ...(start.state.rulesOff.length > 0 ? { rulesOff: start.state.rulesOff } : {}),
        }
      : { kind: 'empty' };
  const detached =
    start.kind === 'own'
      ? { ...saved, attached: () => true }
      : detachedUntilEdit(saved, initial, deps.onAttach, {
          startText: deps.lessonText,
          keep: deps.storage.kept(lesson.id),
        });
  const { storage, hold } = holdable(detached);
  const base = { lesson, origin: start.kind, attached: detached.attached, lessonUsers: null };
  const shared = start.kind === 'shared' ? start.state : null;

  if (lesson.engine === 'store') {
    const store = createPlaygroundStore({
      seedText: deps.lessonText,
      storage,
      answers: deps.answers,
      engine: deps.startEngine?.(deps.answers),
    });
    // The lesson's own users, from the replay of its scenario the store made as it opened.
    const lessonUsers = namedUsers(store.getState().seedOptions);
    // The learner's own work opens at once, its run under way in the engine. A link's scenario is
    // waited for: one that fails opens nothing (its store, never saved, is dropped).
    if (shared !== null) {
      await store.getState().settled();
      const { problems } = store.getState();
      if (problems.length > 0) return { kind: 'invalid', message: problemsMessage(problems) };
    }
    if (shared !== null) {
      hold(() => {
        const state = store.getState();
        if (state.rulesOff.join() !== shared.rulesOff.join()) state.setRulesOff(shared.rulesOff);
        store.getState().stepTo(shared.step);
        if (shared.principal !== null) store.getState().selectPrincipal(shared.principal);
        store.getState().askQuestion(shared.question);
      });
      // The link's step is on screen before the session is: its panes are first drawn there, not drawn at
      // the first step and then moved (a layout shift) when the engine answers.
      await store.getState().settled();
    }
    return { kind: 'ok', session: { ...base, lessonUsers, engine: 'store', store } };
  }
  const { module } = deps;
  if (module === undefined) throw wrongModule(lesson.engine, module);
  if (module.kind === 'router') {
    const store: RouterLessonStore = module.createStore({
      lessonText: deps.lessonText,
      storage,
    });
    if (shared !== null) {
      hold(() => {
        store.getState().stepTo(shared.step);
        if (shared.actor !== undefined && 'context' in shared.actor) store.getState().actAs(shared.actor.context);
        store.getState().ask(shared.question);
      });
    }
    return { kind: 'ok', session: { ...base, engine: 'router', store } };
  }
  if (module.kind === 'vector') {
    const store: VectorLessonStore = module.createStore({
      lessonText: deps.lessonText,
      storage,
    });
    return { kind: 'ok', session: { ...base, engine: 'vector', store } };
  }
  const store: MemtoolLessonStore = module.createStore({
    lessonText: deps.lessonText,
    storage,
  });
  if (shared !== null) {
    hold(() => {
      store.getState().stepTo(shared.step);
      if (shared.actor !== undefined && 'session' in shared.actor) store.getState().actAs(shared.actor.session);
    });
  }
  return { kind: 'ok', session: { ...base, engine: 'memtool', store } };
}
