/**
 * Reading a timeline step after step: the readers the page and the checks use. Their references
 * (core/reference: requestAt, storeViewAt, defaultQuestion, explain, explainAt) rebuild everything
 * from every item on each call, which a page moving one step at a time through 20,000 steps cannot
 * afford. This index is built once per timeline (cached by identity) and remembers what does not
 * change from step to step: the items per owner and per store-view group, the naive scores per
 * question, and each item's verdict per principal. The store view's and the explainer's readers sit
 * beside it (storeViewIndex.ts, explainIndex.ts). Every answer equals the reference's
 * (timelineIndex.test.ts compares them at every step). Nothing here may change a timeline or decide
 * visibility itself: verdicts come from `decide`, the naive order from naive.ts.
 */
import { ScopeError } from '../store/errors';
import type { Agent, Item, Principal, Scope } from '../store/entities';
import type { ItemLife, Timeline } from '../replay/replayText';
import { type QueryReader, runQuery } from '../replay/replayText';
import type { RequestOutcome } from './timeline';
import { type ItemGroup, type MarkedItem, readersOf, SCOPE_ORDER, type StoreView } from './storeView';
import type { Explained, Explanation } from '../explain/explain';
import { NO_OWNER, ownerOf } from '../explain/describe';
import { words } from '../python/strings';
import { naiveScore, offerNaive, type Ranked } from '../store/naive';
import { readable } from '../store/store';
import { ownersReadBy } from '../store/visibility';
import type { Rules } from '../store/rules';
import { keepRecent } from './recent';

export interface Group {
  key: string;
  scope: Scope;
  owner: string;
  readers: string;
  /** Positions in `lives`, in insertion order. */
  lives: number[];
  /** Entries at which this group's view changes: an item added, deleted, or gone after its deletion. */
  changes?: number[];
  /** The group's view for entries from..to (one view holds between two changes). */
  cached?: { from: number; to: number; view: ItemGroup | null; present: number };
  /** Whether any of its items is ever deleted; made on first use. */
  removals?: boolean;
  /**
   * For a group whose items are never deleted: its unmarked view when its first n items are in the store,
   * by n. Such a group only grows, so any step shows one of these, and a jump anywhere reuses them.
   */
  prefixes?: Array<ItemGroup | undefined>;
}

export interface UserBlock {
  /** Positions in `lives` of this user's items, in insertion order. */
  lives: number[];
  /** This user's groups in store-view order: user, then task, then agent groups, each by owner. */
  groups: Group[];
}

/** What one principal's reads keep from step to step. */
export interface PrincipalCache {
  agent: Agent | undefined;
  /** Per position in `lives`: the explanation while the item is in the store, made on first use. */
  alive: Array<Explanation | undefined>;
  explained: Array<Explained | undefined>;
}

export interface Index {
  timeline: Timeline;
  lives: ItemLife[];
  /** lives[k].addedAt, for a binary search of the items added up to an entry. */
  addedAt: Int32Array;
  agents: ReadonlyMap<string, Agent>;
  /** The app items' group, and the group of user items stored with no owner (imports). */
  app: Group;
  ownerless: Group;
  /** The lives of app and ownerless items, in order: what every user's candidates start from. */
  unowned: number[];
  users: Map<string, UserBlock>;
  unmarked: MarkedItem[];
  deleted: Array<Explanation | undefined>;
  questionAt: Array<string | null> | null;
  firstQuestion: string | null;
  /** Per question: the lives with a positive naive score, in the order of `lives`, with their scores. */
  naive: Map<string, NaiveScores>;
  /** Item seq to its position in `lives`, made on first use. */
  positions?: Map<number, number>;
  /** The last few store views made, by entry: a new principal or question, or a jump back, reuses them. */
  views: Map<number, StoreView>;
  /** How many items the store holds after each entry, made on first use (storeViewIndex.ts, presentAt). */
  present?: Int32Array;
  principals: Map<string, PrincipalCache>;
}

const indexes = new WeakMap<Timeline, Index>();

