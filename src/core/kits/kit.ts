/**
 * What a lesson engine other than the store's offers its session (engine/worker/kitSession.ts): the
 * router of seed 003 and the memory tools of seed 004, each replayed by the core beside its naive twin.
 * Pure: the session in the engine's worker holds the timeline; the page receives only what `view` and
 * `steps` make of it.
 */
import type { CheckResult } from '../checks/checks';
import type { Problem } from '../scenario/scenario';
import type { Exercise, LearnerActs, TaskVerdict } from '../exercises/types';
import type { OwnTasks } from '../exercises/ownExercises';

/** Which side's checks: the safe engine, or the naive one beside it. */
export type Side = 'safe' | 'naive';

/** One entry of a lesson's timeline in words, as the step list and the current step show it. */
export interface StepWords {
  index: number;
  /** The engine and operation, for the step's badge: `router-recall`, `memtool-search`. */
  op: string;
  label: string;
  summary: string;
  result: string;
  rejected: boolean;
  note?: string;
}

export type Replayed<T> = { kind: 'ok'; timeline: T } | { kind: 'invalid'; problems: Problem[] };

export interface LessonKit<T, A, V> {
  /** At once for a pure engine; later for one that asks a database (the vector lesson's). */
  replay(text: string): Replayed<T> | Promise<Replayed<T>>;
  /** How many entries (the starting state is entry 0). */
  size(timeline: T): number;
  /** Who the step at `index` acts as, or undefined when it names nobody (the actor in view stays). */
  stepActor(timeline: T, index: number): A | undefined;
  /** Who to act as before any step chose. */
  defaultActor(timeline: T): A;
  /** Everyone the learner may act as in this timeline (a share link may name only these). */
  actors(timeline: T): A[];
  checks(timeline: T, side: Side): CheckResult[];
  /** Every entry in words, in order (entry 0 is the starting state). */
  steps(timeline: T): StepWords[];
  /** What the views show for one entry, actor and (for engines that take one) query. */
  view(timeline: T, index: number, actor: A, query: string | null): V;
  /** The tasks a scenario of this kind carries itself, or null. */
  ownTasks(text: string): OwnTasks | null;
  /** Judge a lesson's tasks on the learner's timeline (valid, replayed from `text`). */
  verify(exercises: readonly Exercise[], timeline: T, acts: LearnerActs): TaskVerdict[];
}
