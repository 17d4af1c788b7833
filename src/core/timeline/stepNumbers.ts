/**
 * The one step numbering a learner reads, wherever a step is named: the timeline, the editor's step
 * marks, hints, tasks, checks, `selectedStep`, the command line's `--step`, share links and error
 * messages. Step N is the N-th object of the scenario's `steps`, counting from 1: step 1 is `steps[0]`.
 * Before step 1 comes the configuration (the app items), numbered 0, which is no step of the list. A
 * timeline entry's index is its step number. JSON Patch and JSON paths (`/steps/9`, `steps[9]`) keep
 * JSON's own count from 0, and every message that shows one names the step beside it.
 */

/** The step number of `steps[i]`. */
export const stepNumberOf = (arrayIndex: number): number => arrayIndex + 1;

/** Where step N stands in `steps` (step 1 is `steps[0]`). */
export const arrayIndexOf = (step: number): number => step - 1;

/**
 * What the step counter and the current step say for step `step` of a scenario of `count` steps; an
 * engine whose step is a call says "Call 3 of 9" in both places.
 */
export function stepPosition(step: number, count: number, noun = 'Step'): string {
  // A timeline of one entry (the vector lesson's one question) has nothing before or after it.
  if (count === 0) return `The only ${noun.toLowerCase()}`;
  return step === 0 ? `Before ${noun.toLowerCase()} 1 of ${count}` : `${noun} ${step} of ${count}`;
}

/** The short name of a step: "step 7", or "the configuration" for 0. */
export function stepName(step: number): string {
  return step === 0 ? 'the configuration' : `step ${step}`;
}

/**
 * A JSON path as a problem names it, with the step it is in: "steps[3].as[0] (step 4)". The path keeps
 * JSON's count from 0 (it is where the editor and JSON Patch look); the step is the timeline's number.
 */
export function pathWithStep(path: string): string {
  const match = /^steps\[(\d+)\]/.exec(path);
  return match === null ? path : `${path} (${stepName(stepNumberOf(Number(match[1])))})`;
}
