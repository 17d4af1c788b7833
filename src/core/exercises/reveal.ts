/**
 * Answer first, then see: what the page (and the command line) may show a learner while a lesson's
 * tasks are pending, so no task is answered by a label the screen already carries. One pure rule, read
 * by the panes (verdicts), the editor (later steps' `note` and `expect`), the vector lesson's plan, the
 * "Try this" hint, and the command line's careless-learner walk.
 *
 * A task is pending while it is neither met nor given up ("Show me"). Only tasks whose answer the page
 * could otherwise show count (marks, predictions, choices, selections, a switch to find, a plan node):
 * a writing task needs the verdicts to be done. With no such task pending (a scenario without tasks,
 * a finished lesson, every task given up) everything is shown as before. A task about step K hides the
 * verdicts from step K on, never before it: the steps before the first task's step, where a first visit
 * lands on the leak, keep theirs.
 */
import { assertNever } from '../store/errors';
import type { Exercise, Goal } from './types';

/** What the rule reads of a learner's progress on the lesson: the tasks met and the tasks given up, by ID. */
export interface RevealProgress {
  met: Iterable<string>;
  /** Tasks whose answer the learner asked to see ("Show me"): given up, they reveal like a met task. */
  givenUp: Iterable<string>;
}

/** What the page may show at one step. */
export interface Reveal {
  /**
   * The naive and scoped lists' verdicts at this step: "leak: belongs to X", "left out because ...",
   * the leak count and the headline. False: the rows are shown, unlabelled.
   */
  verdicts: boolean;
  /** The vector lesson's marker on the plan node that filters ("← the owner filter"). */
  planMarker: boolean;
  /**
   * What names the rule switch to flip: the lesson's "Try this" and its "Reproduce the incident: switch
   * off ..." button (which flips it for the learner).
   */
  tryThis: boolean;
  /**
   * The last step (numbered from 1) whose `note` and `expect` the editor may show: the steps before
   * the earliest pending task's step. Infinity: every step's.
   */
  notesUpTo: number;
  /** The pending tasks that hide something here, by ID, in the lesson's order (empty: nothing is hidden). */
  hiddenBy: readonly string[];
}

/** Everything shown: no task is pending. */
export const SHOW_ALL: Reveal = Object.freeze({
  verdicts: true,
  planMarker: true,
  tryThis: true,
  notesUpTo: Infinity,
  hiddenBy: Object.freeze([]),
});

/** What a pending task of this goal keeps hidden until it is answered. */
type Hides = { step: number } | { rule: true } | { plan: true } | null;

/** The part of the page that would answer a goal; null for a task the learner writes. */
export function hiddenByGoal(goal: Goal): Hides {
  switch (goal.kind) {
    case 'markLeak':
    case 'predictLeak':
    case 'whichRule':
    case 'stepSelected':
      return { step: goal.step };
    // Any step may be the answer: every step's verdicts wait.
    case 'naiveLeakSelected':
      return { step: 1 };
    case 'ruleOff':
      return { rule: true };
    case 'filterPlace':
      return { plan: true };
    case 'naiveLeak':
    case 'checkGuardsRule':
    case 'newUserLeaks':
    case 'scorerLeak':
    case 'foreignRecord':
    case 'returnsK':
      return null;
    default:
      return assertNever(goal, 'goal');
  }
}

/** The tasks neither met nor given up, in the lesson's order. */
export function pendingTasks(tasks: readonly Exercise[], progress: RevealProgress): Exercise[] {
  const done = new Set([...progress.met, ...progress.givenUp]);
  return tasks.filter((task) => !done.has(task.id));
}

/**
 * What the page may show at step `step` (numbered from 1; 0: the configuration, before any step) of a
 * lesson with `tasks`, given the learner's progress. Answering or giving up a task reveals what it hid.
 */
export function revealAt(tasks: readonly Exercise[], progress: RevealProgress, step: number): Reveal {
  let verdicts = true;
  let planMarker = true;
  let tryThis = true;
  let notesUpTo = Infinity;
  const hiddenBy: string[] = [];
  for (const task of pendingTasks(tasks, progress)) {
    const hides = hiddenByGoal(task.goal);
    if (hides === null) continue;
    let hidesHere = false;
    if ('step' in hides) {
      notesUpTo = Math.min(notesUpTo, hides.step - 1);
      hidesHere = true;
      if (step >= hides.step) verdicts = false;
      // "Try this" would name the very switch whose rule the learner must choose.
      if (task.goal.kind === 'whichRule') tryThis = false;
    } else if ('rule' in hides) {
      tryThis = false;
      hidesHere = true;
    } else {
      planMarker = false;
      hidesHere = true;
    }
    if (hidesHere) hiddenBy.push(task.id);
  }
  if (hiddenBy.length === 0) return SHOW_ALL;
  return { verdicts, planMarker, tryThis, notesUpTo, hiddenBy };
}
