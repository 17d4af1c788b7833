/**
 * The scoped context store (the seed's ContextStore), indexed so that a write, a read and a handoff
 * cost time in proportion to the principal's own items. The naive baseline ranks a question once, over
 * the items sharing a word with it, and then keeps that ranking current as items arrive.
 */
import { ScopeError } from './errors';
import { type Agent, type Item, type Principal, type Scope, identifier, makePrincipal, SCOPES } from './entities';
import { isBlank, words } from '../python/strings';
import { decide } from './visibility';
import { reprList } from '../python/repr';
import { type Ranked, naiveScore, offerNaive } from './naive';
import { ALL_RULES, type Rules } from './rules';

const HANDOFF_BRIEF = /^handoff-(\d+)-brief$/;

/** How many recent naive questions the store keeps ranked (each costs a little on every write). */
const NAIVE_CACHE_SIZE = 8;

/** Up to this many items, an owner's IDs are searched in place rather than kept in a set. */
const FEW_ITEMS = 16;

/** What a handoff did: the receiving principal, the copies (brief first) and the items they copy. */
export interface Handoff {
  target: Principal;
  items: Item[];
  sources: Item[];
}

/** One kept naive ranking: the question's distinct words and the best `limit` items for them. */
interface NaiveRanking {
  words: string[];
  limit: number;
  top: Ranked;
}

/**
 * offerNaive with the item's score counted only while it could still enter: when even every word
 * left could not lift it to the last kept score, the ranking would refuse it anyway.
 */
function offerScored({ words: question, limit, top }: NaiveRanking, item: Item, lower: string): void {
  if (limit <= 0) return;
  const least = top.length === limit ? top[limit - 1]![1] : 1;
  offerNaive(top, item, naiveScore(lower, question, least), limit);
}

export class ContextStore {
  readonly agents: ReadonlyMap<string, Agent>;
  /** Incremented by every change: write, configure, handoff and close_task. */
  version = 0;
  private nextSeq = 0;
  /**
   * Every stored item at the index of its seq (removed ones leave a hole): insertion order, as seqs
   * only grow, and cheaper to fill and to scan than a map.
   */
  private readonly all: Array<Item | undefined> = [];
  private count = 0;
  private readonly app: Item[] = [];
  private readonly byUser = new Map<string, Item[]>();
  /**
   * The item IDs of each owner holding more than FEW_ITEMS items (the app is keyed by null). Most
   * owners hold a handful, and searching those in place costs less than keeping a set for each.
   */
  private readonly idSets = new Map<string | null, Set<string>>();
  /**
   * How many items hold each ID, whoever owns them: kept only when the perUserDuplicates rule is off
   * and every write checks against all users. Otherwise only configuration asks, and idHeld looks
   * through the items, which costs less than keeping this count for every write.
   */
  private readonly allIds: Map<string, number> | null;
  /**
   * The naive ranking of recently asked questions, kept current as items arrive and dropped when a
   * ranked item leaves. Without it every naive query rescans the whole store (nearly every item shares
   * "the" with the question), which made a replay cost queries x store size.
   */
  private readonly naiveRanked = new Map<string, NaiveRanking>();
  /**
   * The items holding each word of their text, made the first time a question is ranked over a store
   * that holds items, and kept current from then on; removed items stay listed and are skipped. A new
   * question then costs the items that share a word with it, not the whole store. A replay that names
   * its questions before its first step (keepNaive) never needs it, so its writes do not pay for it.
   */
  private wordIndex: Map<string, number[]> | null = null;
  /**
   * Scores by seq while one question is ranked, zero everywhere between rankings: kept, so that a
   * ranking touches only the entries of the items it counts instead of allocating a whole store's.
   */
  private scores = new Int32Array(0);

  /** Which rules are on; every rule by default (see rules.ts). */
  readonly rules: Rules;

  constructor(agents: Iterable<Agent>, rules: Rules = ALL_RULES) {
    this.rules = rules;
    this.allIds = rules.perUserDuplicates ? null : new Map();
    // A Map, not a plain object: an agent named "constructor" must be as unknown as any other name.
    this.agents = new Map([...agents].map((agent) => [agent.name, agent]));
  }

  /** A store holding exactly these items at this version (used to show any step of a timeline). */
  static restore(
    agents: Iterable<Agent>,
    items: Iterable<Item>,
    version: number,
    rules: Rules = ALL_RULES,
  ): ContextStore {
    const store = new ContextStore(agents, rules);
    for (const item of items) store.add(item);
    store.version = version;
    return store;
  }

