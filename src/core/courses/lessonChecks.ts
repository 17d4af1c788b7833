/**
 * A pack lesson's own scenario checked as `replay --check` checks a scenario file: a step the store
 * refuses (unless its `expect.rejected` says so), and every failing check (the always-on invariants and
 * the scenario's `expect` assertions; for a router or memtool lesson its safe side's). Each fault names
 * its step and the path of that step in the pack, so the command line can give its line and column.
 */
import { replay } from '../replay/replay';
import { runChecks } from '../checks/checks';
import type { CheckResult } from '../checks/results';
import { replayRouter } from '../router/replay';
import { runRouterChecks } from '../router/checks';
import type { RouterScenario } from '../router/scenario';
import { replayMemtool } from '../memtool/replay';
import { runMemtoolChecks } from '../memtool/checks';
import type { MemtoolScenario } from '../memtool/scenario';
import type { Scenario } from '../scenario/scenario';
import type { PathSegment } from '../scenario/jsonPath';
import { arrayIndexOf } from '../timeline/stepNumbers';
import type { PackLesson } from './pack';

/** One thing that fails in a lesson's scenario, at step `step` (0: the configuration). */
export interface LessonFault {
  step: number;
  /** The op of the step, when the fault is a step the store refused. */
  op?: string;
  message: string;
  /** Where it is, from the lesson's `scenario` (["steps", 3] is step 4). */
  path: PathSegment[];
}

const checkFaults = (checks: readonly CheckResult[]): LessonFault[] =>
  checks
    .filter((check) => !check.ok)
    .flatMap((check) =>
      check.failures.map((failure) => ({
        step: failure.step,
        message: `${check.kind === 'expectation' ? 'its expect fails' : `the check "${check.title}" fails`}: ${failure.reason}`,
        path: failure.path.length > 0 ? failure.path : failure.step > 0 ? ['steps', arrayIndexOf(failure.step)] : [],
      })),
    );

/** Refused steps and failing checks of a store scenario, as `replay --check` finds them. */
function storeFaults(scenario: Scenario): LessonFault[] {
  const outcome = replay(scenario);
  if (outcome.kind !== 'ok')
    return outcome.problems.map((p) => ({ step: 0, message: p.message, path: [] as PathSegment[] }));
  const refused: LessonFault[] = outcome.timeline.entries.flatMap((entry) =>
    entry.outcome.kind === 'rejected' && entry.step !== null && entry.step.expect?.rejected === undefined
      ? [
          {
            step: entry.index,
            op: entry.step.op,
            message: `the store refuses this step: ${entry.outcome.reason}`,
            path: ['steps', arrayIndexOf(entry.index)],
          },
        ]
      : [],
  );
  return [...refused, ...checkFaults(runChecks(outcome.timeline))];
}

/** Every fault of the lesson's scenario, in step order (the order of their lines in the pack). */
export function lessonFaults(lesson: PackLesson): LessonFault[] {
  const faults =
    lesson.engine === 'store'
      ? storeFaults(lesson.scenario as Scenario)
      : lesson.engine === 'router'
        ? checkFaults(runRouterChecks(replayRouter(lesson.scenario as RouterScenario), 'safe'))
        : lesson.engine === 'memtool'
          ? checkFaults(runMemtoolChecks(replayMemtool(lesson.scenario as MemtoolScenario), 'safe'))
          : [];
  return faults.sort((a, b) => a.step - b.step);
}
