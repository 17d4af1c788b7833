/**
 * Exercises: tasks a lesson asks of the learner, each with a goal the core verifies from the replay
 * (never by matching text), hints revealed one at a time, and the answer. A scenario, a router lesson
 * or a memtool lesson may carry an `exercises` list; the lesson catalogue gives each shipped lesson its
 * own. Goals are data from a closed set (a union on `kind`), validated by the same schema as the rest
 * of the scenario.
 */
import type { Rule } from '../store/rules';

/** A goal from the closed set. Steps are numbered from 1, as the timeline shows them. */
export type Goal =
  /** The learner selects step `step` in the timeline. */
  | { kind: 'stepSelected'; step: number }
  /** The learner has switched rule `rule` off (and, when `only`, every other rule is on). */
  | { kind: 'ruleOff'; rule: Rule; only?: boolean }
  /** In the learner's scenario, the naive request at query step `step` carries an item of user `owner` to user `to`. */
  | { kind: 'naiveLeak'; step: number; owner: string; to: string }
  /** The learner's scenario has an `expect` assertion that is red with rule `rule` off and green with every rule on. */
  | { kind: 'checkGuardsRule'; rule: Rule }
  /**
   * The learner's scenario names a user that the lesson's own scenario does not, and one of that user's
   * items reaches user `to`'s naive request while every scoped request of `to` stays clean.
   */
  | { kind: 'newUserLeaks'; to: string };

export interface Exercise {
  /** Stable within its lesson: progress is kept by it. */
  id: string;
  /** What to do, one or two sentences. */
  task: string;
  goal: Goal;
  /** Two or three hints, each more specific than the last. */
  hints: readonly string[];
  /** What "show the answer" reveals. */
  answer: string;
}

/** What the learner has done that a goal may read, beside the scenario the replay ran. */
export interface LearnerActs {
  /** The step selected in the timeline, numbered from 1 (0: none yet). */
  selectedStep: number;
  /** The rules switched off. */
  rulesOff: readonly Rule[];
}

/** The verdict on one task. `reason` says, in a sentence, what is still missing or what was found. */
export type TaskVerdict = { id: string; met: true; reason: string } | { id: string; met: false; reason: string };
