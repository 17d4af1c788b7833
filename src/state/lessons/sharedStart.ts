/** What a share link is refused for, in words: loaded with the first shared start (sessions.ts), not with the page. */
import { count } from '../../core/text/plural';
import type { Problem } from '../../core/scenario/scenario';
import type { LessonKind } from '../../core/lessons/catalogue';
import type { ShareState } from '../../core/sharing/shareLink';

/** A link's scenario that does not run: how many problems, and where the first is. */
export function problemsMessage(problems: readonly Problem[]): string {
  const first = problems[0];
  const where = first?.line !== undefined ? `line ${first.line}, column ${first.column}` : 'somewhere in it';
  return `This link's scenario has ${count(problems.length, 'problem')}; the first, at ${where} (${first?.path ?? ''}): ${first?.message ?? ''}.`;
}

/** Whom a link acts as, against the lesson's kind and the actors its scenario has; null when it fits. */
export function sharedActorProblem(
  kind: LessonKind,
  actor: ShareState['actor'],
  actors: readonly unknown[],
): string | null {
  if (actor === undefined) return null;
  if (kind === 'store') return 'This link names a router context or a memtool session, but its lesson runs the store.';
  if (kind === 'vector')
    return 'This link names a router context or a memtool session, but its lesson runs the vector index.';
  if (kind === 'router')
    return 'context' in actor ? null : 'This link names a memtool session, but its lesson runs the router.';
  if (!('session' in actor)) return 'This link names a router context, but its lesson runs the memory tools.';
  return actors.includes(actor.session)
    ? null
    : `This link acts as the session "${actor.session}", which its scenario does not have.`;
}