function build(timeline: Timeline): Index {
  const lives = [...timeline.lives].sort((a, b) => a.addedAt - b.addedAt || a.item.seq - b.item.seq);
  const addedAt = Int32Array.from(lives, (life) => life.addedAt);
  const app: Group = { key: 'app:everyone', scope: 'app', owner: 'everyone', readers: '', lives: [] };
  const ownerless: Group = { key: `user:${NO_OWNER}`, scope: 'user', owner: NO_OWNER, readers: '', lives: [] };
  const unowned: number[] = [];
  const users = new Map<string, UserBlock>();
  const groups = new Map<string, Group>();
  lives.forEach((life, k) => {
    const { item } = life;
    if (item.user === null) {
      unowned.push(k);
      const group = item.scope === 'app' ? app : ownerless;
      if (group.lives.length === 0) group.readers = readersOf(item);
      group.lives.push(k);
      return;
    }
    let block = users.get(item.user);
    if (block === undefined) users.set(item.user, (block = { lives: [], groups: [] }));
    block.lives.push(k);
    const key = `${item.scope}:${ownerOf(item)}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { key, scope: item.scope, owner: ownerOf(item), readers: readersOf(item), lives: [] };
      groups.set(key, group);
      block.groups.push(group);
    }
    group.lives.push(k);
  });
  for (const block of users.values()) {
    block.groups.sort(
      (a, b) => SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope] || (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0),
    );
  }
  return {
    timeline,
    lives,
    addedAt,
    agents: new Map(timeline.agents.map((agent) => [agent.name, agent])),
    app,
    ownerless,
    unowned,
    users,
    unmarked: lives.map((life) => ({ item: life.item, mark: null })),
    deleted: [],
    questionAt: null,
    firstQuestion: null,
    naive: new Map(),
    principals: new Map(),
    views: new Map(),
  };
}

export function indexOf(timeline: Timeline): Index {
  let index = indexes.get(timeline);
  if (index === undefined) indexes.set(timeline, (index = build(timeline)));
  return index;
}

/** How many of the index's lives were added at or before entry `at`. */
export function addedUpTo(index: Index, at: number): number {
  return countAdded(index.addedAt.length, (i) => index.addedAt[i]!, at);
}

/** How many of `lives` (positions in insertion order) were added at or before entry `at`. */
export function addedWithin(index: Index, lives: readonly number[], at: number): number {
  return countAdded(lives.length, (i) => index.addedAt[lives[i]!]!, at);
}

/** A binary search over `length` lives in insertion order, whose i-th was added at entry `addedAt(i)`. */
export function countAdded(length: number, addedAt: (i: number) => number, at: number): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (addedAt(mid) <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The index's item lives in the order they entered the store, and each one's entry (`addedAt[k]` is
 * `lives[k].addedAt`): a reader that keeps its own per-timeline lists builds them from these, once.
 */
export function livesInOrder(timeline: Timeline): { lives: readonly ItemLife[]; addedAt: Int32Array } {
  const index = indexOf(timeline);
  return { lives: index.lives, addedAt: index.addedAt };
}

/** Deleted by entry `at` (at it or before). */
export const deletedBy = (life: ItemLife, at: number) => life.removedAt !== null && life.removedAt <= at;

export const present = (life: ItemLife, at: number) => life.addedAt <= at && !deletedBy(life, at);

const clampEntry = (timeline: Timeline, at: number) => Math.max(0, Math.min(at, timeline.entries.length - 1));

/** defaultQuestion, fast: the question in force at entry `at`, from a table made once per timeline. */
export function defaultQuestion(timeline: Timeline, at: number, fallback = 'What is the plan?'): string {
  const index = indexOf(timeline);
  if (index.questionAt === null) {
    let current: string | null = null;
    index.questionAt = timeline.entries.map((entry) => {
      if (entry.step?.op === 'query') current = entry.step.current;
      return current;
    });
    index.firstQuestion = index.questionAt.find((q) => q !== null) ?? null;
  }
  const first = index.firstQuestion ?? fallback;
  return at < 0 ? first : (index.questionAt[Math.min(at, index.questionAt.length - 1)] ?? first);
}

/** Positions in `lives` (ascending) of the lives whose text shares a word with a question, and their scores. */
interface NaiveScores {
  positions: number[];
  scores: number[];
}

/** The naive scores of every life for `question`, kept for the last few questions asked. */
function naiveScores(index: Index, question: string): NaiveScores {
  return keepRecent(index.naive, question, 16, () => scoreLives(index, question));
}

/** Each life's naive score for `question`: how many of the question's words its text holds. */
function scoreLives(index: Index, question: string): NaiveScores {
  const questionWords = [...words(question)];
  const positions: number[] = [];
  const scores: number[] = [];
  index.lives.forEach((life, k) => {
    const score = naiveScore(life.item.text.toLowerCase(), questionWords);
    if (score > 0) {
      positions.push(k);
      scores.push(score);
    }
  });
  return { positions, scores };
}

/**
 * The app items and `user`'s items present after entry `at`, in insertion order: the superset of what
 * any principal of that user may read (the store's candidates), without a pass over other users' items.
 * Given the rules, the owners are those the read path gathers from (ownersReadBy: with exactKeys off,
 * every user whose name begins with `user`).
 */
export function candidatesAt(timeline: Timeline, at: number, user: string, rules?: Rules): Item[] {
  const index = indexOf(timeline);
  const owners = rules === undefined ? [user] : ownersReadBy(user, index.users.keys(), rules);
  const own =
    owners.length === 1
      ? (index.users.get(owners[0]!)?.lives ?? [])
      : owners
          .flatMap((owner) => index.users.get(owner)?.lives ?? [])
          .sort((a, b) => index.lives[a]!.item.seq - index.lives[b]!.item.seq);
  const app = index.unowned;
  const out: Item[] = [];
  let a = 0;
  let u = 0;
  while (a < app.length || u < own.length) {
    const k =
      u >= own.length || (a < app.length && index.lives[app[a]!]!.item.seq < index.lives[own[u]!]!.item.seq)
        ? app[a++]!
        : own[u++]!;
    const life = index.lives[k]!;
    if (present(life, at)) out.push(life.item);
  }
  return out;
}

/** The store after entry `at` as the request builder reads it, without restoring a store. */
function readerAt(index: Index, at: number): QueryReader {
  const { timeline } = index;
  return {
    agents: index.agents,
    rules: timeline.rules,
    visible(principal: Principal): Item[] {
      const agent = index.agents.get(principal.agent);
      if (agent === undefined) throw new ScopeError(`unknown agent ${principal.agent}`, 'unknownAgent');
      return readable(candidatesAt(timeline, at, principal.user, timeline.rules), principal, agent, timeline.rules);
    },
    // The items present after `at`, ranked as the store ranks them (naive.ts), from the kept scores:
    // a question costs one pass over the items, and each step a pass over those sharing a word with it.
    naive(question: string, limit = 3): Item[] {
      const { positions, scores } = naiveScores(index, question);
      const top: Ranked = [];
      for (let i = 0; i < positions.length; i++) {
        const life = index.lives[positions[i]!]!;
        // lives are in the order they were added: none after this one is present yet.
        if (life.addedAt > at) break;
        if (present(life, at)) offerNaive(top, life.item, scores[i]!, limit);
      }
      return top.map(([item]) => item);
    },
  };
}

/** requestAt, fast: the request `principal` would get for `question` after entry `at`. */
export function requestAt(timeline: Timeline, at: number, principal: Principal, question: string): RequestOutcome {
  const entry = timeline.entries[clampEntry(timeline, at)]!;
  try {
    return { kind: 'ok', ...runQuery(readerAt(indexOf(timeline), entry.index), principal, question) };
  } catch (error) {
    if (error instanceof ScopeError) return { kind: 'rejected', reason: error.message };
    throw error;
  }
}
