/** The open scenario's name where the page names it (the top bar): the lesson's, or the learner's own (framing.ts). */
import { type StoreApi, useStore } from 'zustand';
import type { LessonSession } from '../../state/lessons/sessions';
import { framingOfSession, scenarioTitle } from '../../state/lessons/framing';

export function ScenarioTitle({ session }: { session: LessonSession }) {
  // Drawn again when the users the session's last run names change (the engine's; other lessons have none).
  useStore(session.store as unknown as StoreApi<{ namedUsers?: string[] }>, (s) => s.namedUsers);
  return <>{scenarioTitle(session.lesson.title, framingOfSession(session))}</>;
}
