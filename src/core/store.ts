/**
 * The scoped context store (the seed's ContextStore), indexed so that a write, a read and a handoff
 * cost time in proportion to the principal's own items. The naive baseline ranks the whole store once
 * per question and then keeps that ranking current as items arrive.
 */
import { ScopeError } from './errors';
import { type Agent, type Item, type Principal, type Scope, identifier, makePrincipal, SCOPES } from './model';
import { hasWord, isBlank, words } from './text';
import { decide } from './visibility';
import { reprList } from './pyrepr';
import { type Ranked, offerNaive } from './naive';
import { ALL_RULES, type Rules } from './rules';

const HANDOFF_BRIEF = /^handoff-(\d+)-brief$/;

/** How many recent naive questions the store keeps ranked (each costs a little on every write). */
const NAIVE_CACHE_SIZE = 8;

/** What a handoff did: the receiving principal, the copies (brief first) and the items they copy. */
export interface Handoff {
  target: Principal;
  items: Item[];
  sources: Item[];
}

export class ContextStore {
  readonly agents: ReadonlyMap<string, Agent>;
  /** Incremented by every change: write, configure, handoff and close_task. */
  version = 0;
  private nextSeq = 0;
  /** Every stored item, in insertion order. */
  private readonly all = new Map<number, Item>();
  private readonly app: Item[] = [];
  private readonly byUser = new Map<string, Item[]>();
  /** Item IDs per owner; the app scope is keyed by null. */
  private readonly idsByUser = new Map<string | null, Set<string>>();
  private readonly allIds = new Map<string, number>();
  /**
   * The naive ranking of recently asked questions, kept current as items arrive and dropped when a
   * ranked item leaves. Without it every naive query rescans the whole store (nearly every item shares
   * "the" with the question), which made a replay cost queries x store size.
   */
  private readonly naiveRanked = new Map<string, { words: string[]; limit: number; top: Ranked }>();

  /** Which rules are on; every rule by default (see rules.ts). */
  readonly rules: Rules;

  constructor(agents: Iterable<Agent>, rules: Rules = ALL_RULES) {
    this.rules = rules;
    // A Map, not a plain object: an agent named "constructor" must be as unknown as any other name.
    this.agents = new Map([...agents].map((agent) => [agent.name, agent]));
  }

  /** A store holding exactly these items at this version (used to show any step of a timeline). */
  static restore(agents: Iterable<Agent>, items: Iterable<Item>, version: number, rules: Rules = ALL_RULES): ContextStore {
    const store = new ContextStore(agents, rules);
    for (const item of items) store.add(item);
    store.version = version;
    return store;
  }

  /** Every stored item, in insertion order. */
  items(): Item[] {
    return [...this.all.values()];
  }

  get size(): number {
    return this.all.size;
  }

  private agentOf(principal: Principal): Agent {
    const agent = this.agents.get(principal.agent);
    if (agent === undefined) throw new ScopeError(`unknown agent ${principal.agent}`);
    return agent;
  }

  private add(item: Item): void {
    this.nextSeq = Math.max(this.nextSeq, item.seq + 1);
    this.all.set(item.seq, item);
    if (item.user === null) this.app.push(item);
    else {
      const own = this.byUser.get(item.user);
      if (own) own.push(item);
      else this.byUser.set(item.user, [item]);
    }
    const ids = this.idsByUser.get(item.user);
    if (ids) ids.add(item.id);
    else this.idsByUser.set(item.user, new Set([item.id]));
    this.allIds.set(item.id, (this.allIds.get(item.id) ?? 0) + 1);
    for (const ranked of this.naiveRanked.values()) offerNaive(ranked.top, item, this.naiveScore(ranked.words, item), ranked.limit);
  }

  private remove(item: Item): void {
    this.all.delete(item.seq);
    this.idsByUser.get(item.user)?.delete(item.id);
    const count = this.allIds.get(item.id)! - 1;
    if (count === 0) this.allIds.delete(item.id);
    else this.allIds.set(item.id, count);
    for (const [key, ranked] of this.naiveRanked) {
      if (ranked.top.some(([kept]) => kept === item)) this.naiveRanked.delete(key);
    }
  }

