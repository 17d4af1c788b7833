/**
 * The vector lesson's checks, in the shape of the other engines' (CheckResult), judged on the learner's
 * own query: the principal gets only their rows, no other owner's row leaves the database, and the
 * query returns k rows when the principal owns at least k. With `hnsw.iterative_scan` on they are green;
 * switched off (pgvector's default) the filter after the index scan leaves the principal short.
 */
import { type CheckResult, type Failure, invariantResult } from '../checks/results';
import { count } from '../text/plural';
import type { VectorRun } from './run';

export const VECTOR_INVARIANTS = [
  { id: 'own-rows-only', title: 'The principal receives only their own rows' },
  { id: 'nothing-foreign-leaves', title: "No other owner's row leaves the database" },
  { id: 'k-rows', title: 'The query returns k rows when the principal owns k' },
] as const;
export type VectorInvariantId = (typeof VECTOR_INVARIANTS)[number]['id'];

const fail = (reason: string, field: string): Failure => ({ step: 0, reason, path: [field] });

/** The checks on the learner's query. `owned`: how many chunks the principal owns (the exact scan's count, capped at k, tells it). */
export function runVectorChecks(run: VectorRun): CheckResult[] {
  const { own, scenario } = run;
  const exact = run.strategies.find(({ strategy }) => strategy.id === 'exact-scan')!.outcome;
  const owed = Math.min(scenario.k, exact.rows.length);
  const foreign = own.rows.filter((row) => row.owner !== scenario.principal);
  return [
    invariantResult(
      VECTOR_INVARIANTS,
      'own-rows-only',
      foreign.length === 0
        ? []
        : [fail(`${scenario.principal} received chunk ${foreign[0]!.id} of ${foreign[0]!.owner}.`, 'filter')],
    ),
    invariantResult(
      VECTOR_INVARIANTS,
      'nothing-foreign-leaves',
      own.othersHanded === 0
        ? []
        : [
            fail(
              `The database handed the application ${count(own.othersHanded, 'row')} of other owners, ranked beside ${scenario.principal}'s, before it filtered.`,
              'filter',
            ),
          ],
    ),
    invariantResult(
      VECTOR_INVARIANTS,
      'k-rows',
      own.rows.length >= owed
        ? []
        : [
            fail(
              `The query returned ${own.rows.length} of ${scenario.k}, though ${scenario.principal} owns at least ${owed}: the filter ran after the index had chosen its candidates.`,
              'iterative_scan',
            ),
          ],
    ),
  ];
}
