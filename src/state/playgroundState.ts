/**
 * What the playground store holds: what is on screen (view models the engine derived) and the
 * intent-named actions that change it. The store itself is playgroundStore.ts.
 */
import type { LiveGrade } from '../core/grading/scenarioGrading';
import type { StoreApi } from 'zustand/vanilla';
import { type Principal, principalName } from '../core/store/entities';
import type { Problem } from '../core/scenario/scenario';
import type { Timeline } from '../core/replay/replayText';
import type { Rule } from '../core/store/rules';
import type { PrincipalOptions } from '../core/timeline/principals';
import type { Opening } from '../core/explain/headline';
import type { AnswerBook, AnswerFilter, AnswerRow } from '../core/grading/answerRows';
import type { CheckResult } from '../core/checks/checks';
import type { LocatedFailure } from '../core/checks/locateChecks';
import type { CacheRow } from '../core/explain/cacheTrace';
import type { Coverage } from '../core/checks/ruleCoverage';
import type { Rows } from '../core/timeline/rows';
import type { Answer, GradedAnswer, RunMode, RunReply, Screen, VerdictsRequest } from '../engine/protocol';
import type { Views } from '../engine/client/liveRows';
import type { AccessActions, AccessState } from './accessPicture';
import type { TaskVerdict } from '../core/exercises/types';
import type { OwnTasks } from '../core/exercises/ownExercises';
import type { EntryWords, ViewChoices } from '../engine/views';
import type { LessonStoreShape } from './lessons/lessonShape';

/** What the engine is replaying: a Run, a rule switch's replay, or an imported file's. */
export type Running = 'run' | 'rules' | 'import';

/**
 * Whether the checks on screen are about to change: a Run, an import or a rule switch is replaying in the
 * engine, and until it answers the checks are the last run's. A verdict drawn from them then says
 * "Replaying…" instead of a result the answer may contradict (a screen reader would hear it first).
 */
export const checksReplaying = (s: { running: Running | null }): boolean => s.running !== null;

/**
 * Whether the compare answer on screen is about the principal now chosen: a change of it is on its way from
 * the engine otherwise, and the compare verdict says so rather than counting the previous pair's items.
 */
export const compareAnswered = (comparing: Principal | null, answered: Principal | null | undefined): boolean =>
  comparing !== null && answered != null && principalName(answered) === principalName(comparing);

/** A text sent to the engine to replay, how it places the look, and who hears the reply. */
export interface RunJob {
  text: string;
  mode: RunMode;
  running: Running | null;
  done?: (reply: RunReply | null) => void;
}

export interface PlaygroundState extends AccessActions, LessonStoreShape {
  /** How many entries the last good timeline has (the configuration and each step); the timeline stays in the engine. */
  entries: number;
  /** Every entry's words, read an entry at a time (`at`). */
  words: Rows<EntryWords>;
  /** The entries whose step was rejected, ascending (the timeline's rows are taller for them). */
  rejectedSteps: Screen['rejectedSteps'];
  options: PrincipalOptions;
  /** The users the last good run names, sorted: what a lesson's scenario is framed by (lessons/framing.ts). */
  namedUsers: string[];
  /** The principal options of the lesson's own scenario (the seed), from its replay as the store opened. */
  seedOptions: PrincipalOptions;
  /**
   * Where a first visit opened and what happens there (core/explain/headline), while the learner has not
   * moved from it; null once they have. Not the learner's own choice of step (exercises do not count it).
   */
  landing: Opening | null;
  principal: Principal | null;
  /** A question the learner typed, or null for the step's question. */
  customQuestion: string | null;
  view: Views['view'];
  /** Who may be asking at this step, and whether the principal in view is hypothetical (core/timeline/principalChoices.ts). */
  choices: ViewChoices;
  /** The edited text the last reset discarded, until the next edit: what undoReset brings back. */
  discarded: string | null;
  answerFilter: AnswerFilter;
  answers: AnswerBook;
  shownAnswers: AnswerRow[];

