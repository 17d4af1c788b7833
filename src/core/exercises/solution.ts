/**
 * A teacher's reference solution applied to a lesson: the patch to the lesson's own scenario value,
 * and the acts (selection, switches) a learner would make. The caller validates the patched value with
 * the lesson's schema, so a solution that breaks the scenario is reported like any bad scenario.
 */
import { applyPatch } from './patch';
import { type LearnerActs, NO_ACTS, type Solution, type SolutionActs } from './types';
import { ownValue } from '../own';

export type SolvedOutcome =
  { kind: 'ok'; value: unknown; actsFor: (taskId: string) => LearnerActs } | { kind: 'invalid'; message: string };

const actsOf = (acts: SolutionActs | undefined): LearnerActs => ({
  selectedStep: acts?.selectedStep ?? NO_ACTS.selectedStep,
  rulesOff: acts?.rulesOff ?? NO_ACTS.rulesOff,
  log: acts?.log ?? [],
});

/** The lesson's scenario value with the solution's patch applied (the input is not changed), and each task's acts. */
export function applySolution(lessonValue: unknown, solution: Solution | undefined): SolvedOutcome {
  const patched = applyPatch(lessonValue, solution?.patch ?? []);
  if (patched.kind === 'invalid')
    return { kind: 'invalid', message: `solution.patch[${patched.at}]: ${patched.message}` };
  return {
    kind: 'ok',
    value: patched.value,
    actsFor: (taskId) => actsOf(ownValue(solution?.taskActs, taskId) ?? solution?.acts),
  };
}
