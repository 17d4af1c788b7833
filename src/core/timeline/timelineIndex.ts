/**
 * Reading a large timeline step after step, fast. The reference readers (itemsAt, storeAt and requestAt
 * in timeline.ts, storeViewAt, explain and explainAt) rebuild everything from every item on each call;
 * a page that moves one step at a time through 20,000 steps cannot afford that. This index is built
 * once per timeline (cached by identity) and remembers what does not change from step to step: the
 * items per owner and per store-view group, the naive ranking per question, and each item's verdict
 * per principal. Every answer equals the reference's (timelineIndex.test.ts compares them at every step).
 * Nothing here may change a timeline or decide visibility itself: verdicts come from `decide`.
 */
import { ScopeError } from '../store/errors';
import { type Agent, type Item, type Principal, principalKey, type Scope } from '../store/entities';
import type { ItemLife, Timeline } from '../replay/replayText';
import { type QueryReader, runQuery } from '../replay/replayText';
import type { RequestOutcome } from './timeline';
import { type ItemGroup, type MarkedItem, marksOf, readersOf, type StoreView } from './storeView';
import { type Explained, type Explanation, reasonFor } from '../explain/explain';
import { decide } from '../store/visibility';
import { ownerOf } from '../explain/describe';
import { words } from '../python/strings';
import { naiveScore, offerNaive, type Ranked } from '../store/naive';
import { lazyRows, type Rows } from './rows';
import { keepRecent } from './recent';

const ORDER: Record<Scope, number> = { app: 0, user: 1, task: 2, agent: 3 };

