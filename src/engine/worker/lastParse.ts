/**
 * What the engine's verifiers share (verdicts.ts for a store lesson, kitSession.ts for the others): a
 * text parsed once and kept while it stays the same, and the verdicts of a text that is not judged.
 */
import type { TaskVerdict } from '../../core/exercises/types';
import type { Problem } from '../../core/scenario/scenario';

export type Parsed<T> = { kind: 'ok'; scenario: T } | { kind: 'invalid'; problems: Problem[] };

/** Remember the last parse of each text: the learner's changes on a run, the lesson's never. */
export function lastParse<T>(parse: (text: string) => Parsed<T>): (text: string) => Parsed<T> {
  let text: string | null = null;
  let parsed: Parsed<T> | null = null;
  return (next) => {
    if (next !== text || parsed === null) {
      text = next;
      parsed = parse(next);
    }
    return parsed;
  };
}

/** Each task unmet, for `why`. */
export const unjudged = (exercises: readonly { id: string }[], why: string): TaskVerdict[] =>
  exercises.map((e) => ({ id: e.id, met: false, reason: why }));

/** Why the tasks of a scenario that does not parse are not judged. */
export const NOT_RUNNING = 'The scenario does not run.';
