/**
 * A lesson's marks in the gallery and the lesson bar: its safe-side checks for the learner's scenario,
 * and its tasks. A lesson is done when every task is met (see exercises/progressLogic.ts isDone);
 * checks green are not done: the seed's checks are green before the learner has done anything.
 */
import { count } from '../../core/text/plural';
import type { CheckResult } from '../../core/checks/checks';

export type LessonStatus =
  | { kind: 'unopened' }
  | { kind: 'checking' }
  | { kind: 'green'; total: number }
  | { kind: 'red'; red: number; total: number; first: string }
  /** The learner's saved scenario does not run (it has problems). */
  | { kind: 'invalid'; problems: number };

/** The mark for a lesson's safe-side checks. */
export function statusOfChecks(checks: readonly CheckResult[]): LessonStatus {
  const red = checks.filter((check) => !check.ok);
  if (red.length === 0) return { kind: 'green', total: checks.length };
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
    case 'green':
      // The vector lesson's checks need its database: they run, and show, in the lesson's own view.
      return status.total === 0 ? 'Checks run in the lesson, on its database' : `All ${status.total} checks green`;
    case 'red':
      return `${status.red} of ${status.total} checks red`;
    case 'invalid':
      return `Your scenario has ${count(status.problems, 'problem')}`;
  }
}

/** A lesson's tasks in words: how many are met, or done; `null` when the lesson's tasks were never recorded. */
export function tasksWords(count: { met: number; total: number } | null): string {
  if (count === null) return 'No task met yet';
  const { met, total } = count;
  if (total === 0) return 'This lesson has no tasks yet';
  if (met === total) return `Done: all ${total} tasks met`;
  return `${met} of ${total} tasks met`;
}
