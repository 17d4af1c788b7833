/**
 * What the "show why" views read: the checks and their located failures, the cache rows, the explainer
 * for the request in view and the compare mode's second request. All computed from core functions when
 * their inputs change, so a view only renders.
 */
import type { Principal } from '../core/store/entities';
import type { Timeline } from '../core/replay/replayText';
import { type CheckResult, runChecks } from '../core/checks/checks';
import { type LocatedFailure, locateFailures } from '../core/checks/locateChecks';
import { rejectionProblems } from '../core/checks/rejections';
import type { Problem } from '../core/scenario/scenario';
import { type CacheRow, cacheRows } from '../core/explain/cacheTrace';
import { type ItemWhy, type RequestWhy, explainRequest } from '../core/explain/whyRequest';
import type { Rows } from '../core/timeline/rows';
import { type CompareRow, compareItems } from '../core/explain/compare';
import { type Coverage, ruleCoverage } from '../core/checks/ruleCoverage';
import { isLeak } from '../core/explain/leaks';
import type { AnswerBook } from '../core/grading/answerRows';
import { requestView, type RequestView } from './derive';
import { actingPrincipals } from '../core/timeline/principals';
import { MAX_JUDGED_CHARS } from '../core/limits';

/**
 * Coverage replays the scenario once per rule; past MAX_JUDGED_CHARS (core/limits.ts) a run would feel
 * slow, so it is skipped, as judging a lesson's tasks is.
 */
const COVERAGE_MAX_CHARS = MAX_JUDGED_CHARS;

export interface TimelineChecks {
  checks: CheckResult[];
  /** Each failure of a red check, located in the text the timeline was replayed from. */
  checkFailures: LocatedFailure[];
  cache: CacheRow[];
  /** Steps the store rejected that did not expect it, located in that text, naming the refused value. */
  rejections: Problem[];
}

/** The checks and cache rows of a timeline replayed from `text`. */
export function timelineChecks(timeline: Timeline, text: string): TimelineChecks {
  const checks = runChecks(timeline);
  return {
    checks,
    checkFailures: locateFailures(text, checks),
    cache: cacheRows(timeline),
    rejections: rejectionProblems(timeline, text),
  };
}

/** Which checks each rule protects in this scenario; null for a very large or invalid text. */
export function coverageOf(text: string): Coverage | null {
  return text.length > COVERAGE_MAX_CHARS ? null : ruleCoverage(text);
}

export interface CompareView {
  principal: Principal;
  request: RequestView;
  /** Each item either request holds, with which side holds it; null when either request was refused. */
  rows: CompareRow[] | null;
}

/** The explainer's view of a request, its long lists as `L`: rows in the engine, windows of them on the page. */
export type ExplainedView<L> = Omit<RequestWhy, 'leftOut' | 'deleted'> & { leftOut: L; deleted: L };

export interface WhyView<L = Rows<ItemWhy>> {
  /** The explainer for the request in view; null when there is none. */
  explained: ExplainedView<L> | null;
  /** The seqs of the request's items that the seed's store, every rule on, would never give this principal. */
  leaked: ReadonlySet<number>;
  compare: CompareView | null;
}

const NONE: ReadonlySet<number> = new Set();

/** The leak rule (core's isLeak) read once here, so the views only look items up. */
function leakedOf(explained: ExplainedView<unknown> | null): ReadonlySet<number> {
  const leaks = explained?.inRequest.filter(isLeak) ?? [];
  return leaks.length === 0 ? NONE : new Set(leaks.map((why) => why.item.seq));
}

/** The explainer and the compare mode for the request in view at entry `index`. */
export function whyView(
  timeline: Timeline,
  index: number,
  principal: Principal | null,
  question: string,
  request: RequestView,
  comparing: Principal | null,
  book: AnswerBook,
): WhyView {
  const explained =
    request.kind === 'ok' && principal !== null
      ? explainRequest(timeline, index, principal, request.result.context.items, request.fromStep)
      : null;
  const leaked = leakedOf(explained);
  if (comparing === null) return { explained, leaked, compare: null };
  const other = requestView(timeline, timeline.entries[index]!, comparing, question, book);
  const rows =
    request.kind === 'ok' && other.kind === 'ok'
      ? compareItems(request.result.context.items, other.result.context.items)
      : null;
  return { explained, leaked, compare: { principal: comparing, request: other, rows } };
}

/**
 * Whom to compare `principal` with first: a query step's principal of another user (the same question,
 * asked by someone the store must keep apart), else any step's principal of another user, else any other.
 */
export function defaultComparison(timeline: Timeline, principal: Principal | null): Principal | null {
  const acting = actingPrincipals(timeline);
  const all = [...acting.filter((a) => a.query), ...acting.filter((a) => !a.query)].map((a) => a.principal);
  return (
    all.find((p) => p.user !== principal?.user) ??
    all.find((p) => p.task !== principal?.task || p.agent !== principal?.agent) ??
    null
  );
}
