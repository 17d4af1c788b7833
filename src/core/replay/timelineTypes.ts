/** What a replay produces: the timeline, its entries and outcomes, and the seed's shorter run (replay.ts). */
import type { ScopeErrorCode } from '../store/errors';
import type { Agent, Item, Principal } from '../store/entities';
import type { Context, Message } from '../store/context';
import type { Problem, Step } from '../scenario/scenario';
import type { Rules } from '../store/rules';
import type { SimilarityTrace } from '../store/semanticCache';

/** How the cache answered a query: its key, hit or miss, and whom the served context was built for. */
export interface CacheTrace {
  key: string;
  hit: boolean;
  builtFor: Principal;
  builtAtVersion: number;
  /** A semantic cache's lookup: the text compared and the nearest cached text (absent for the exact cache). */
  similarity?: SimilarityTrace;
}

/** What one query step produced: the scoped request beside the naive one. */
export interface QueryResult {
  principal: Principal;
  question: string;
  context: Context;
  /** The naive global list's items, each attributed to its own owner (not by ID: IDs repeat across users). */
  naive: Item[];
  /** Naive items that belong to another user. */
  leaked: Item[];
  naiveMessages: [Message, Message];
}

export type Outcome =
  | { kind: 'configured'; items: Item[] }
  | { kind: 'written'; item: Item }
  | { kind: 'handed-off'; target: Principal; items: Item[]; sources: Item[] }
  | ({ kind: 'queried'; cache: CacheTrace } & QueryResult)
  | { kind: 'closed'; user: string; task: string; removed: Item[] }
  /** An item stored without an owner (an import). */
  | { kind: 'imported'; item: Item }
  /** A user forgotten: every item the store deleted for it (with scopedDelete off, other users' too). */
  | { kind: 'forgotten'; user: string; removed: Item[] }
  /** A refused step: the message a person reads, and the code (and duplicate's ID) that code reads. */
  | { kind: 'rejected'; reason: string; code: ScopeErrorCode; itemId: string | null };

export interface TimelineEntry {
  /** 0 is the configuration; K is the scenario's step K, counted from 1. */
  index: number;
  step: Step | null;
  outcome: Outcome;
  /** Store version and size after this entry. */
  version: number;
  size: number;
}

/** An item with the entries at which it entered and left the store (null: still there at the end). */
export interface ItemLife {
  item: Item;
  addedAt: number;
  removedAt: number | null;
  /** Whose data this is: the user who wrote it, or for a handoff copy the writer of the original; null for app items. */
  writer: string | null;
}

export interface Timeline {
  agents: Agent[];
  /** The rules the store ran with (every rule on unless a learner switched one off). */
  rules: Rules;
  entries: TimelineEntry[];
  /** Every item the store ever held, in insertion order. */
  lives: ItemLife[];
}

export type ReplayOutcome = { kind: 'ok'; timeline: Timeline } | { kind: 'invalid'; problems: Problem[] };

/**
 * What the seed's result and a report of rejected steps read of a replay: the entries of its queries,
 * closed tasks and rejected steps, then its last entry (for the store's final version), in order.
 * Not a timeline: writes and handoffs are applied to the store but not kept, and no item lives are.
 */
export interface SeedRun {
  entries: TimelineEntry[];
}

export type SeedRunOutcome = { kind: 'ok'; run: SeedRun } | { kind: 'invalid'; problems: Problem[] };
