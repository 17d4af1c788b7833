/** The open scenario's name where the page names it (the top bar): the lesson's, or the learner's own (framing.ts). */
import { useMemo } from 'react';
import { type StoreApi, useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { LessonSession } from '../../state/lessons/sessions';
import { framingOfSession, scenarioTitle } from '../../state/lessons/framing';

const EMPTY = createStore<{ namedUsers?: unknown }>(() => ({}));

export function ScenarioTitle({ session }: { session: LessonSession }) {
  const store = session.engine === 'store' ? (session.store as unknown as StoreApi<{ namedUsers?: unknown }>) : EMPTY;
  const named = useStore(store, (s) => s.namedUsers);
  // framingOfSession reads the named users from the session's store; `named` redoes it when they change.
  // oxlint-disable-next-line react-hooks/exhaustive-deps
  const title = useMemo(() => scenarioTitle(session.lesson.title, framingOfSession(session)), [session, named]);
  return <>{title}</>;
}