  /** Every stored item, in insertion order. */
  items(): Item[] {
    const out: Item[] = [];
    for (const item of this.all) if (item !== undefined) out.push(item);
    return out;
  }

  get size(): number {
    return this.count;
  }

  private agentOf(principal: Principal): Agent {
    const agent = this.agents.get(principal.agent);
    if (agent === undefined) throw new ScopeError(`unknown agent ${principal.agent}`);
    return agent;
  }

  private add(item: Item): void {
    this.nextSeq = Math.max(this.nextSeq, item.seq + 1);
    if (this.all[item.seq] === undefined) this.count += 1;
    this.all[item.seq] = item;
    if (item.user === null) this.app.push(item);
    else {
      const own = this.byUser.get(item.user);
      if (own) own.push(item);
      else this.byUser.set(item.user, [item]);
    }
    this.idSets.get(item.user)?.add(item.id);
    this.allIds?.set(item.id, (this.allIds.get(item.id) ?? 0) + 1);
    if (this.wordIndex !== null) this.indexWords(item);
    if (this.naiveRanked.size === 0) return;
    const lower = item.text.toLowerCase();
    for (const ranked of this.naiveRanked.values()) offerScored(ranked, item, lower);
  }

  private remove(item: Item): void {
    if (this.all[item.seq] !== undefined) {
      this.all[item.seq] = undefined;
      this.count -= 1;
    }
    this.idSets.get(item.user)?.delete(item.id);
    const count = this.allIds?.get(item.id);
    if (count === 1) this.allIds!.delete(item.id);
    else if (count !== undefined) this.allIds!.set(item.id, count - 1);
    if (this.naiveRanked.size > 0) this.forgetRankingsHolding(item);
  }

  /** Drop the kept naive rankings that list this (removed) item: they are made afresh when next asked. */
  private forgetRankingsHolding(item: Item): void {
    for (const [key, ranked] of this.naiveRanked) {
      if (ranked.top.some(([kept]) => kept === item)) this.naiveRanked.delete(key);
    }
  }

  /** Does any stored item, whoever owns it, have this ID? */
  private idHeld(itemId: string): boolean {
    if (this.allIds !== null) return this.allIds.has(itemId);
    for (const item of this.all) if (item !== undefined && item.id === itemId) return true;
    return false;
  }

  /** Does this owner (null: the app) hold an item with this ID? */
  private holds(owner: string | null, itemId: string): boolean {
    const ids = this.idSets.get(owner);
    if (ids !== undefined) return ids.has(itemId);
    const items = owner === null ? this.app : this.byUser.get(owner);
    if (items === undefined) return false;
    if (items.length > FEW_ITEMS) {
      const made = new Set(items.map((item) => item.id));
      this.idSets.set(owner, made);
      return made.has(itemId);
    }
    for (let i = 0; i < items.length; i++) if (items[i]!.id === itemId) return true;
    return false;
  }

  /** Validate one item without changing the store (the seed's _prepare). */
  private prepare(
    principal: Principal,
    scope: string,
    itemId: string,
    text: string,
    source: string,
    seq: number,
  ): Item {
    if (!(SCOPES as readonly string[]).includes(scope) || scope === 'app') {
      throw new ScopeError('principals write user, task or agent items; app items come from configuration');
    }
    this.agentOf(principal);
    identifier(itemId, 'item.id');
    // Uniqueness is checked only among app items and this user's items, so an
    // error never reveals that another user has an item with the same ID.
    const taken = this.rules.perUserDuplicates
      ? this.holds(null, itemId) || this.holds(principal.user, itemId)
      : this.idHeld(itemId);
    if (taken) {
      throw new ScopeError(`duplicate item id ${itemId}`);
    }
    if (typeof text !== 'string' || isBlank(text)) throw new ScopeError('item text must be nonblank');
    return Object.freeze({
      id: itemId,
      scope: scope as Scope,
      text,
      user: principal.user,
      task: scope === 'task' || scope === 'agent' ? principal.task : null,
      agent: scope === 'agent' ? principal.agent : null,
      source,
      seq,
    });
  }

  /**
   * Scope keys come from the principal, never from the caller's payload: `claimedUser` (a payload's
   * user_id) is ignored unless the keysFromPrincipal rule is switched off.
   */
  write(principal: Principal, scope: string, itemId: string, text: string, claimedUser?: string): Item {
    if (itemId.startsWith('handoff-')) {
      throw new ScopeError('item IDs starting with handoff- are reserved for handoffs');
    }
    const owner =
      !this.rules.keysFromPrincipal && claimedUser !== undefined
        ? makePrincipal(identifier(claimedUser, 'user_id'), principal.task, principal.agent)
        : principal;
    const item = this.prepare(owner, scope, itemId, text, 'written', this.nextSeq);
    this.add(item);
    this.version += 1;
    return item;
  }