interface Group {
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

interface UserBlock {
  /** Positions in `lives` of this user's items, in insertion order. */
  lives: number[];
  /** This user's groups in store-view order: user, then task, then agent groups, each by owner. */
  groups: Group[];
}

/** What one principal's reads keep from step to step. */
interface PrincipalCache {
  agent: Agent | undefined;
  /** Per position in `lives`: the explanation while the item is in the store, made on first use. */
  alive: Array<Explanation | undefined>;
  explained: Array<Explained | undefined>;
}

interface Index {
  timeline: Timeline;
  lives: ItemLife[];
  /** lives[k].addedAt, for a binary search of the items added up to an entry. */
  addedAt: Int32Array;
  agents: ReadonlyMap<string, Agent>;
  app: Group;
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
  principals: Map<string, PrincipalCache>;
}

const indexes = new WeakMap<Timeline, Index>();

function build(timeline: Timeline): Index {
  const lives = [...timeline.lives].sort((a, b) => a.addedAt - b.addedAt || a.item.seq - b.item.seq);
  const addedAt = Int32Array.from(lives, (life) => life.addedAt);
  const app: Group = { key: 'app:everyone', scope: 'app', owner: 'everyone', readers: '', lives: [] };
  const users = new Map<string, UserBlock>();
  const groups = new Map<string, Group>();
  lives.forEach((life, k) => {
    const { item } = life;
    if (item.user === null) {
      if (app.lives.length === 0) app.readers = readersOf(item);
      app.lives.push(k);
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
      (a, b) => ORDER[a.scope] - ORDER[b.scope] || (a.owner < b.owner ? -1 : a.owner > b.owner ? 1 : 0),
    );
  }
  return {
    timeline,
    lives,
    addedAt,
    agents: new Map(timeline.agents.map((agent) => [agent.name, agent])),
    app,
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

function indexOf(timeline: Timeline): Index {
  let index = indexes.get(timeline);
  if (index === undefined) indexes.set(timeline, (index = build(timeline)));
  return index;
}

/** How many of the index's lives were added at or before entry `at`. */
function addedUpTo(index: Index, at: number): number {
  return countAdded(index.addedAt.length, (i) => index.addedAt[i]!, at);
}

/** How many of `lives` (positions in insertion order) were added at or before entry `at`. */
function addedWithin(index: Index, lives: readonly number[], at: number): number {
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
const deletedBy = (life: ItemLife, at: number) => life.removedAt !== null && life.removedAt <= at;

const present = (life: ItemLife, at: number) => life.addedAt <= at && !deletedBy(life, at);

const clampEntry = (timeline: Timeline, at: number) => Math.max(0, Math.min(at, timeline.entries.length - 1));

/** itemsAt, fast: the items present after entry `at`, in insertion order. */
export function itemsAtFast(timeline: Timeline, at: number): Item[] {
  const index = indexOf(timeline);
  const end = addedUpTo(index, at);
  const out: Item[] = [];
  for (let k = 0; k < end; k++) {
    const life = index.lives[k]!;
    if (!deletedBy(life, at)) out.push(life.item);
  }
  return out;
}

function changesOf(index: Index, group: Group): number[] {
  if (group.changes === undefined) {
    const points = new Set<number>();
    for (const k of group.lives) {
      const life = index.lives[k]!;
      points.add(life.addedAt);
      if (life.removedAt !== null) {
        points.add(life.removedAt);
        points.add(life.removedAt + 1);
      }
    }
    group.changes = [...points].sort((a, b) => a - b);
  }
  return group.changes;
}

/** The entries around `at` with the same view: `at` alone if it is a change, else the stretch between two changes. */
function stretchAround(changes: readonly number[], at: number): { from: number; to: number } {
  let lo = 0;
  let hi = changes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (changes[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  // changes[lo - 1] <= at < changes[lo]
  const previous = lo > 0 ? changes[lo - 1]! : -1;
  if (previous === at) return { from: at, to: at };
  return { from: previous + 1, to: lo < changes.length ? changes[lo]! - 1 : Number.MAX_SAFE_INTEGER };
}

/** storeViewAt, fast: the same groups in the same order, without sorting the whole store at each step. */
export function storeViewAtFast(timeline: Timeline, at: number): StoreView {
  const index = indexOf(timeline);
  return keepRecent(index.views, at, 4, () => makeStoreView(index, at));
}

function makeStoreView(index: Index, at: number): StoreView {
  const { timeline } = index;
  const entry = timeline.entries[at];
  const marks = entry ? marksOf(entry.outcome) : new Map();
  // Shown: present after the entry, or deleted by it (listed, marked, not counted).
  const shown = (k: number) => {
    const life = index.lives[k]!;
    return life.addedAt <= at && (life.removedAt === null || life.removedAt >= at);
  };
  const marked = (k: number): MarkedItem => {
    const mark = marks.get(index.lives[k]!.item.seq);
    return mark === undefined ? index.unmarked[k]! : { item: index.lives[k]!.item, mark };
  };
  const groups: ItemGroup[] = [];
  let count = 0;
  const emit = (group: Group) => {
    group.removals ??= group.lives.some((k) => index.lives[k]!.removedAt !== null);
    if (!group.removals) {
      // Its first n items are shown; only the step that added the last of them marks any.
      const n = addedWithin(index, group.lives, at);
      if (n === 0) return;
      if (index.addedAt[group.lives[n - 1]!] !== at) {
        const prefixes = (group.prefixes ??= []);
        let view = prefixes[n];
        if (view === undefined) {
          const items = group.lives.slice(0, n).map((k) => index.unmarked[k]!);
          prefixes[n] = view = {
            key: group.key,
            scope: group.scope,
            owner: group.owner,
            readers: group.readers,
            items,
          };
        }
        groups.push(view);
        count += n;
        return;
      }
    }
    // Between two of its changes a group looks the same (marks too come only at its changes), so its
    // view is made once per stretch: moving a step remakes the few groups that step touched.
    let cached = group.cached;
    if (cached === undefined || at < cached.from || at > cached.to) {
      const items: MarkedItem[] = [];
      let present = 0;
      for (const k of group.lives) {
        if (index.addedAt[k]! > at) break;
        if (!shown(k)) continue;
        items.push(marked(k));
        if (index.lives[k]!.removedAt !== at) present += 1;
      }
      const view =
        items.length > 0
          ? { key: group.key, scope: group.scope, owner: group.owner, readers: group.readers, items }
          : null;
      group.cached = cached = { ...stretchAround(changesOf(index, group), at), view, present };
    }
    if (cached.view !== null) groups.push(cached.view);
    count += cached.present;
  };
  emit(index.app);
  // Users in order of their first item shown at this entry (an item deleted earlier no longer counts).
  const ranked: Array<[number, UserBlock]> = [];
  for (const block of index.users.values()) {
    for (const k of block.lives) {
      if (index.addedAt[k]! > at) break;
      if (shown(k)) {
        ranked.push([index.lives[k]!.item.seq, block]);
        break;
      }
    }
  }
  ranked.sort((a, b) => a[0] - b[0]);
  for (const [, block] of ranked) for (const group of block.groups) emit(group);
  return { groups, present: count };
}

/** defaultQuestion, fast: the question in force at entry `at`, from a table made once per timeline. */
export function defaultQuestionFast(timeline: Timeline, at: number, fallback = 'What is the plan?'): string {
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
 */
export function candidatesAtFast(timeline: Timeline, at: number, user: string): Item[] {
  const index = indexOf(timeline);
  const own = index.users.get(user)?.lives ?? [];
  const app = index.app.lives;
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
      if (agent === undefined) throw new ScopeError(`unknown agent ${principal.agent}`);
      return candidatesAtFast(timeline, at, principal.user).filter(
        (item) => decide(item, principal, agent, timeline.rules).visible,
      );
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
export function requestAtFast(timeline: Timeline, at: number, principal: Principal, question: string): RequestOutcome {
  const entry = timeline.entries[clampEntry(timeline, at)]!;
  try {
    return { kind: 'ok', ...runQuery(readerAt(indexOf(timeline), entry.index), principal, question) };
  } catch (error) {
    if (error instanceof ScopeError) return { kind: 'rejected', reason: error.message };
    throw error;
  }
}

function principalCache(index: Index, principal: Principal): PrincipalCache {
  // A few principals are kept: switching back and forth is common, every principal of a big scenario is not.
  return keepRecent(index.principals, principalKey(principal), 8, () => ({
    agent: index.agents.get(principal.agent),
    alive: [],
    explained: [],
  }));
}

function deletedExplanation(index: Index, k: number): Explanation {
  let e = index.deleted[k];
  if (e === undefined) {
    const life = index.lives[k]!;
    const closing = index.timeline.entries[life.removedAt!]?.outcome;
    const who = closing?.kind === 'closed' ? `${closing.user} closed ${closing.task}` : 'it was removed';
    e = {
      life,
      item: life.item,
      status: 'deleted',
      verdict: null,
      because: `deleted when ${who} at step ${life.removedAt}`,
    };
    index.deleted[k] = e;
  }
  return e;
}

function aliveExplanation(index: Index, cache: PrincipalCache, principal: Principal, k: number): Explanation {
  let e = cache.alive[k];
  if (e === undefined) {
    const life = index.lives[k]!;
    const { item } = life;
    if (cache.agent === undefined) {
      e = { life, item, status: 'out', verdict: null, because: `unknown agent ${principal.agent}: it reads nothing` };
    } else {
      const verdict = decide(item, principal, cache.agent, index.timeline.rules);
      e = { life, item, status: verdict.visible ? 'in' : 'out', verdict, because: reasonFor(verdict, item, principal) };
    }
    cache.alive[k] = e;
  }
  return e;
}

function explanationAt(index: Index, cache: PrincipalCache, principal: Principal, at: number, k: number): Explanation {
  return deletedBy(index.lives[k]!, at) ? deletedExplanation(index, k) : aliveExplanation(index, cache, principal, k);
}

/** explain's rows after entry `at`, split for a request that holds the items with seqs in `held`. */
export interface ExplainedSplit {
  /** The held items' explanations (deleted or not), in insertion order. */
  held: Explanation[];
  /** The other items in the store, made when read. */
  present: Rows<Explanation>;
  /** The other items deleted at or before `at`, made when read. */
  deleted: Rows<Explanation>;
}

/**
 * explain, fast and lazy: the same explanations split three ways. Only the held items are explained at
 * once; the rest are positions, so a new principal costs one pass over integers, not a row per item.
 */
export function explainSplitFast(
  timeline: Timeline,
  at: number,
  principal: Principal,
  held: ReadonlySet<number>,
): ExplainedSplit {
  const index = indexOf(timeline);
  const cache = principalCache(index, principal);
  const end = addedUpTo(index, at);
  const heldRows: Explanation[] = [];
  const present = new Int32Array(end);
  const deleted = new Int32Array(end);
  let p = 0;
  let d = 0;
  for (let k = 0; k < end; k++) {
    const life = index.lives[k]!;
    if (held.has(life.item.seq)) heldRows.push(explanationAt(index, cache, principal, at, k));
    else if (deletedBy(life, at)) deleted[d++] = k;
    else present[p++] = k;
  }
  const make = (k: number) => explanationAt(index, cache, principal, at, k);
  return {
    held: heldRows,
    present: lazyRows(present.subarray(0, p), make),
    deleted: lazyRows(deleted.subarray(0, d), make),
  };
}

/**
 * explainAt, fast, for a few items: those of `items` in the store after entry `at`, each with its verdict,
 * in the order given; empty for an unknown agent. The cost is the items asked about, not the store's.
 */
export function explainItemsAtFast(
  timeline: Timeline,
  at: number,
  principal: Principal,
  items: readonly Item[],
): Explained[] {
  const index = indexOf(timeline);
  const cache = principalCache(index, principal);
  if (cache.agent === undefined) return [];
  index.positions ??= new Map(index.lives.map((life, k) => [life.item.seq, k]));
  const out: Explained[] = [];
  for (const item of items) {
    const k = index.positions.get(item.seq);
    if (k === undefined || !present(index.lives[k]!, at)) continue;
    let e = cache.explained[k];
    if (e === undefined) {
      const full = aliveExplanation(index, cache, principal, k);
      e = { item: full.item, verdict: full.verdict!, because: full.because };
      cache.explained[k] = e;
    }
    out.push(e);
  }
  return out;
}
