/** What every engine's goals share: the verdict as [met, reason], and the timeline's selection. */
import type { LearnerActs } from './types';

/** A goal's verdict before it is named: met or not, and the sentence that says why. */
export type Judged = [met: boolean, reason: string];

/** Met when the learner has selected step `step`. The reason never names the step asked for. */
export function judgeStepSelected(step: number, acts: LearnerActs): Judged {
  if (acts.selectedStep === step) return [true, `Step ${step} is selected.`];
  if (acts.selectedStep === 0) return [false, 'No step is selected yet.'];
  return [false, `Step ${acts.selectedStep} is selected, but it is not the step this task asks for.`];
}
