/**
 * What the "show why" views read: the checks and their located failures, the cache rows, the explainer
 * for the request in view and the compare mode's second request. All computed from core functions when
 * their inputs change, so a view only renders.
 */
import type { Principal } from '../../core/store/entities';
import type { Timeline } from '../../core/replay/replayText';
import { runChecks } from '../../core/checks/checks';
import { locateFailures } from '../../core/checks/locateChecks';
import { rejectionProblems } from '../../core/checks/rejections';
import { cacheRows } from '../../core/explain/cacheTrace';
import { explainRequest } from '../../core/explain/whyRequest';
import { compareItems } from '../../core/explain/compare';
import { type Coverage, ruleCoverage } from '../../core/checks/ruleCoverage';
import { isLeak } from '../../core/explain/leaks';
import type { AnswerBook } from '../../core/grading/answerRows';
import { requestView } from './derive';
import { actingPrincipals } from '../../core/timeline/principals';
import { MAX_JUDGED_CHARS } from '../../core/limits';
import type { ExplainedView, RequestView, TimelineChecks, WhyView } from '../views';

/**
 * Coverage replays the scenario once per rule; past MAX_JUDGED_CHARS (core/limits.ts) a run would feel
 * slow, so it is skipped, as judging a lesson's tasks is.
 */
const COVERAGE_MAX_CHARS = MAX_JUDGED_CHARS;

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