  /** Validate one item without changing the store (the seed's _prepare). */
  private prepare(principal: Principal, scope: string, itemId: string, text: string, source: string, seq: number): Item {
    if (!(SCOPES as readonly string[]).includes(scope) || scope === 'app') {
      throw new ScopeError('principals write user, task or agent items; app items come from configuration');
    }
    this.agentOf(principal);
    identifier(itemId, 'item.id');
    // Uniqueness is checked only among app items and this user's items, so an
    // error never reveals that another user has an item with the same ID.
    const taken = this.rules.perUserDuplicates
      ? this.idsByUser.get(null)?.has(itemId) || this.idsByUser.get(principal.user)?.has(itemId)
      : this.allIds.has(itemId);
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
    const owner = !this.rules.keysFromPrincipal && claimedUser !== undefined
      ? makePrincipal(identifier(claimedUser, 'user_id'), principal.task, principal.agent)
      : principal;
    const item = this.prepare(owner, scope, itemId, text, 'written', this.nextSeq);
    this.add(item);
    this.version += 1;
    return item;
  }

  /** An app item from configuration: every principal reads it, no principal can write one. */
  configure(itemId: string, text: string): Item {
    if (this.allIds.has(itemId)) throw new ScopeError(`duplicate item id ${itemId}`);
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
    // Without the readable check, any stored item with that ID can be copied: another user's too.
    const readable = new Map((this.rules.handoffReadCheck ? this.visible(sender) : this.items().reverse()).map((item) => [item.id, item]));
    const missing = itemIds.filter((id) => !readable.has(id));
    if (missing.length > 0) throw new ScopeError(`sender cannot read ${reprList(missing)}`);
    const target = makePrincipal(sender.user, sender.task, receiver);
    // Number handoffs per user, one above the highest still stored, so a
    // number is never reused while its items exist.
    let highest = 0;
    for (const id of this.idsByUser.get(sender.user) ?? []) {
      const match = HANDOFF_BRIEF.exec(id);
      if (match) highest = Math.max(highest, Number(match[1]));
    }
    const number = highest + 1;
    const sources = itemIds.map((id) => readable.get(id)!);
    const copies: Array<() => Item> = [
      () => this.prepare(target, 'agent', `handoff-${number}-brief`, brief, `handoff:${sender.agent}:brief`, this.nextSeq),
      ...sources.map((source, index) => () =>
        this.prepare(target, 'agent', `handoff-${number}-item-${index + 1}`, source.text,
          `handoff:${sender.agent}:${itemIds[index]}`, this.nextSeq)),
    ];
    if (!this.rules.atomicHandoff) {
      // Broken on purpose: each copy is written as soon as it is valid, so a later failure leaves the earlier ones.
      const written: Item[] = [];
      for (const copy of copies) {
        const item = copy();
        this.add(item);
        this.version += 1;
        written.push(item);
      }
      return { target, items: written, sources };
    }
    const prepared = copies.map((copy, index) => ({ ...copy(), seq: this.nextSeq + index }));
    for (const item of prepared) this.add(Object.freeze(item));
    this.version += 1;
    return { target, items: prepared, sources };
  }

  /** Delete every task and agent item of this user's task; other users' items remain. */
  closeTask(user: string, task: string): Item[] {
    const own = this.byUser.get(user) ?? [];
    const removed = own.filter((item) => item.task === task);
    for (const item of removed) this.remove(item);
    if (removed.length > 0) this.byUser.set(user, own.filter((item) => item.task !== task));
    this.version += 1;
    return removed;
  }

  /** How many of the question's (distinct) words the item's text holds. */
  private naiveScore(question: readonly string[], item: Item): number {
    const lower = item.text.toLowerCase();
    let score = 0;
    for (const word of question) if (hasWord(lower, word)) score += 1;
    return score;
  }

  /** The naive baseline: the whole store ranked by words shared with the question. No scopes. */
  naive(question: string, limit = 3): Item[] {
    const key = `${limit} ${question}`;
    let ranked = this.naiveRanked.get(key);
    if (ranked === undefined) {
      const questionWords = [...words(question)];
      const top: Ranked = [];
      for (const item of this.all.values()) offerNaive(top, item, this.naiveScore(questionWords, item), limit);
      ranked = { words: questionWords, limit, top };
      if (this.naiveRanked.size >= NAIVE_CACHE_SIZE) this.naiveRanked.delete(this.naiveRanked.keys().next().value!);
      this.naiveRanked.set(key, ranked);
    }
    return ranked.top.map(([item]) => item);
  }
}
