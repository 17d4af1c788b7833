/**
 * The view models the engine sends the page (protocol.ts carries them): what a step, its request, the
 * "show why" views and the principal picker show. Shapes only; the worker's derive.ts, why.ts and
 * choiceLists.ts make them, the page's views draw them.
 */
import type { Principal } from '../core/store/entities';
import type { Problem, Step } from '../core/scenario/scenario';
import type { QueryResult } from '../core/replay/replayText';
import type { ItemGroup, MarkedItem } from '../core/timeline/storeView';
import type { Rows } from '../core/timeline/rows';
import type { Explained } from '../core/explain/explain';
import type { CheckResult } from '../core/checks/checks';
import type { LocatedFailure } from '../core/checks/locateChecks';
import type { CacheRow } from '../core/explain/cacheTrace';
import type { ItemWhy, RequestWhy } from '../core/explain/whyRequest';
import type { CompareRow } from '../core/explain/compare';

export type RequestView =
  | { kind: 'none' }
  | { kind: 'rejected'; reason: string }
  | {
      kind: 'ok';
      /** True when this is the query step's own recorded outcome, false for a what-if request. */
      fromStep: boolean;
      result: QueryResult;
      /** The naive list's items with the store's verdict for this principal (the explainer has the rest). */
      naiveVerdicts: Explained[];
      /** Each leaked item's line in the naive user message (as the store's rules built it), to its owner. */
      naiveLeakLines: ReadonlyMap<string, string>;
      /** Recorded answer sets whose messages are exactly this request's. */
      recorded: string[];
      /** How many recorded answers those sets hold. */
      recordedAnswers: number;
    };

export interface EntryWords {
  index: number;
  position: string;
  summary: string;
  result: string;
  rejected: boolean;
  op: 'configuration' | Step['op'];
}

/** A store group's heading: its items are in the store screen's one list, group after group. */
export type GroupHead = Omit<ItemGroup, 'items'> & { size: number };

/** The store after an entry as a screen shows it: group headings, and every group's items in one list. */
export interface StoreScreen<I = Rows<MarkedItem>, G = GroupHead[]> {
  groups: G;
  /** Each group's number of items: the long list's rows, before its groups and items are read. */
  sizes: number[];
  /** The groups' items, group after group. */
  items: I;
  /** Items present after the entry (deleted ones are listed but not counted). */
  present: number;
}

export interface StepView<I = Rows<MarkedItem>, G = GroupHead[]> {
  /** The store grouped, when the page draws it (the look's `storeShown`); else null: it is not made. */
  store: StoreScreen<I, G> | null;
  /** How many items the store holds after the entry, drawn or not. */
  present: number;
  request: RequestView;
  question: string;
}

export interface TimelineChecks {
  checks: CheckResult[];
  /** Each failure of a red check, located in the text the timeline was replayed from. */
  checkFailures: LocatedFailure[];
  cache: CacheRow[];
  /** Steps the store rejected that did not expect it, located in that text, naming the refused value. */
  rejections: Problem[];
}

export interface CompareView {
  principal: Principal;
  request: RequestView;
  /** Each item either request holds, with which side holds it; null when either request was refused. */
  rows: CompareRow[] | null;
}

/** The explainer's view of a request, its long lists as `L`: rows in the engine, windows of them on the page. */
export type ExplainedView<L> = Omit<RequestWhy, 'leftOut' | 'deleted'> & { leftOut: L; deleted: L };

export interface WhyView<L = Rows<ItemWhy>> {
  /** The explainer for the request in view; null when there is none. */
  explained: ExplainedView<L> | null;
  /** The seqs of the request's items that the seed's store, every rule on, would never give this principal. */
  leaked: ReadonlySet<number>;
  compare: CompareView | null;
}

/** One part's choices: the values in order, and each value's note or null. */
export interface ChoiceList {
  values: string[];
  notes: (string | null)[];
}

/** Who may be asking at a step (principalChoices.ts), ready to show. */
export interface ViewChoices {
  users: ChoiceList;
  tasks: ChoiceList;
  agents: ChoiceList;
  /** Null when a step up to this one acts as the principal; else a sentence saying it is hypothetical. */
  hypothetical: string | null;
}
