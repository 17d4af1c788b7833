/**
 * A careless learner: one who reads the screen instead of the lesson. It marks the rows the page labels
 * "leak", predicts "nothing leaks", picks the first choice offered and flips the switch the lesson's
 * "Try this" (or its "Reproduce the incident" button) names. It sees only what the reveal rule lets
 * through, exactly as the page shows it, and acts through the same act log the page records, so a
 * lesson whose act tasks this learner meets tests reading, not understanding. Pure; the lesson's texts
 * come from the caller.
 */
import { type Rule, RULE_INFO, RULES } from '../store/rules';
import type { LessonKind } from '../lessons/catalogue';
import { replayText } from '../replay/replayText';
import { replayRouterText } from '../router/replay';
import { replayMemtoolText } from '../memtool/replay';
import { storeLeakAt } from './storeGoals';
import { memtoolLeakAt, routerLeakAt } from './engineGoals';
import type { LeakAt } from './answerGoals';
import { verifyLessonTasks } from './lessonTasks';
import type { Reveal } from './reveal';
import type { Act, Exercise, Goal, LearnerActs, TaskVerdict } from './types';

/** The tasks a learner meets by acting on the page (not by editing the scenario). */
export const ACT_KINDS: ReadonlySet<Goal['kind']> = new Set([
  'markLeak',
  'predictLeak',
  'whichRule',
  'ruleOff',
  'filterPlace',
]);

/** What the careless learner is shown of a lesson, besides its steps. */
export interface CarelessLesson {
  engine: LessonKind;
  exercises: readonly Exercise[];
  /** The lesson's scenario text. */
  text: string;
  /** The lesson's "Try this" sentence. */
  tryThis: string;
  /** The switches its "Reproduce the incident" button flips. */
  reproduce: readonly Rule[];
}

/** How the page decides what it shows and in which order it offers a choice (to compare with the page before the rule). */
export interface CarelessPage {
  reveal(tasks: readonly Exercise[], progress: { met: string[]; givenUp: string[] }, step: number): Reveal;
  /** The rules a "which rule" task offers, in order. */
  choices(taskId: string): readonly string[];
}

/** The naive side's "leak" labels at a step, by engine; null where the engine labels no rows (vector). */
function leakLabels(engine: LessonKind, text: string): ((step: number) => LeakAt) | null {
  if (engine === 'store') {
    const outcome = replayText(text);
    return outcome.kind === 'ok' ? (step) => storeLeakAt(outcome.timeline, step) : null;
  }
  if (engine === 'router') {
    const outcome = replayRouterText(text);
    return outcome.kind === 'ok' ? (step) => routerLeakAt(outcome.timeline, step) : null;
  }
  if (engine === 'memtool') {
    const outcome = replayMemtoolText(text);
    return outcome.kind === 'ok' ? (step) => memtoolLeakAt(outcome.timeline, step) : null;
  }
  return null;
}

/** The switches a sentence names, by their names as the switches show them. */
const namedRules = (sentence: string): Rule[] => RULES.filter((rule) => sentence.includes(RULE_INFO[rule].name));

/** The careless learner's acts on a lesson: predictions first (before stepping anywhere), then each task in order. */
export function carelessActs(lesson: CarelessLesson, page: CarelessPage, met: readonly string[] = []): LearnerActs {
  const labels = leakLabels(lesson.engine, lesson.text);
  const log: Act[] = [];
  let rulesOff: Rule[] = [];
  const progress = { met: [...met], givenUp: [] };
  for (const { goal } of lesson.exercises)
    if (goal.kind === 'predictLeak') log.push({ kind: 'predict', step: goal.step, leak: null });
  for (const task of lesson.exercises) {
    const { goal } = task;
    if (goal.kind === 'markLeak') {
      log.push({ kind: 'see', step: goal.step });
      const view = labels?.(goal.step);
      if (page.reveal(lesson.exercises, progress, goal.step).verdicts && view !== undefined && typeof view !== 'string')
        for (const item of view.leaked) log.push({ kind: 'mark', step: goal.step, item });
    } else if (goal.kind === 'whichRule') {
      const first = page.choices(task.id)[0];
      if (first !== undefined) log.push({ kind: 'choose', step: goal.step, item: goal.item, rule: first as never });
    } else if (goal.kind === 'ruleOff' && page.reveal(lesson.exercises, progress, 0).tryThis) {
      const named = namedRules(lesson.tryThis);
      rulesOff = named.length > 0 ? named : [...lesson.reproduce];
    }
  }
  return { selectedStep: 0, rulesOff, log };
}

/**
 * The verdicts on a lesson's act tasks after the careless learner: it acts, the tasks it met reveal what
 * they hid, and it acts again on what it now sees, until nothing more is met. Null for a lesson judged on
 * a database run (vector): its plan marker is the only label, and the reveal rule decides it alone.
 */
export function carelessVerdicts(lesson: CarelessLesson, page: CarelessPage): TaskVerdict[] | null {
  if (lesson.engine === 'vector') return null;
  const acting = lesson.exercises.filter((task) => ACT_KINDS.has(task.goal.kind));
  let met: string[] = [];
  for (;;) {
    const acts = carelessActs(lesson, page, met);
    const outcome = verifyLessonTasks(lesson.engine, acting, { lesson: lesson.text, scenario: lesson.text }, acts);
    if (outcome.kind === 'invalid') throw new Error(`the lesson does not parse: ${outcome.problems[0]?.message}`);
    const now = outcome.verdicts.filter((v) => v.met).map((v) => v.id);
    if (now.length <= met.length) return outcome.verdicts;
    met = now;
  }
}
