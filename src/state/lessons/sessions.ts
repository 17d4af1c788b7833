/**
 * A lesson session: one lesson's store, opened from the learner's saved work, from a clean start, or
 * from a share link. A link is untrusted: its scenario is validated by the lesson's own parser, exactly
 * as editor input is, and a link that fails leaves the learner's saved work untouched.
 */
import { createPlaygroundStore, type PlaygroundStore } from '../playgroundStore';
import type { Loaded, TextStorage } from '../storage';
import type { AnswerBook } from '../../core/grading/answerRows';

import type { Lesson } from '../../core/lessons/catalogue';
import type { ShareState } from '../../core/sharing/shareLink';
import { oversizedScenario } from '../../core/scenario/limits';
import { withoutSolution } from '../../core/exercises/ownExercises';
import { namedUsers } from './framing';
import { detachedUntilEdit, type LessonsStorage } from './lessonStorage';
import type { KitLessonStore } from './kitStore';
import type { Engines } from '../../engine/engines';
import type { StoreApi } from 'zustand/vanilla';
import type { LessonStoreShape } from './lessonShape';

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
  | (SessionBase & { engine: 'router'; store: KitLessonStore<'router'> })
  | (SessionBase & { engine: 'memtool'; store: KitLessonStore<'memtool'> })
  | (SessionBase & { engine: 'vector'; store: KitLessonStore<'vector'> });

/** The session's store as every kind's is: the shape all lesson stores share (lessonShape.ts). */
export const lessonStoreOf = (session: LessonSession): StoreApi<LessonStoreShape> =>
  session.store as StoreApi<LessonStoreShape>;

export type OpenOutcome = { kind: 'ok'; session: LessonSession } | { kind: 'invalid'; message: string };

export interface OpenDeps {
  storage: LessonsStorage;
  answers: AnswerBook;
  /** The lesson's own scenario text. */
  lessonText: string;
  /** How the lesson's engine starts (src/engine): a worker's in the page, in-process in tests. */
  engines: Engines;
  /** Called once, when a clean or shared start gets its first edit; `kept`: the saved work it replaced was kept aside. */
  onAttach?(kept: boolean): void;
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
 * Open a lesson's session; the caller has loaded the lesson text. A shared link's session
 * resolves once its scenario has replayed (in its engine's worker, the page answering meanwhile).
 */
export async function openSession(lesson: Lesson, start: Start, deps: OpenDeps): Promise<OpenOutcome> {
  const words = start.kind === 'shared' ? await import('./sharedStart') : null;
  if (start.kind === 'shared') {
    const { problemsMessage, sharedActorProblem } = words!;
    const oversized = oversizedScenario(start.state.scenario);
    if (oversized !== null) return { kind: 'invalid', message: problemsMessage([oversized]) };
    if (lesson.engine === 'store') {
      const problem = sharedActorProblem('store', start.state.actor, []);
      if (problem !== null) return { kind: 'invalid', message: problem };
    }
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
      engines: deps.engines,
    });
    // The lesson's own users, from the replay of its scenario the store made as it opened.
    const lessonUsers = namedUsers(store.getState().seedOptions);
    // The learner's own work opens at once, its run under way in the engine. A link's scenario is
    // waited for: one that fails opens nothing (its store, never saved, is dropped).
    if (shared !== null) {
      await store.getState().settled();
      const { problems } = store.getState();
      if (problems.length > 0) return { kind: 'invalid', message: words!.problemsMessage(problems) };
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
  // Loaded with the first such lesson: the page's first paint is a store lesson's.
  const { openKitStore } = await import('./kitStore');
  const opened = await openKitStore(lesson.engine, {
    engines: deps.engines,
    lessonText: deps.lessonText,
    storage,
    shared,
    hold,
    words,
  });
  if (typeof opened === 'string') return { kind: 'invalid', message: opened };
  return { kind: 'ok', session: { ...base, engine: lesson.engine, store: opened } as LessonSession };
}
