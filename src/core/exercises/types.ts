/**
 * Exercises: tasks a lesson asks of the learner, each with a goal the core verifies from the replay
 * (never by matching text), hints revealed one at a time, and the answer. A scenario, a router lesson
 * or a memtool lesson may carry an `exercises` list; the lesson catalogue gives each shipped lesson its
 * own. Goals are data from a closed set (a union on `kind`), validated by the same schema as the rest
 * of the scenario (schema.ts).
 *
 * Goals about the scenario (naiveLeak, naiveLeakSelected, checkGuardsRule, newUserLeaks) are judged on
 * the replay with every rule on, whatever the learner has switched: they describe the scenario, not the
 * switches. stepSelected, naiveLeakSelected's step and ruleOff read the learner's acts; the answer goals
 * (markLeak, predictLeak, whichRule) read the learner's act log against that replay, so only a learner
 * who knows the answer meets them: stepping through the timeline never does.
 */
import type { Rule } from '../store/rules';
import type { KeepingRule } from '../store/visibility';

/**
 * A goal any engine's lesson may set: the timeline's selection, and the answer goals on what the naive
 * side leaks at a step (for a store its naive list's items of another user; for a router the memories its
 * naive scorer was handed from banks the context may not read; for a memtool the records and files of
 * another organisation its naive tool handed back). Steps are numbered from 1, as the timeline shows them.
 */
export type SharedGoal =
  /** The learner selects step `step` in the timeline. */
  | { kind: 'stepSelected'; step: number }
  /**
   * The learner has marked, among the naive side's rows at step `step`, every one that leaks there and
   * no other: their marks at that step cannot be taken back. With `rule` (store lessons only): among the
   * rows of the scoped request at that step with rule `rule` switched off, every one the rule keeps out
   * when it is on (what the lesson's own rule lets through, not the naive list's generic leak).
   */
  | { kind: 'markLeak'; step: number; rule?: Rule }
  /**
   * Before seeing step `step` (or any later step), the learner predicted whether its naive side leaks,
   * and which item: their first prediction made while those steps were unseen is the one judged. With
   * `rule` (store lessons only): which item the scoped request carries there once `rule` is off.
   */
  | { kind: 'predictLeak'; step: number; rule?: Rule };

/** A goal of a store lesson (the seed's scenario format). */
export type StoreGoal =
  | SharedGoal
  /** The learner has switched rule `rule` off (and, when `only`, every other rule is on). */
  | { kind: 'ruleOff'; rule: Rule; only?: boolean }
  /** In the learner's scenario, the naive request at query step `step` carries an item of user `owner` to user `to`. */
  | { kind: 'naiveLeak'; step: number; owner: string; to: string }
  /** The selected step is a query whose naive request carries an item of user `owner` to user `to` (any such step). */
  | { kind: 'naiveLeakSelected'; owner: string; to: string }
  /**
   * The learner's scenario has an `expect` assertion, not one of the lesson's own, that is red with rule
   * `rule` off and green with every rule on.
   */
  | { kind: 'checkGuardsRule'; rule: Rule }
  /**
   * The learner's scenario names a user that the lesson's own scenario does not, and one of that user's
   * items reaches user `to`'s naive request while every scoped request of `to` stays clean.
   */
  | { kind: 'newUserLeaks'; to: string }
  /**
   * The learner chose which rule keeps item `item` out of the scoped request of query step `step`,
   * judged against the reason the store's `decide` gives: their first choice for that item is final.
   */
  | { kind: 'whichRule'; step: number; item: string };

/** A goal of a router lesson (seed 003). */
export type RouterGoal =
  | SharedGoal
  /**
   * At recall step `step`, the naive router's scorer was handed a memory from a bank the context may
   * not read (memory `memory`, when given), and the router's own scorer was not.
   */
  | { kind: 'scorerLeak'; step: number; memory?: string };

