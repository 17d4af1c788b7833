/**
 * The verdict on each of a lesson's tasks, read from the replay of the learner's scenario and the
 * learner's acts, never from the scenario's text. One entry point for every engine; each engine's own
 * (verifyStoreExercises and friends) can be imported alone, so a page bundles only the one it shows.
 */
import type { Scenario } from '../scenario/scenario';
import type { Timeline } from '../replay/replay';
import type { RouterScenario } from '../router/scenario';
import type { MemtoolScenario } from '../memtool/scenario';
import { replayRouter, type RouterTimeline } from '../router/replay';
import { replayMemtool, type MemtoolTimeline } from '../memtool/replay';
import type { Exercise, Goal, LearnerActs, MemtoolGoal, RouterGoal, StoreGoal, TaskVerdict } from './types';
import { judgeStoreGoal, StoreReplays } from './storeGoals';

export { StoreReplays } from './storeGoals';
import { judgeMemtoolGoal, judgeRouterGoal } from './engineGoals';
import type { Judged } from './shared';
import type { LessonKind } from '../lessons/catalogue';

/**
 * What the verifier reads: the learner's scenario (validated), the acts, and for a store lesson the
 * lesson's own scenario (and, optionally, the learner's scenario already replayed with every rule on).
 */
export type VerifyInput =
  | {
      engine: 'store';
      scenario: Scenario;
      lesson: Scenario;
      acts: LearnerActs;
      timeline?: Timeline;
      replays?: StoreReplays;
    }
  | { engine: 'router'; scenario: RouterScenario; acts: LearnerActs }
  | { engine: 'memtool'; scenario: MemtoolScenario; acts: LearnerActs };

const STORE_KINDS = new Set<string>([
  'stepSelected',
  'ruleOff',
  'naiveLeak',
  'naiveLeakSelected',
  'checkGuardsRule',
  'newUserLeaks',
  'markLeak',
  'predictLeak',
  'whichRule',
] satisfies Array<StoreGoal['kind']>);
const ROUTER_KINDS = new Set<string>(['stepSelected', 'scorerLeak', 'markLeak', 'predictLeak'] satisfies Array<
  RouterGoal['kind']
>);
const MEMTOOL_KINDS = new Set<string>(['stepSelected', 'foreignRecord', 'markLeak', 'predictLeak'] satisfies Array<
  MemtoolGoal['kind']
>);

const verdict = (id: string, [met, reason]: Judged): TaskVerdict => (met ? { id, met, reason } : { id, met, reason });
const foreign = (exercise: Exercise, engine: string): TaskVerdict =>
  verdict(exercise.id, [false, `A goal of kind ${exercise.goal.kind} cannot be judged in a ${engine} lesson.`]);

/**
 * Each store task's verdict. The scenario is replayed once with every rule on (unless `timeline`, that
 * replay, is given: it must have every rule on), and once per rule a checkGuardsRule goal switches off.
 * A caller that judges the same scenario again as the learner's acts change passes the same `replays`
 * (a StoreReplays of that scenario), so only the acts are judged anew.
 */
export function verifyStoreExercises(
  exercises: readonly Exercise[],
  input: { scenario: Scenario; lesson: Scenario; acts: LearnerActs; timeline?: Timeline; replays?: StoreReplays },
): TaskVerdict[] {
  const replays = input.replays ?? new StoreReplays(input.scenario, input.timeline);
  return judgeEach(exercises, STORE_KINDS, 'store', (goal: StoreGoal) => judgeStoreGoal(goal, input, replays));
}

/** Each task's verdict by `judge` when its goal is one of `kinds`, else why another engine's is not judged here. */
function judgeEach<G extends Goal>(
  exercises: readonly Exercise[],
  kinds: ReadonlySet<string>,
  engine: LessonKind,
  judge: (goal: G) => Judged,
): TaskVerdict[] {
  return exercises.map((exercise) =>
    kinds.has(exercise.goal.kind) ? verdict(exercise.id, judge(exercise.goal as G)) : foreign(exercise, engine),
  );
}

/** Each router task's verdict, from one replay of the learner's scenario. */
export function verifyRouterExercises(
  exercises: readonly Exercise[],
  input: { scenario: RouterScenario; acts: LearnerActs },
): TaskVerdict[] {
  return verifyRouterTimeline(exercises, replayRouter(input.scenario), input.acts);
}

/** Each router task's verdict, on a timeline already replayed (the engine's session holds one). */
export function verifyRouterTimeline(
  exercises: readonly Exercise[],
  timeline: RouterTimeline,
  acts: LearnerActs,
): TaskVerdict[] {
  return judgeEach(exercises, ROUTER_KINDS, 'router', (goal: RouterGoal) => judgeRouterGoal(goal, timeline, acts));
}

/** Each memtool task's verdict, from one replay of the learner's scenario. */
export function verifyMemtoolExercises(
  exercises: readonly Exercise[],
  input: { scenario: MemtoolScenario; acts: LearnerActs },
): TaskVerdict[] {
  return verifyMemtoolTimeline(exercises, replayMemtool(input.scenario), input.acts);
}

/** Each memtool task's verdict, on a timeline already replayed (the engine's session holds one). */
export function verifyMemtoolTimeline(
  exercises: readonly Exercise[],
  timeline: MemtoolTimeline,
  acts: LearnerActs,
): TaskVerdict[] {
  return judgeEach(exercises, MEMTOOL_KINDS, 'memtool', (goal: MemtoolGoal) => judgeMemtoolGoal(goal, timeline, acts));
}

/** Each task's verdict, in the order of `exercises`. */
export function verifyExercises(exercises: readonly Exercise<Goal>[], input: VerifyInput): TaskVerdict[] {
  switch (input.engine) {
    case 'store':
      return verifyStoreExercises(exercises, input);
    case 'router':
      return verifyRouterExercises(exercises, input);
    case 'memtool':
      return verifyMemtoolExercises(exercises, input);
  }
}

/**
 * A lesson is done when it has tasks and every one is met (not when its checks are green: a learner
 * who has done nothing sees green checks on a lesson's own scenario).
 */
export function lessonDone(verdicts: readonly TaskVerdict[]): boolean {
  return verdicts.length > 0 && verdicts.every((v) => v.met);
}
