/**
 * Checks over a router timeline, in the shape of the main checks (CheckResult): always-on invariants,
 * judged for either ordering (the router or the naive one), and the scenario's `expect` assertions.
 * The invariants are stated from the recorded traces and bank snapshots, not by calling the router.
 */
import { count, verb } from '../text/plural';
import {
  type CheckResult,
  expectationResults,
  type Failure,
  invariantResult,
  listIds as list,
  sameIds as same,
} from '../checks/results';
import type { PathSegment } from '../scenario/scenario';
import { type Bank, fromUnreadBanks, type Memory, normalize } from './router';
import type { RecallComparison, RouterEntry, RouterTimeline } from './replay';

export const ROUTER_INVARIANTS = [
  { id: 'scorer-sees-authorized-only', title: "The scorer never sees an unauthorized bank's items" },
  { id: 'results-authorized', title: 'No result comes from a bank the context cannot read' },
  { id: 'complete-results', title: 'A recall returns every authorized memory it has room for' },
  { id: 'unknown-context-writes-nothing', title: 'An unknown context writes nothing' },
  { id: 'no-stale-candidates', title: 'A memory a rebuild removed is never a candidate again' },
] as const;
export type RouterInvariantId = (typeof ROUTER_INVARIANTS)[number]['id'];

/** Which ordering to judge: the router's (authorize, then rank) or the naive one (rank, then filter). */
export type RouterSide = 'safe' | 'naive';

type Recall = { entry: RouterEntry; recall: RecallComparison };

const stepPath = (entry: RouterEntry): PathSegment[] => ['steps', entry.index - 1];

const invariant = (id: RouterInvariantId, failures: Failure[]): CheckResult =>
  invariantResult(ROUTER_INVARIANTS, id, failures);

function recalls(timeline: RouterTimeline): Recall[] {
  return timeline.entries.flatMap((entry) =>
    entry.outcome.kind === 'recalled' ? [{ entry, recall: entry.outcome }] : [],
  );
}

/** How many results a recall owes: distinct non-blank contents in the banks it may read, up to the limit. */
function owed(banks: Readonly<Record<Bank, readonly Memory[]>>, allowed: readonly Bank[], limit: number): number {
  const distinct = new Set(
    allowed.flatMap((bank) => banks[bank].map((memory) => normalize(memory.content))).filter((id) => id !== ''),
  );
  return Math.min(limit, distinct.size);
}

/** The always-on invariants, judged for one side (writes are shared: both sides see the same banks). */
export function checkRouterInvariants(timeline: RouterTimeline, side: RouterSide = 'safe'): CheckResult[] {
  const all = recalls(timeline);
  const fail = (entry: RouterEntry, reason: string): Failure => ({ step: entry.index, reason, path: stepPath(entry) });
  const before = (entry: RouterEntry) => timeline.entries[entry.index - 1]!.banks;
  return [
    invariant(
      'scorer-sees-authorized-only',
      all.flatMap(({ entry, recall }) =>
        fromUnreadBanks(recall[side].scored, recall.safe.allowed).map((item) =>
          fail(
            entry,
            `${recall.context}: the scorer was handed ${item.memory_id} from the ${item.bank} bank, which it may not read`,
          ),
        ),
      ),
    ),
    invariant(
      'results-authorized',
      all.flatMap(({ entry, recall }) =>
        fromUnreadBanks(recall[side].results, recall.safe.allowed).map((item) =>
          fail(entry, `${recall.context}: ${item.memory_id} from the ${item.bank} bank is in the results`),
        ),
      ),
    ),
    invariant(
      'complete-results',
      all.flatMap(({ entry, recall }) => {
        const due = owed(before(entry), recall.safe.allowed, recall.limit);
        const got = recall[side].results.length;
        return got === due
          ? []
          : [
              fail(
                entry,
                `${recall.context}: ${count(got, 'result')}, but ${count(due, 'authorized memory', 'authorized memories')} ${verb(due, 'was', 'were')} due`,
              ),
            ];
      }),
    ),
    invariant(
      'unknown-context-writes-nothing',
      timeline.entries.flatMap((entry) => {
        const step = entry.step;
        if (step?.op !== 'remember' || timeline.contexts.some(([key]) => key === step.context)) return [];
        const grew = (['general', 'private'] as const).filter(
          (bank) => entry.banks[bank].length !== before(entry)[bank].length,
        );
        const reason =
          entry.outcome.kind === 'stored'
            ? `the unknown context ${step.context} stored ${entry.outcome.memory.memory_id} in the ${entry.outcome.bank} bank`
            : grew.length > 0
              ? `the unknown context ${step.context} changed the ${grew.join(' and ')} bank`
              : null;
        return reason === null ? [] : [fail(entry, reason)];
      }),
    ),
    invariant(
      'no-stale-candidates',
      all.flatMap(({ entry, recall }) =>
        recall[side].scored
          .filter(
            (item) =>
              !before(entry)[item.bank].some(
                (memory) => memory.memory_id === item.memory_id && memory.content === item.content,
              ),
          )
          .map((item) =>
            fail(
              entry,
              `${recall.context}: ${item.memory_id} was a candidate, but the ${item.bank} bank no longer holds it`,
            ),
          ),
      ),
    ),
  ];
}

const ids = (items: ReadonlyArray<{ memory_id: string }>) => items.map((item) => item.memory_id);

/** The scenario's own `expect` assertions, one result per step that states any. */
export function checkRouterExpectations(timeline: RouterTimeline): CheckResult[] {
  return expectationResults(timeline.entries, stepPath, ({ outcome }, expect, fail) => {
    if (expect.rejected !== undefined) {
      if (outcome.kind !== 'rejected') fail('rejected', 'expected the router to refuse this step, but it went through');
      else if (!outcome.reason.includes(expect.rejected))
        fail('rejected', `refused with "${outcome.reason}", expected a reason containing "${expect.rejected}"`);
    }
    if (expect.stored !== undefined) {
      const stored = outcome.kind === 'stored';
      if (stored !== expect.stored)
        fail(
          'stored',
          outcome.kind === 'rejected'
            ? `the write failed: ${outcome.reason}`
            : `expected the memory ${expect.stored ? '' : 'not '}to be stored`,
        );
    }
    const lists = [
      ['results', expect.results, (r: RecallComparison) => ids(r.safe.results), 'the results are'],
      ['naive_results', expect.naive_results, (r: RecallComparison) => ids(r.naive.results), 'the naive results are'],
      ['scored', expect.scored, (r: RecallComparison) => ids(r.safe.scored), 'the scorer was handed'],
      [
        'naive_scored',
        expect.naive_scored,
        (r: RecallComparison) => ids(r.naive.scored),
        'the naive scorer was handed',
      ],
    ] as const;
    for (const [field, wanted, actual, says] of lists) {
      if (wanted === undefined) continue;
      if (outcome.kind !== 'recalled')
        fail(
          field,
          outcome.kind === 'rejected' ? `the recall failed: ${outcome.reason}` : 'only a recall has results to check',
        );
      else if (!same(actual(outcome), wanted))
        fail(field, `${says} ${list(actual(outcome))}; expected ${list(wanted)}`);
    }
  });
}

/** Every check for one side: the invariants first, then the scenario's expectations (which name their side). */
export function runRouterChecks(timeline: RouterTimeline, side: RouterSide = 'safe'): CheckResult[] {
  return [...checkRouterInvariants(timeline, side), ...checkRouterExpectations(timeline)];
}
