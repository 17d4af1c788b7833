/**
 * The engine's interface for the lessons that are not the store's: the router, the memory tools and the
 * vector index. Like the store's (protocol.ts), the page sends scenario text once per run and then what
 * the learner looks at; the session in the worker (worker/kitSession.ts) holds the timeline and sends
 * back view models, and judges the lesson's tasks. Everything here crosses a postMessage as plain data.
 */
import type { CheckResult } from '../core/checks/checks';
import type { Problem } from '../core/scenario/scenario';
import type { OwnTasks } from '../core/exercises/ownExercises';
import type { Exercise, LearnerActs, TaskVerdict } from '../core/exercises/types';
import type { Side, StepWords } from '../core/kits/kit';
import type { RouterView } from '../core/router/kit';
import type { MemtoolActor, MemtoolView } from '../core/memtool/kit';
import type { VectorView } from '../core/vector/kit';
import type { Answer } from './protocol';

/** The lesson kinds a kit session serves. */
export type KitKind = 'router' | 'memtool' | 'vector';

/** Who a kind's learner acts as, and what its views show. */
export interface KitTypes {
  router: { actor: string; view: RouterView };
  memtool: { actor: MemtoolActor; view: MemtoolView };
  vector: { actor: string; view: VectorView };
}
export type ActorOf<K extends KitKind> = KitTypes[K]['actor'];
export type ViewOf<K extends KitKind> = KitTypes[K]['view'];

/** What is looked at: the entry, who acts, and a query the learner typed (null: the step's own). */
export interface KitLook<A> {
  index: number;
  actor: A;
  query: string | null;
}

/** A look and its view. */
export interface KitShown<A, V> {
  look: KitLook<A>;
  view: V;
}

/** What the learner does to the look: a step that names who acts selects them. */
export type KitMove<A> =
  { kind: 'step'; index: number } | { kind: 'actAs'; actor: A } | { kind: 'ask'; query: string | null };

/** What a valid run puts on screen, read once from its timeline (which stays in the engine). */
export interface KitScreen<A> {
  ranText: string;
  /** How many entries (the starting state is entry 0). */
  size: number;
  steps: StepWords[];
  checks: Record<Side, CheckResult[]>;
  /** The tasks `ranText` carries itself, or null: its lesson's are shown. */
  ownTasks: OwnTasks | null;
  /** Everyone the learner may act as (a share link may name only these). */
  actors: A[];
}

export type KitRunReply<A, V> =
  { kind: 'invalid'; problems: Problem[] } | { kind: 'ok'; screen: KitScreen<A>; shown: KitShown<A, V> };

/** How a run places the look: `keep` the step (clamped), who acts and the query; `restore` exactly this look. */
export type KitRunMode<A> = 'keep' | { restore: KitLook<A> };

/** Tasks to judge on the learner's last good run. */
export interface KitVerdictsRequest {
  exercises: readonly Exercise[];
  acts: LearnerActs;
}

/** A kit session as the page's store uses it: in the page's thread (tests) or in a worker. */
export interface KitEngine<K extends KitKind> {
  kind: K;
  /** Replay `text`: a valid one becomes the session's timeline, an invalid one changes nothing. */
  run(text: string, mode: KitRunMode<ActorOf<K>>): Answer<KitRunReply<ActorOf<K>, ViewOf<K>>>;
  /** Change the look on the last good timeline. */
  move(move: KitMove<ActorOf<K>>): Answer<KitShown<ActorOf<K>, ViewOf<K>>>;
  /** Judge the lesson's tasks on the last good timeline. */
  verify(request: KitVerdictsRequest): Answer<TaskVerdict[]>;
  /** Call `listener` whenever the engine stopped and was started again (its timeline then lost). */
  onRestart(listener: () => void): void;
  close(): void;
}

/** What a kit session answers (worker/kitSession.ts): the interface less what only the page's side does. */
export type KitServed<K extends KitKind> = Pick<KitEngine<K>, 'run' | 'move' | 'verify'>;
