/**
 * Whether the page still frames the open lesson: a store scenario that still names all of the lesson's
 * own users is the lesson (edited or not, a third user added, as a lesson's task may ask); one that
 * drops them for other users (a teacher's carol, dave and erin) is the
 * learner's own scenario, so the lesson bar, the done mark and the download name stop speaking of the
 * lesson's Alice and Bob. Router and memtool lessons keep their framing.
 */
import { namedUsers } from '../../core/timeline/namedUsers';

export { namedUsers };

export type Framing = { kind: 'lesson' } | { kind: 'custom'; users: string[] };

/** The lesson's framing while the scenario names every one of the lesson's users (`lessonUsers`, null: always). */
export function framingOf(lessonUsers: readonly string[] | null, users: string[]): Framing {
  if (lessonUsers === null) return { kind: 'lesson' };
  // A lesson names a few users; a scenario may name thousands (no set of them is built for a few lookups).
  return lessonUsers.every((user) => users.includes(user)) ? { kind: 'lesson' } : { kind: 'custom', users };
}

/** The file name a download of the scenario gets: the lesson's, or one from the scenario's own users. */
export function scenarioFileName(lessonId: string, framing: Framing): string {
  if (framing.kind === 'lesson') return `${lessonId}.json`;
  const named = framing.users.filter((user) => /^[\w-]+$/.test(user)).slice(0, 3);
  const more = framing.users.length > named.length ? '-and-more' : '';
  return `scenario-${named.join('-') || 'custom'}${more}.json`;
}

/**
 * What the page calls the scenario on screen, in the top bar, the shared-link banner and beside the
 * download: the lesson's title while it frames the lesson, else the learner's (or a teacher's) own
 * scenario by the users it names: "Your scenario: carol, dave and erin".
 */
export function scenarioTitle(lessonTitle: string, framing: Framing): string {
  if (framing.kind === 'lesson') return lessonTitle;
  const shown = framing.users.slice(0, 3);
  const more = framing.users.length - shown.length;
  const names = more > 0 ? [...shown, `${more} more`] : shown;
  if (names.length === 0) return 'Your scenario';
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Your scenario: ${list}`;
}

/**
 * The framing of a store session's scenario on screen, from the users its last run names (the engine's
 * `namedUsers`, sent with the run's screen); router and memtool lessons keep theirs.
 */
export function framingOfSession(session: {
  engine: string;
  lessonUsers: readonly string[] | null;
  store: { getState(): object };
}): Framing {
  if (session.engine !== 'store') return { kind: 'lesson' };
  return framingOf(session.lessonUsers, (session.store.getState() as { namedUsers: string[] }).namedUsers);
}