  /** What the engine is replaying, or null; the timeline on screen is the last one until it ends. */
  running: Running | null;
  /** Write the editor's text to storage now (before the page reloads for a new version); an untouched seed writes nothing. */
  saveText(): void;
  /** Bring back (and run) the edited text the last reset discarded. */
  undoReset(): void;
  /** A view draws the grouped store: it comes with every step's views until the returned release is called. */
  showStore(): () => void;
  /** A first visit: open at the first step where the naive list leaks, with its headline (no step: nothing). */
  landOnFirstLeak(): void;
  /** Ask as another user, task or agent (any part may change). */
  selectPrincipal(change: Partial<Principal>): void;
  /** The item the learner asked about from the access picture (its seq), for the explainer to show; or null. */
  focusedItem: number | null;
  /** Ask why `principal` may or may not read the item `seq`: ask as that principal, and point the explainer at it. */
  explainItemFor(principal: Principal, seq: number): void;
  /** Narrow the recorded answers shown. */
  filterAnswers(change: Partial<AnswerFilter>): void;
  /** Show every recorded answer for one principal. */
  showAnswersFor(principal: string): void;
  /** Rules the learner switched off, in RULES order; every replay runs without them. */
  rulesOff: Rule[];
  /** Switch one rule off, or back on, and replay the last good scenario. */
  toggleRule(rule: Rule): void;
  /** Switch exactly these rules off (the rest on) and replay (a Run under way starts again under them). */
  setRulesOff(rules: readonly Rule[]): void;
  /** Every check on the timeline in view: the invariants, then the scenario's expectations. */
  checks: CheckResult[];
  /** The checks of `ranText` with every rule on, whatever is switched off: what a lesson's done mark reads. */
  safeChecks: CheckResult[];
  /** The tasks `ranText` carries itself, as the engine found them when it ran it; null: its lesson's. */
  ownTasks: OwnTasks | null;
  /** The failures of red checks, located in `ranText`. */
  checkFailures: LocatedFailure[];
  /** Steps of `ranText` the store rejected unexpectedly, located: shown in Problems and marked in the editor. */
  rejections: Problem[];
  /** One row per query step: the cache key, hit or miss, and what was served to whom. */
  cache: CacheRow[];
  /**
   * For each rule, the checks it keeps green in `ranText` (found with every other rule on); null for a
   * text too large to replay once per rule; undefined until a view asks for it with `needCoverage`.
   */
  coverage: Coverage | null | undefined;
  /** Find `coverage` for the text on screen, if not found yet: the engine replays that text once per rule. */
  needCoverage(): void;
  /** The access picture: what the learner chose to see, and the engine's last answer (accessPicture.ts). */
  access: AccessState;
  /** The last good timeline, for a view that runs it elsewhere (the database); null until `needTimeline`. */
  timeline: Timeline | null;
  /** Fetch `timeline` from the engine, if not fetched for the text on screen yet. */
  needTimeline(): void;
  /** The last good run in the seed's isolation-result.json format. */
  seedResult(): Promise<string>;
  /** Grade a model's answer to a request of `principal` in the engine, by the scenario on screen's rules. */
  gradeAnswer(principal: string, answer: GradedAnswer): Promise<LiveGrade>;
  /** Judge a lesson's tasks in this store's engine, beside its timeline (`settled` waits for the answer). */
  verifyTasks(request: VerdictsRequest): Answer<TaskVerdict[]>;
  /** The second principal of the compare mode, or null when not comparing. */
  comparing: Principal | null;
  /** The explainer for the request in view, and the compare mode's second request. */
  why: Views['why'];
  /** Compare with another principal: start comparing, or change part of the one compared with. */
  compareWith(change?: Partial<Principal>): void;
  /** Leave the compare mode. */
  stopComparing(): void;
}

export type PlaygroundStore = StoreApi<PlaygroundState>;
