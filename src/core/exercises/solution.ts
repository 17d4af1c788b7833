/**
 * A teacher's reference solution applied to a lesson: the patch to the lesson's own scenario value,
 * and the acts (selection, switches) a learner would make. The caller validates the patched value with
 * the lesson's schema, so a solution that breaks the scenario is reported like any bad scenario.
 */
import { applyPatch } from './patch';
import { type LearnerActs, NO_ACTS, type Solution } from './types';

export type SolvedOutcome = { kind: 'ok'; value: unknown; acts: LearnerActs } | { kind: 'invalid'; message: string };

/** The lesson's scenario value with the solution's patch applied (the input is not changed), and its acts. */
export function applySolution(lessonValue: unknown, solution: Solution | undefined): SolvedOutcome {
  const patched = applyPatch(lessonValue, solution?.patch ?? []);
  if (patched.kind === 'invalid')
    return { kind: 'invalid', message: `solution.patch[${patched.at}]: ${patched.message}` };
  return {
    kind: 'ok',
    value: patched.value,
    acts: {
      selectedStep: solution?.acts?.selectedStep ?? NO_ACTS.selectedStep,
      rulesOff: solution?.acts?.rulesOff ?? NO_ACTS.rulesOff,
    },
  };
}
