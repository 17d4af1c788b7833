/**
 * What a share link or an exported file holds for a lesson session, read from its store. Pure: the
 * link format and its checks live in the core (share.ts); this only picks the session's state.
 */
import { type Framing, framingOfSession, scenarioFileName } from './framing';
import type { ShareState } from '../../core/sharing/shareLink';
import type { Problem } from '../../core/scenario/scenario';
import { withoutSolution } from '../../core/exercises/ownExercises';
import { lessonStoreOf, type LessonSession } from './sessions';

/** What the workbench shows, for a link: the open tab and whether the editor is open. */
export type ShareView = NonNullable<ShareState['view']>;

/** The session's state for a link: the last run scenario, the step, who acts, the switches, and the view. */
export function shareStateOf(session: LessonSession, view?: ShareView): ShareState {
  const state = sessionState(session);
  return view === undefined ? state : { ...state, view };
}

function sessionState(session: LessonSession): ShareState {
  const lesson = session.lesson.id;
  switch (session.engine) {
    case 'store': {
      const { ranText, index, principal, customQuestion, rulesOff } = session.store.getState();
      return { scenario: ranText, step: index, principal, question: customQuestion, rulesOff, lesson };
    }
    case 'router': {
      const { ranText, index, actor, query } = session.store.getState();
      return {
        scenario: ranText,
        step: index,
        principal: null,
        question: query,
        rulesOff: [],
        lesson,
        actor: { context: actor ?? '' },
      };
    }
    case 'vector': {
      const { ranText } = session.store.getState();
      return { scenario: ranText, step: 0, principal: null, question: null, rulesOff: [], lesson };
    }
    case 'memtool': {
      const { ranText, index, actor } = session.store.getState();
      return {
        scenario: ranText,
        step: index,
        principal: null,
        question: null,
        rulesOff: [],
        lesson,
        actor: { session: actor },
      };
    }
  }
}

/** True when the editor holds an edit that has not been run: a link or file would not include it. */
export function hasUnrunEdit(session: LessonSession): boolean {
  const { text, ranText } = session.store.getState();
  return text !== ranText;
}

/** A file to download: its name, type and exact text. */
export interface Download {
  name: string;
  type: string;
  text: string;
}

/** The scenario as a file: the last run text, byte for byte, so importing it gives the same scenario back. */
export function scenarioFile(session: LessonSession): Download {
  return {
    name: scenarioFileName(session.lesson.id, sessionFraming(session)),
    type: 'application/json',
    text: session.store.getState().ranText,
  };
}

/** The framing of the scenario a session has on screen (framing.ts). */
export function sessionFraming(session: LessonSession): Framing {
  return framingOfSession(session);
}

/**
 * The replay in the seed's isolation-result.json format, as the command line's replay writes it. Only
 * the store has that format (the router and memtool seeds print no result file), so it is null for them.
 */
export function replayFile(session: LessonSession): (() => Promise<Download>) | null {
  if (session.engine !== 'store') return null;
  const { store } = session;
  return async () => ({
    name: `${session.lesson.id}.isolation-result.json`,
    type: 'application/json',
    text: await store.getState().seedResult(),
  });
}

/**
 * Import a file's text into the session (its `solution`, if any, left out), validated exactly like editor input. A valid file replaces the
 * editor text and runs; an invalid one changes nothing, and its located problems come back (null: a later
 * Run or import took its place). The store sends it to its engine once.
 */
export async function importInto(session: LessonSession, file: string): Promise<Problem[] | null> {
  // A teacher's solution stays out of the learner's editor: the tasks' "show the answer" is the way to it.
  const text = withoutSolution(file);
  return lessonStoreOf(session).getState().importScenario(text);
}
