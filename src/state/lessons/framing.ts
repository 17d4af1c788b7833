/**
 * Whether the page still frames the open lesson: a store scenario that still names all of the lesson's
 * own users is the lesson (edited or not, a third user added, as a lesson's task may ask); one that
 * drops them for other users (a teacher's carol, dave and erin) is the
 * learner's own scenario, so the lesson bar, the done mark and the download name stop speaking of the
 * lesson's Alice and Bob. Router and memtool lessons keep their framing.
 */
import type { Timeline } from '../../core/replay/replayText';
import { principalOptions } from '../../core/timeline/principals';

export type Framing = { kind: 'lesson' } | { kind: 'custom'; users: string[] };

/** The users a store timeline names, sorted. */
export function usersOf(timeline: Timeline): string[] {
  return [...principalOptions(timeline).users].sort();
}

/** The lesson's framing while the scenario names every one of the lesson's users (`lessonUsers`, null: always). */
export function framingOf(lessonUsers: readonly string[] | null, users: readonly string[]): Framing {
  if (lessonUsers === null) return { kind: 'lesson' };
  const named = new Set(users);
  return lessonUsers.every((user) => named.has(user)) ? { kind: 'lesson' } : { kind: 'custom', users: [...users] };
}

/** The file name a download of the scenario gets: the lesson's, or one from the scenario's own users. */
export function scenarioFileName(lessonId: string, framing: Framing): string {
  if (framing.kind === 'lesson') return `${lessonId}.json`;
  const named = framing.users.filter((user) => /^[\w-]+$/.test(user)).slice(0, 3);
  const more = framing.users.length > named.length ? '-and-more' : '';
  return `scenario-${named.join('-') || 'custom'}${more}.json`;
}
