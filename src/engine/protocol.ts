/**
 * The engine's small typed interface: what the store sends (scenario text once per run, then what the
 * learner looks at) and the view models that come back. Two implementations answer it: one in the page's
 * own thread (worker/local.ts: the unit tests, a command line) and one in a Web Worker (client/client.ts
 * posting to worker/worker.ts).
 * Everything here crosses a postMessage, so it is plain data; what the page makes of it (live lists,
 * a restarted engine's error) is the client's (client/).
 */
import type { Principal } from '../core/store/entities';
import type { LessonKind } from '../core/lessons/catalogue';
import type { LiveGrade } from '../core/grading/scenarioGrading';
import type { Answer as RecordedAnswer } from '../core/grading/answerCheck';
import type { Problem } from '../core/scenario/scenario';
import type { Rule } from '../core/store/rules';
import type { Timeline } from '../core/replay/replayText';
import type { PrincipalOptions } from '../core/timeline/principals';
import type { Opening } from '../core/explain/headline';
import type { CheckResult } from '../core/checks/checks';
import type { Coverage } from '../core/checks/ruleCoverage';
import type { ItemWhy } from '../core/explain/whyRequest';
import type { MarkedItem } from '../core/timeline/storeView';
import type { Rows } from '../core/timeline/rows';
import type { AccessLook, AccessPicture, CellBlock, CellRange } from './accessProtocol';
import type { Exercise, LearnerActs, TaskVerdict } from '../core/exercises/types';
import type { OwnTasks } from '../core/exercises/ownExercises';
import type { EntryWords, GroupHead, StepView, TimelineChecks, ViewChoices, WhyView } from './views';

/** What is being looked at: the step, who asks, their question and whom they are compared with. */
export interface Look {
  index: number;
  principal: Principal | null;
  /** A question the learner typed, or null for the step's question. */
  customQuestion: string | null;
  /** The second principal of the compare mode, or null when not comparing. */
  comparing: Principal | null;
  /** The item the learner asked about from the access picture (its seq), or null. */
  focusedItem: number | null;
  /** Where a first visit opened, while the learner has not moved from it; else null. */
  landing: Opening | null;
  /** Whether the page draws the store (its Store tab is open): only then is it grouped and sent. */
  storeShown: boolean;
}

/** The engine's long lists of the views in view, by name. */
export type ListName = 'leftOut' | 'deleted' | 'storeGroups' | 'storeItems';

/**
 * A long list that stays in the engine: its length and its first rows. A view model crosses a
 * postMessage as a copy, and a 20,000-step store's lists are megabytes; the page asks for the rest of
 * a list a window at a time, as the learner scrolls (`StoreEngine.rows`).
 */
export interface RowWindow<T> {
  list: ListName;
  /** Which views the list belongs to: the engine answers for its last few only. */
  version: number;
  length: number;
  /** Rows 0 to rows.length - 1. */
  rows: T[];
  /** The row of the item the learner asked about (the look's focusedItem), or -1. */
  focused: number;
}

/** Views as they cross from the engine to the page. */
export interface SentViews extends Look {
  view: StepView<RowWindow<MarkedItem>, RowWindow<GroupHead>>;
  why: WhyView<RowWindow<ItemWhy>>;
  choices: ViewChoices;
}

/** What a valid run puts on screen, read once from its timeline (which stays in the engine). */
export interface Screen extends TimelineChecks {
  /** The text the timeline was replayed from. */
  ranText: string;
  /** How many entries the timeline has (the configuration and each step). */
  entries: number;
  /** Every entry's words: an array from the engine, read an entry at a time from its worker's packed copy. */
  words: Rows<EntryWords>;
  /** The entries whose step was rejected, ascending: a long timeline places its rows without reading every entry. */
  rejectedSteps: number[];
  options: PrincipalOptions;
  /** The users the scenario names, sorted (namedUsers.ts): what the page frames a lesson's scenario by. */
  namedUsers: string[];
  /** The checks of `ranText` with every rule on: what a lesson's done mark reads. */
  safeChecks: CheckResult[];
  /** The tasks `ranText` carries itself (a teacher's scenario), or null: its lesson's are shown. */
  ownTasks: OwnTasks | null;
}

/**
 * How a run places the look: `run` keeps the principal if the new scenario still names it; `rules` (the
 * same text under other rules) keeps everything; `reset` keeps the step with the default principal;
 * `restore` puts back exactly `look` (a restarted engine).
 */
export type RunMode = 'run' | 'rules' | 'reset' | { restore: Look };

