/**
 * Check failures placed in the scenario text: each failure's JSON path mapped to a line and column
 * by the same `locator` that places scenario problems, so an editor can mark it.
 */
import { parseTree } from 'jsonc-parser';
import type { CheckResult } from './checks';
import { formatPath, locator, type Problem } from '../scenario/scenario';

export interface LocatedFailure extends Problem {
  check: string;
  step: number;
}

/** Every failure of every red check, located in `text` (the text the checks were run on). */
export function locateFailures(text: string, checks: readonly CheckResult[]): LocatedFailure[] {
  const failures = checks.flatMap((check) => check.failures.map((failure) => ({ check, failure })));
  if (failures.length === 0) return [];
  const locate = locator(text, parseTree(text));
  return failures.map(({ check, failure }) => ({
    check: check.id,
    step: failure.step,
    message: `${check.title}: step ${failure.step}: ${failure.reason}`,
    path: formatPath(failure.path),
    segments: failure.path,
    ...locate(failure.path),
  }));
}