  /** An app item from configuration: every principal reads it, no principal can write one. */
  configure(itemId: string, text: string): Item {
    if (this.idHeld(itemId)) throw new ScopeError(`duplicate item id ${itemId}`);
    const item: Item = Object.freeze({
      id: identifier(itemId, 'item.id'),
      scope: 'app',
      text,
      user: null,
      task: null,
      agent: null,
      source: 'configuration',
      seq: this.nextSeq,
    });
    this.add(item);
    this.version += 1;
    return item;
  }

  /** App items and the principal's user's items, in insertion order: a superset of what it may read. */
  private candidates(principal: Principal): Item[] {
    const own = this.byUser.get(principal.user) ?? [];
    const out: Item[] = [];
    let a = 0;
    let u = 0;
    while (a < this.app.length || u < own.length) {
      if (u >= own.length || (a < this.app.length && this.app[a]!.seq < own[u]!.seq)) out.push(this.app[a++]!);
      else out.push(own[u++]!);
    }
    return out;
  }

  /** The items this principal may read, in insertion order. Unknown agents raise ScopeError. */
  visible(principal: Principal): Item[] {
    const agent = this.agentOf(principal);
    return this.candidates(principal).filter((item) => decide(item, principal, agent, this.rules).visible);
  }

  /**
   * Copy a brief and chosen items into the receiver's agent scope in the same task.
   * Every item is validated before any is written, so a failed handoff leaves the
   * store and its version unchanged. Returns the receiving principal, the copies (brief first) and
   * the item each copy was made from.
   */
  handoff(sender: Principal, receiver: string, itemIds: readonly string[], brief: string): Handoff {
    const senderAgent = this.agentOf(sender);
    if (!senderAgent.tools.includes('delegate')) throw new ScopeError(`agent ${sender.agent} has no delegate tool`);
    if (!this.agents.has(receiver) || receiver === sender.agent) {
      throw new ScopeError('hand off to a different, configured agent');
    }
    if (new Set(itemIds).size !== itemIds.length) throw new ScopeError('handoff lists an item twice');
    const sources = this.handoffSources(sender, itemIds);
    const target = makePrincipal(sender.user, sender.task, receiver);
    // Number handoffs per user, one above the highest still stored, so a
    // number is never reused while its items exist.
    let highest = 0;
    for (const { id } of this.byUser.get(sender.user) ?? []) {
      const match = id.startsWith('handoff-') ? HANDOFF_BRIEF.exec(id) : null;
      if (match) highest = Math.max(highest, Number(match[1]));
    }
    const number = highest + 1;
    const copy = (index: number, seq: number): Item =>
      index === 0
        ? this.prepare(target, 'agent', `handoff-${number}-brief`, brief, `handoff:${sender.agent}:brief`, seq)
        : this.prepare(
            target,
            'agent',
            `handoff-${number}-item-${index}`,
            sources[index - 1]!.text,
            `handoff:${sender.agent}:${itemIds[index - 1]}`,
            seq,
          );
    const items: Item[] = [];
    if (!this.rules.atomicHandoff) {
      // Broken on purpose: each copy is written as soon as it is valid, so a later failure leaves the earlier ones.
      for (let index = 0; index <= sources.length; index++) {
        const item = copy(index, this.nextSeq);
        this.add(item);
        this.version += 1;
        items.push(item);
      }
      return { target, items, sources };
    }
    for (let index = 0; index <= sources.length; index++) items.push(copy(index, this.nextSeq + index));
    for (const item of items) this.add(item);
    this.version += 1;
    return { target, items, sources };
  }

  /** The newest of `candidates` with this ID that the principal may read: visible(...).findLast(id), without the list. */
  private newestVisible(candidates: readonly Item[], id: string, principal: Principal, agent: Agent): Item | undefined {
    for (let i = candidates.length - 1; i >= 0; i--) {
      const item = candidates[i]!;
      if (item.id === id && decide(item, principal, agent, this.rules).visible) return item;
    }
    return undefined;
  }