/** A goal of a memtool lesson (seed 004). */
export type MemtoolGoal =
  | SharedGoal
  /**
   * At step `step`, the naive tool handed back a record or file of another organisation than the
   * session's (organisation `org`, when given), and the safe tool handed back nothing of it.
   */
  | { kind: 'foreignRecord'; step: number; org?: string };

/** A goal of the vector lesson (pgvector in PGlite), judged from a run of its queries. */
export type VectorGoal =
  /**
   * The learner has marked, in strategy `strategy`'s plan (numbered from 1 as the lesson shows them),
   * the node whose filter drops other owners' rows: their first mark for that strategy is final.
   */
  | { kind: 'filterPlace'; strategy: number }
  /**
   * The learner's own query returns k rows, all the principal's, hands the application no other owner's
   * row, and keeps `hnsw.ef_search` at pgvector's default: k without widening what is ranked or handed over.
   */
  | { kind: 'returnsK' };

/** A goal from the closed set, of any engine. */
export type Goal = StoreGoal | RouterGoal | MemtoolGoal | VectorGoal;

export interface Exercise<G extends Goal = Goal> {
  /** Stable within its lesson: progress is kept by it. */
  id: string;
  /** What to do, one or two sentences. */
  task: string;
  goal: G;
  /** Two or three hints, each more specific than the last. */
  hints: readonly string[];
  /** What "show the answer" reveals. */
  answer: string;
  /** Shown once the task is met: why the answer is right, one or two sentences (missing: the answer). */
  why?: string;
}

/**
 * One thing a learner did that an answer goal reads, in the order done: a step seen in the timeline,
 * a naive row marked as leaked, a prediction about a query step, a rule chosen for an item kept out.
 */
export type Act =
  | { kind: 'see'; step: number }
  | { kind: 'mark'; step: number; item: string }
  /** `leak`: the ID of the item predicted to leak, or null for "no item leaks". */
  | { kind: 'predict'; step: number; leak: string | null }
  | { kind: 'choose'; step: number; item: string; rule: KeepingRule };

/** What the learner has done that a goal may read, beside the scenario the replay ran. */
export interface LearnerActs {
  /** The step selected in the timeline, numbered from 1 (0: none yet). */
  selectedStep: number;
  /** The rules switched off (always empty for a router or memtool lesson: those have no switches). */
  rulesOff: readonly Rule[];
  /** The learner's acts in the order made (missing: none). */
  log?: readonly Act[];
}

/** No step selected, no rule off: what a learner who has done nothing has done. */
export const NO_ACTS: LearnerActs = Object.freeze({ selectedStep: 0, rulesOff: Object.freeze([]) });

/** One operation of a JSON Patch (RFC 6902: add, replace, remove), `path` a JSON Pointer ("/steps/-"). */
export type PatchOp =
  | { op: 'add'; path: string; value: unknown }
  | { op: 'replace'; path: string; value: unknown }
  | { op: 'remove'; path: string };

/**
 * A teacher's reference solution: the acts a learner would make, and the edit to the lesson's own
 * scenario as a JSON Patch applied to it in order. `replay --check --solution` applies both and proves
 * every goal met.
 */
export interface Solution {
  acts?: SolutionActs;
  /**
   * Acts for one task, by its ID, in place of `acts`: a learner selects one step at a time, so two
   * tasks that each ask for a selection are met at different moments (progress keeps both).
   */
  taskActs?: Readonly<Record<string, SolutionActs>>;
  patch?: readonly PatchOp[];
}

/** The acts of a solution; a missing field is "none" (no step selected, every rule on). */
export interface SolutionActs {
  selectedStep?: number;
  rulesOff?: readonly Rule[];
  /** The marks, predictions, choices and steps seen, in order. */
  log?: readonly Act[];
}

/** The verdict on one task. `reason` says, in a sentence, what is still missing or what was found. */
export type TaskVerdict = { id: string; met: true; reason: string } | { id: string; met: false; reason: string };
