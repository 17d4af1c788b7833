/** The replay command's --check report: a count line, then each failure as "step K: reason", capped. */
import type { CheckResult } from '../src/core/checks/checks';
import { cappedLines } from '../src/core/scenario/shown';

export function checkReport(checks: readonly CheckResult[]): string[] {
  const failed = checks.filter((check) => !check.ok);
  return [
    `${checks.length} check${checks.length === 1 ? '' : 's'}, ${failed.length} failed`,
    ...cappedLines(
      failed.flatMap((check) =>
        check.failures.map((failure) => `step ${failure.step}: ${failure.reason} (${check.id})`),
      ),
    ),
  ];
}