  /** The items a handoff copies, or ScopeError naming the IDs the sender cannot read. */
  private handoffSources(sender: Principal, itemIds: readonly string[]): Item[] {
    const found: Array<Item | undefined> = [];
    if (this.rules.handoffReadCheck) {
      // A principal reads few items: a search beats building a map of them. From the end, as a map
      // built in insertion order would keep the newest item with an ID.
      const agent = this.agentOf(sender);
      const candidates = this.candidates(sender);
      for (const id of itemIds) found.push(this.newestVisible(candidates, id, sender, agent));
    } else {
      // Without the readable check, any stored item with that ID can be copied: another user's too.
      const readable = new Map(
        this.items()
          .reverse()
          .map((item) => [item.id, item]),
      );
      for (const id of itemIds) found.push(readable.get(id));
    }
    const missing = itemIds.filter((_, index) => found[index] === undefined);
    if (missing.length > 0) throw new ScopeError(`sender cannot read ${reprList(missing)}`);
    return found as Item[];
  }

  /** Delete every task and agent item of this user's task; other users' items remain. */
  closeTask(user: string, task: string): Item[] {
    const own = this.byUser.get(user) ?? [];
    const removed = own.filter((item) => item.task === task);
    for (const item of removed) this.remove(item);
    if (removed.length > 0)
      this.byUser.set(
        user,
        own.filter((item) => item.task !== task),
      );
    this.version += 1;
    return removed;
  }

  /** The naive baseline: the whole store ranked by words shared with the question. No scopes. */
  naive(question: string, limit = 3): Item[] {
    return this.naiveRanking(question, limit).top.map(([item]) => item);
  }

  /**
   * Keep the naive rankings of questions that will be asked (as many as are kept: the first ones)
   * from now on, as items arrive: their first query then finds them ranked instead of scanning
   * the whole store, in code that has not run yet and so is slow. A replay knows its questions.
   */
  keepNaive(questions: Iterable<string>, limit = 3): void {
    const kept = new Set<string>();
    for (const question of questions) {
      if (kept.size === NAIVE_CACHE_SIZE) break;
      if (kept.has(question)) continue;
      kept.add(question);
      this.naiveRanking(question, limit, false);
    }
  }

  /** List the item's seq under each of its words: seqs, not items, so counting reads packed numbers. */
  private indexWords(item: Item): void {
    for (const word of words(item.text)) {
      const holders = this.wordIndex!.get(word);
      if (holders === undefined) this.wordIndex!.set(word, [item.seq]);
      else holders.push(item.seq);
    }
  }

  /**
   * Rank the items sharing a word with the question: an item's score is the number of the question's
   * words among its own (the seed's word overlap), counted from the word index. Items with no shared
   * word score 0 and never rank, so they are not looked at.
   */
  private rankSharing(ranked: NaiveRanking): void {
    let index = this.wordIndex;
    if (index === null) {
      index = this.wordIndex = new Map();
      for (const item of this.all) if (item !== undefined) this.indexWords(item);
    }
    if (this.scores.length < this.nextSeq) this.scores = new Int32Array(Math.max(this.nextSeq, 2 * this.scores.length));
    const scores = this.scores;
    const sharing: number[] = [];
    for (const word of ranked.words) {
      const holders = index.get(word);
      if (holders === undefined) continue;
      for (let i = 0; i < holders.length; i++) {
        const seq = holders[i]!;
        // A removed item leaves a hole, and seqs are never reused.
        if (this.all[seq] === undefined) continue;
        const score = scores[seq]!;
        scores[seq] = score + 1;
        if (score === 0) sharing.push(seq);
      }
    }
    const { top, limit } = ranked;
    for (let i = 0; i < sharing.length; i++) {
      const seq = sharing[i]!;
      const score = scores[seq]!;
      scores[seq] = 0;
      // Below the last kept score an item cannot enter: skip it without reading it.
      if (limit > 0 && top.length === limit && score < top[limit - 1]![1]) continue;
      offerNaive(top, this.all[seq]!, score, limit);
    }
  }

  /** `viaIndex` false: rank by scanning the store (a replay's few configured items) without making the word index. */
  private naiveRanking(question: string, limit: number, viaIndex = true): NaiveRanking {
    const key = `${limit} ${question}`;
    let ranked = this.naiveRanked.get(key);
    if (ranked === undefined) {
      // Longest words first: they are the rarest, so an item that cannot rank is given up soonest.
      ranked = { words: [...words(question)].sort((a, b) => b.length - a.length), limit, top: [] };
      if (viaIndex && this.count > 0) this.rankSharing(ranked);
      else for (const item of this.all) if (item !== undefined) offerScored(ranked, item, item.text.toLowerCase());
      if (this.naiveRanked.size >= NAIVE_CACHE_SIZE) this.naiveRanked.delete(this.naiveRanked.keys().next().value!);
      this.naiveRanked.set(key, ranked);
    }
    return ranked;
  }
}
