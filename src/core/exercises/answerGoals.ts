/**
 * The answer goals every engine shares: mark what leaks at a step, and predict it before seeing the
 * step. Each engine says what leaks (a LeakView, from its replay); these judge the learner's act log
 * against it. A learner's first answer is final (a mark cannot be taken back, a prediction counts only
 * while neither the step nor a later one has been seen), so trying every answer in turn meets nothing;
 * resetting the lesson's progress starts the log afresh.
 */
import type { Act } from './types';
import type { Judged } from './shared';

/** What the naive side showed at one step, by ID: its rows, the rows that leak, and every ID the scenario knows. */
export interface LeakView {
  /** The naive list's rows at the step (what the learner may mark). */
  rows: readonly string[];
  /** The rows that leak there, in row order. */
  leaked: readonly string[];
  /** Every ID a prediction may name: a prediction of an unknown ID (a typing slip) is not counted. */
  known: ReadonlySet<string>;
}

/** A LeakView, or the sentence that says why the step has none (not a query, no such step). */
export type LeakAt = LeakView | string;

const ids = (items: readonly string[]) => items.join(', ');
/** The sentence a learner reads after a wrong first answer (a teacher's report leaves it out). */
export const RETRY = "Your first answer is final: reset this lesson's progress to try again.";

/**
 * Met when the learner's marks among the step's rows are exactly the rows that leak. `list`: what the
 * rows are, as a reason names them ("naive list", or a scoped request with a rule off).
 */
export function judgeMarkLeak(step: number, view: LeakAt, log: readonly Act[], list = 'naive list'): Judged {
  if (typeof view === 'string') return [false, view];
  const marked = [
    ...new Set(log.flatMap((act) => (act.kind === 'mark' && act.step === step ? [act.item] : []))),
  ].filter((id) => view.rows.includes(id));
  if (view.leaked.length === 0)
    return [false, `Nothing leaks at step ${step} in your scenario, so there is nothing to mark.`];
  if (marked.length === 0) return [false, `No row of step ${step}'s ${list} is marked as leaked yet.`];
  const wrong = marked.filter((id) => !view.leaked.includes(id));
  if (wrong.length > 0) return [false, `You marked ${ids(wrong)} at step ${step}, which does not leak there. ${RETRY}`];
  if (marked.length < view.leaked.length)
    return [false, `You marked ${ids(marked)}; another row of step ${step} leaks too.`];
  return [true, `You marked ${ids(marked)}: what step ${step}'s ${list} leaks.`];
}

/**
 * The prediction that counts for `step`: the first one of a known item (or "none") made before the
 * learner saw that step or any later one (a later step shows what came after it, often the same list).
 * `seen`: the step seen first at or after `step`, when that came before any prediction.
 */
export function countedPrediction(
  step: number,
  known: ReadonlySet<string>,
  log: readonly Act[],
): { made: true; leak: string | null } | { made: false; seen: number | null } {
  for (const act of log) {
    if (act.kind === 'see' && act.step >= step) return { made: false, seen: act.step };
    if (act.kind === 'predict' && act.step === step && (act.leak === null || known.has(act.leak)))
      return { made: true, leak: act.leak };
  }
  return { made: false, seen: null };
}

/** Met when the counted prediction names an item that leaks at `step`, or "none" when nothing does. */
export function judgePredictLeak(step: number, view: LeakAt, log: readonly Act[]): Judged {
  if (typeof view === 'string') return [false, view];
  const prediction = countedPrediction(step, view.known, log);
  if (!prediction.made)
    return [
      false,
      prediction.seen === null
        ? `No prediction for step ${step} yet: make it before you step there.`
        : `You saw step ${prediction.seen === step ? step : `${prediction.seen}, past step ${step},`} before predicting it, so a prediction now does not count. ${RETRY}`,
    ];
  const { leak } = prediction;
  const right = leak === null ? view.leaked.length === 0 : view.leaked.includes(leak);
  if (!right)
    return [
      false,
      `Your prediction for step ${step} (${leak === null ? 'nothing leaks' : `${leak} leaks`}) was wrong. ${RETRY}`,
    ];
  return [
    true,
    leak === null
      ? `You predicted that nothing leaks at step ${step}, before seeing it: right.`
      : `You predicted that ${leak} leaks at step ${step}, before seeing it: right.`,
  ];
}
