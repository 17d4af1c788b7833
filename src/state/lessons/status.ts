/** A lesson's mark in the gallery: done when every safe-side check is green for the learner's scenario. */
import type { CheckResult } from '../../core/checks/checks';

export type LessonStatus =
  | { kind: 'unopened' }
  | { kind: 'checking' }
  | { kind: 'done'; total: number }
  | { kind: 'red'; red: number; total: number; first: string }
  /** The learner's saved scenario does not run (it has problems). */
  | { kind: 'invalid'; problems: number };

/** The mark for a lesson's safe-side checks. */
export function statusOfChecks(checks: readonly CheckResult[]): LessonStatus {
  const red = checks.filter((check) => !check.ok);
  if (red.length === 0) return { kind: 'done', total: checks.length };
  const failure = red[0]!.failures[0];
  return {
    kind: 'red',
    red: red.length,
    total: checks.length,
    first: failure ? `step ${failure.step}: ${failure.reason}` : red[0]!.title,
  };
}

/** The mark in words, for the gallery and the lesson bar. */
export function statusWords(status: LessonStatus): string {
  switch (status.kind) {
    case 'unopened':
      return 'Not opened yet';
    case 'checking':
      return 'Checking…';
    case 'done':
      return `Done: all ${status.total} checks green`;
    case 'red':
      return `${status.red} of ${status.total} checks red`;
    case 'invalid':
      return `Your scenario has ${status.problems} problem${status.problems === 1 ? '' : 's'}`;
  }
}
