/**
 * Check failures placed in the scenario text: each failure's JSON path mapped to a line and column
 * by the same `locator` that places scenario problems, so an editor can mark it.
 */
import type { CheckResult } from './checks';
import { formatPath, type Problem } from '../scenario/scenario';
import { locateAll } from '../scenario/locate';

export interface LocatedFailure extends Problem {
  check: string;
  step: number;
}

/** Every failure of every red check, located in `text` (the text the checks were run on). */
export function locateFailures(text: string, checks: readonly CheckResult[]): LocatedFailure[] {
  const failures = checks.flatMap((check) => check.failures.map((failure) => ({ check, failure })));
  const spans = locateAll(
    text,
    failures.map(({ failure }) => ({ path: failure.path })),
  );
  return failures.map(({ check, failure }, i) => ({
    check: check.id,
    step: failure.step,
    message: `${check.title}: step ${failure.step}: ${failure.reason}`,
    path: formatPath(failure.path),
    segments: failure.path,
    ...spans[i],
  }));
}
