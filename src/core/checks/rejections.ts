/**
 * Steps the store rejected without the scenario expecting it, as located problems: the field the store
 * objected to, on its own line, with its value named. The store's reasons are the seed's words (the
 * command line prints them byte for byte) and do not name the value, so the field is read from the
 * reason here, and the value from the step.
 */
import { parseTree } from 'jsonc-parser';
import type { Timeline, TimelineEntry } from '../replay/replay';
import { formatPath, locator, type PathSegment, type Problem, type Step } from '../scenario/scenario';

/**
 * How many rejections are located; the rest are counted. Locating scans the text for each one, so a
 * scenario of 20,000 bad steps would otherwise wait on it.
 */
export const MAX_LOCATED_REJECTIONS = 200;

/** The step field a store reason is about (the seed's messages in store.ts and entities.ts). */
function fieldOf(step: Step, reason: string): string | null {
  if (reason.startsWith('principals write')) return 'scope';
  if (reason.startsWith('hand off to a different')) return 'to';
  if (reason.startsWith('item text')) return 'text';
  if (reason.startsWith('duplicate item id') || reason.startsWith('item IDs starting')) return 'id';
  if (reason.startsWith('handoff lists') || reason.startsWith('sender cannot read')) return 'items';
  if (reason.startsWith('unknown agent') || reason.includes('delegate tool')) return 'as';
  // An identifier that does not match names its field first ("user must match …").
  const named = /^(\w+) must match/.exec(reason)?.[1];
  if (named === 'user' || named === 'task' || named === 'agent') return step.op === 'close_task' ? named : 'as';
  return null;
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
    (entry): entry is TimelineEntry & { step: Step; outcome: { kind: 'rejected'; reason: string } } =>
      entry.outcome.kind === 'rejected' && entry.step !== null && entry.step.expect?.rejected === undefined,
  );
  if (rejected.length === 0) return [];
  const locate = locator(text, parseTree(text));
  const problems = rejected.slice(0, MAX_LOCATED_REJECTIONS).map((entry): Problem => {
    const field = fieldOf(entry.step, entry.outcome.reason);
    const segments: PathSegment[] = field === null ? ['steps', entry.index - 1] : ['steps', entry.index - 1, field];
    const value = field === null ? '' : ` (${field} ${valueText((entry.step as Record<string, unknown>)[field])})`;
    return {
      message: `the store rejected step ${entry.index}${value}: ${entry.outcome.reason}`,
      path: formatPath(segments),
      segments,
      ...locate(segments),
    };
  });
  const more = rejected.length - problems.length;
  if (more > 0) problems.push({ path: 'steps', message: `… and ${more} more rejected steps` });
  return problems;
}
