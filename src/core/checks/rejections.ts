/**
 * Steps the store rejected without the scenario expecting it, as located problems: the field the store
 * objected to, on its own line, with its value named. The store's reasons are the seed's words (the
 * command line prints them byte for byte) and do not name the value, so the field is read from the
 * refusal's code here, and the value from the step.
 */
import type { Timeline, TimelineEntry } from '../replay/replay';
import { assertNever, type ScopeErrorCode } from '../store/errors';
import { locateAll } from '../scenario/locate';
import { formatPath, type PathSegment, type Problem, type Step } from '../scenario/scenario';

/** How many rejections are listed and located; the rest are counted, as the Problems list caps its rows. */
export const MAX_LOCATED_REJECTIONS = 1_000;

/** The step field a store refusal is about, read from its code (never its wording). */
function fieldOf(step: Step, code: ScopeErrorCode, reason: string): string | null {
  switch (code) {
    case 'badScope':
      return 'scope';
    case 'badReceiver':
      return 'to';
    case 'blankText':
      return 'text';
    case 'duplicateId':
    case 'reservedId':
      return 'id';
    case 'listedTwice':
    case 'unreadable':
      return 'items';
    case 'unknownAgent':
    case 'noDelegateTool':
      return 'as';
    case 'invalidIdentifier':
      // The refused identifier is an item ID, or one part of the principal.
      if (step.op === 'close_task') return /\btask\b/.test(reason) ? 'task' : 'user';
      return /\bitem\b|\bid\b/i.test(reason) && 'id' in step ? 'id' : 'as';
    case 'invalidAgent':
      return null;
    default:
      return assertNever(code, 'refusal code');
  }
}

function valueText(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** Problems in the order of their lines (stable; those without a line last): how the Problems list reads. */
export function sortedByLine<P extends Problem>(problems: readonly P[]): P[] {
  const line = (p: Problem) => p.line ?? Infinity;
  return [...problems].sort((a, b) => line(a) - line(b) || (a.column ?? 0) - (b.column ?? 0));
}

/** The unexpected rejections of a timeline replayed from `text`, located in it, in step order. */
export function rejectionProblems(timeline: Timeline, text: string): Problem[] {
  const rejected = timeline.entries.filter(
    (
      entry,
    ): entry is TimelineEntry & { step: Step; outcome: { kind: 'rejected'; reason: string; code: ScopeErrorCode } } =>
      entry.outcome.kind === 'rejected' && entry.step !== null && entry.step.expect?.rejected === undefined,
  );
  const shown = rejected.slice(0, MAX_LOCATED_REJECTIONS).map((entry) => {
    const field = fieldOf(entry.step, entry.outcome.code, entry.outcome.reason);
    const segments: PathSegment[] = field === null ? ['steps', entry.index - 1] : ['steps', entry.index - 1, field];
    return { entry, field, segments };
  });
  // One pass over the text for all of them (locate.ts).
  const spans = locateAll(
    text,
    shown.map(({ segments }) => ({ path: segments })),
  );
  const problems = shown.map(({ entry, field, segments }, i): Problem => {
    const value = field === null ? '' : ` (${field} ${valueText((entry.step as Record<string, unknown>)[field])})`;
    return {
      message: `the store rejected step ${entry.index}${value}: ${entry.outcome.reason}`,
      path: formatPath(segments),
      segments,
      ...spans[i],
    };
  });
  const more = rejected.length - problems.length;
  if (more > 0) problems.push({ path: 'steps', message: `… and ${more} more rejected steps` });
  return problems;
}