export interface RunRequest {
  text: string;
  rulesOff: readonly Rule[];
  mode: RunMode;
}

/** A valid run's reply; `run` numbers the run, so a later request can name its text without sending it. */
export type RunReply =
  { kind: 'invalid'; problems: Problem[] } | { kind: 'ok'; run: number; screen: Screen; views: SentViews };

/** What the learner does to the look; the engine applies each in the order sent. */
export type Act =
  | { kind: 'step'; index: number }
  | { kind: 'move'; by: number }
  | { kind: 'last' }
  | { kind: 'landOnLeak' }
  | { kind: 'principal'; change: Partial<Principal> }
  | { kind: 'explainItem'; principal: Principal; seq: number }
  | { kind: 'question'; question: string | null }
  | { kind: 'compare'; change: Partial<Principal> }
  | { kind: 'stopComparing' }
  | { kind: 'showStore'; shown: boolean };

/** What a move asks of the access picture on screen: its choices and the cells it draws now. */
export type AccessAsk = Omit<AccessLook, 'index' | 'principal'>;

/** An act's views, with the access picture of the look they show when the act asked for it. */
export interface Acted extends SentViews {
  access?: AccessPicture;
}

/** A text judged with every rule on, for a lesson's done mark: its checks, or how many problems it has. */
export type Judged = { kind: 'ok'; checks: CheckResult[] } | { kind: 'invalid'; problems: number };

/** A store lesson's tasks to judge: on the learner's text (the one the timeline ran), beside the lesson's own. */
export interface VerdictsRequest {
  exercises: readonly Exercise[];
  lessonText: string;
  text: string;
  acts: LearnerActs;
}

/**
 * A verdicts request as it reaches the engine: a text the engine holds already is not sent again. The
 * learner's is named by the number of the run that replayed it (RunReply's `run`), and a null lesson text
 * is the one the engine was sent last; the worker's client sends each text only when the engine lacks it.
 */
export interface LeanVerdictsRequest extends Omit<VerdictsRequest, 'text' | 'lessonText'> {
  text: string | { run: number };
  lessonText: string | null;
}

/** What grading reads of a model's answer. */
export type GradedAnswer = Pick<RecordedAnswer, 'answer' | 'tool_calls'>;

/** An engine's answer: at once from the in-process engine, later (a promise) from the worker's. */
export type Answer<T> = T | Promise<T>;

export interface StoreEngine {
  /** Replay `text` without `rulesOff`: a valid one becomes the engine's timeline, an invalid one changes nothing. */
  run(request: RunRequest): Answer<RunReply>;
  /**
   * Change the look on the last good timeline and derive its views; with `access`, the access picture of
   * the new look too, in the same answer (actAccess.ts).
   */
  act(act: Act, access?: AccessAsk): Answer<Acted>;
  /** Rows `from` to `to` (exclusive) of a long list of the views numbered `version`; null once they are gone. */
  rows<T>(list: ListName, version: number, from: number, to: number): Answer<T[] | null>;
  /** The access picture of `look` on the last good timeline: its matrix kept, the blocks of its window sent. */
  access(look: AccessLook): Answer<AccessPicture>;
  /** The cells of `range` of the access picture numbered `version`; null once it is gone. */
  accessCells(version: number, range: CellRange): Answer<CellBlock | null>;
  /** Which checks each rule protects in the last good text (null: too large to replay once per rule). */
  coverage(): Answer<Coverage | null>;
  /** The last good timeline itself, for a view that runs it elsewhere (the database); it is large. */
  timeline(): Answer<Timeline>;
  /** The last good timeline in the seed's isolation-result.json format, as the command line writes it. */
  seedResult(): Answer<string>;
  /**
   * Judge `text` with every rule on, leaving the engine's timeline as it is: a store scenario, or with
   * `kind` another lesson kind's (a vector scenario only parsed: its checks need the database).
   */
  judge(text: string, kind?: LessonKind): Answer<Judged>;
  /**
   * Grade a model's answer to a request of `principal` by the last good scenario's grading rules (else the
   * seed's): the verdict, its reason and the evidence to mark (core/grading/scenarioGrading.ts).
   */
  gradeAnswer(principal: string, answer: GradedAnswer): Answer<LiveGrade>;
  /** Judge a store lesson's tasks (verdicts.ts), in the engine that holds the learner's timeline. */
  verify(request: VerdictsRequest): Answer<TaskVerdict[]>;
  /** Call `listener` whenever the engine stopped and was started again (its timeline then lost). */
  onRestart(listener: () => void): void;
  /** Let the engine go (its worker ends). */
  close(): void;
}
