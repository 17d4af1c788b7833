/**
 * The shape every engine's checks report in (the store's, the router's, the memory tool's), and the
 * builders they share: an invariant's result from its failures, and one expectation result per step
 * that states `expect`. The engines differ in what they judge, never in how a result is assembled.
 */
import type { PathSegment } from '../scenario/scenario';

export interface Failure {
  /** The timeline entry (scenario step K, or 0 for the configuration). */
  step: number;
  reason: string;
  /** Where to mark it in the scenario text. */
  path: PathSegment[];
}

export interface CheckResult {
  id: string;
  title: string;
  kind: 'invariant' | 'expectation';
  ok: boolean;
  failures: Failure[];
  /** For an expectation: the step it belongs to. */
  step?: number;
}

/** An invariant's result: its title from the engine's table, green when nothing failed. */
export function invariantResult(
  table: ReadonlyArray<{ readonly id: string; readonly title: string }>,
  id: string,
  failures: Failure[],
): CheckResult {
  const title = table.find((inv) => inv.id === id)!.title;
  return { id, title, kind: 'invariant', ok: failures.length === 0, failures };
}

/** A timeline entry as the expectation builder reads it: its index and the step it replayed. */
interface EntryWithStep {
  index: number;
  step: { op: string; expect?: object } | null;
}

/** The `expect` of an entry's step. */
type ExpectOf<E extends EntryWithStep> = NonNullable<NonNullable<E['step']>['expect']>;

/**
 * The scenario's own `expect` assertions: one result per step that states any. `judge` calls `fail`
 * with the expect field a failure belongs to, so the editor marks that field.
 */
export function expectationResults<E extends EntryWithStep>(
  entries: readonly E[],
  stepPath: (entry: E) => PathSegment[],
  judge: (entry: E, expect: ExpectOf<E>, fail: (field: string, reason: string) => void) => void,
): CheckResult[] {
  const results: CheckResult[] = [];
  for (const entry of entries) {
    const { step } = entry;
    if (step?.expect === undefined) continue;
    const expect = step.expect as ExpectOf<E>;
    const failures: Failure[] = [];
    judge(entry, expect, (field, reason) =>
      failures.push({ step: entry.index, reason, path: [...stepPath(entry), 'expect', field] }),
    );
    results.push({
      id: `expect-step-${entry.index}`,
      title: `Step ${entry.index} ${step.op}: ${Object.keys(expect).join(', ')}`,
      kind: 'expectation',
      ok: failures.length === 0,
      failures,
      step: entry.index,
    });
  }
  return results;
}

/** IDs as a failure names them: "a, b", or "nothing". */
export const listIds = (ids: readonly string[]): string => (ids.length > 0 ? ids.join(', ') : 'nothing');

/** The same IDs in the same order. */
export const sameIds = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((id, i) => id === b[i]);
