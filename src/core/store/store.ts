/**
 * The scoped context store: the seed's ContextStore (isolation.py), its rules in the seed's order.
 * Where the items are kept and how the naive baseline stays fast live beside it (itemIndex.ts,
 * naiveIndex.ts), and the handoff's number and look-up in handoffs.ts; every decision about scopes is
 * made here or in visibility.ts `decide`.
 */
import { ScopeError } from './errors';
import { type Agent, type Item, type Principal, type Scope, identifier, makePrincipal, SCOPES } from './entities';
import { isBlank } from '../python/strings';
import { decide, ownersReadBy } from './visibility';
import { newestVisible, nextHandoffNumber } from './handoffs';
import { reprList } from '../python/repr';
import { ALL_RULES, type Rules } from './rules';
import { ItemIndex } from './itemIndex';
import { NaiveIndex } from './naiveIndex';

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
  /** Which rules are on; every rule by default (see rules.ts). */
  readonly rules: Rules;
  private readonly held: ItemIndex;
  private readonly naiveIndex: NaiveIndex;

  constructor(agents: Iterable<Agent>, rules: Rules = ALL_RULES) {
    this.rules = rules;
    // Counting every ID pays only when every write checks against all users (perUserDuplicates off).
    this.held = new ItemIndex(!rules.perUserDuplicates);
    this.naiveIndex = new NaiveIndex(this.held);
    // A Map, not a plain object: an agent named "constructor" must be as unknown as any other name.
    this.agents = new Map([...agents].map((agent) => [agent.name, agent]));
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
      throw new ScopeError('principals write user, task or agent items; app items come from configuration', 'badScope');
    }
    this.agentOf(principal);
    identifier(itemId, 'item.id');
    // Uniqueness is checked only among app items and this user's items, so an
    // error never reveals that another user has an item with the same ID.
    const taken = this.rules.perUserDuplicates
      ? this.held.holds(null, itemId) || this.held.holds(principal.user, itemId)
      : this.held.idHeld(itemId);
    if (taken) throw duplicate(itemId);
    if (typeof text !== 'string' || isBlank(text)) throw new ScopeError('item text must be nonblank', 'blankText');
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
      throw new ScopeError('item IDs starting with handoff- are reserved for handoffs', 'reservedId');
    }
    const owner =
      !this.rules.keysFromPrincipal && claimedUser !== undefined
        ? makePrincipal(identifier(claimedUser, 'user_id'), principal.task, principal.agent)
        : principal;
    const item = this.prepare(owner, scope, itemId, text, 'written', this.held.nextSeq);
    this.add(item);
    this.version += 1;
    return item;
  }

  /** An app item from configuration: every principal reads it, no principal can write one. */
  configure(itemId: string, text: string): Item {
    if (this.held.idHeld(itemId)) throw duplicate(itemId);
    const item: Item = Object.freeze({
      id: identifier(itemId, 'item.id'),
      scope: 'app',
      text,
      user: null,
      task: null,
      agent: null,
      source: 'configuration',
      seq: this.held.nextSeq,
    });
    this.add(item);
    this.version += 1;
    return item;
  }

  /** The items this principal may read, in insertion order. Unknown agents raise ScopeError. */
  visible(principal: Principal): Item[] {
    return readable(this.candidates(principal.user), principal, this.agentOf(principal), this.rules);
  }

  /** App items and the items of every owner a principal of `user` may read (ownersReadBy), in insertion order. */
  private candidates(user: string): Item[] {
    return this.held.candidatesOf(ownersReadBy(user, this.held.owners(), this.rules));
  }

  /**
   * Copy a brief and chosen items into the receiver's agent scope in the same task.
   * Every item is validated before any is written, so a failed handoff leaves the
   * store and its version unchanged. Returns the receiving principal, the copies (brief first) and
   * the item each copy was made from.
   */
  handoff(sender: Principal, receiver: string, itemIds: readonly string[], brief: string): Handoff {
    const senderAgent = this.agentOf(sender);
    if (!senderAgent.tools.includes('delegate'))
      throw new ScopeError(`agent ${sender.agent} has no delegate tool`, 'noDelegateTool');
    if (!this.agents.has(receiver) || receiver === sender.agent) {
      throw new ScopeError('hand off to a different, configured agent', 'badReceiver');
    }
    if (new Set(itemIds).size !== itemIds.length) throw new ScopeError('handoff lists an item twice', 'listedTwice');
    const sources = this.handoffSources(sender, itemIds);
    const target = makePrincipal(sender.user, sender.task, receiver);
    const number = nextHandoffNumber(this.held.ownedBy(sender.user));
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
        const item = copy(index, this.held.nextSeq);
        this.add(item);
        this.version += 1;
        items.push(item);
      }
      return { target, items, sources };
    }
    for (let index = 0; index <= sources.length; index++) items.push(copy(index, this.held.nextSeq + index));
    for (const item of items) this.add(item);
    this.version += 1;
    return { target, items, sources };
  }

  /** Delete every task and agent item of this user's task; other users' items remain. */
  closeTask(user: string, task: string): Item[] {
    const removed = this.held.removeOwn(user, (item) => item.task === task);
    for (const item of removed) this.naiveIndex.removed(item);
    this.version += 1;
    return removed;
  }

  /**
   * A user item stored without an owner, as a system import with no user writes one: its user, task
   * and agent are null, so no principal's keys match it (decide). Its ID is checked among app and other
   * ownerless items, the owner it shares.
   */
  importItem(itemId: string, text: string): Item {
    if (itemId.startsWith('handoff-')) {
      throw new ScopeError('item IDs starting with handoff- are reserved for handoffs', 'reservedId');
    }
    identifier(itemId, 'item.id');
    if (this.held.holds(null, itemId)) throw duplicate(itemId);
    if (typeof text !== 'string' || isBlank(text)) throw new ScopeError('item text must be nonblank', 'blankText');
    const item: Item = Object.freeze({
      id: itemId,
      scope: 'user',
      text,
      user: null,
      task: null,
      agent: null,
      source: 'import',
      seq: this.held.nextSeq,
    });
    this.add(item);
    this.version += 1;
    return item;
  }

  /**
   * Forget a user: delete every item of theirs, in every scope and task (mem0's delete_all(user_id)).
   * With scopedDelete off the store is reset instead, and every user's items go (app items stay).
   */
  forgetUser(user: string): Item[] {
    const owners = this.rules.scopedDelete ? [user] : [...this.held.owners()];
    const removed = owners.flatMap((owner) => this.held.removeOwn(owner, () => true)).sort((a, b) => a.seq - b.seq);
    for (const item of removed) this.naiveIndex.removed(item);
    this.version += 1;
    return removed;
  }

  /**
   * The naive baseline: the whole store ranked by words shared with the question, no scopes. Equal to
   * rankNaive(this.items(), question, limit) (naive.ts), from rankings kept as items arrive.
   */
  naive(question: string, limit = 3): Item[] {
    return this.naiveIndex.rank(question, limit);
  }

  // ---- Below: lookups the rules above use, and ways in that do not change a rule. ----

  /**
   * Keep the naive rankings of questions that will be asked from now on, as items arrive: their first
   * query then finds them ranked instead of scanning the whole store. A replay knows its questions.
   */
  keepNaive(questions: Iterable<string>, limit = 3): void {
    this.naiveIndex.keep(questions, limit);
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
    return this.held.items();
  }

  get size(): number {
    return this.held.size;
  }

  private add(item: Item): void {
    this.held.add(item);
    this.naiveIndex.added(item);
  }

  private agentOf(principal: Principal): Agent {
    const agent = this.agents.get(principal.agent);
    if (agent === undefined) throw new ScopeError(`unknown agent ${principal.agent}`, 'unknownAgent');
    return agent;
  }

  /** The items a handoff copies, or ScopeError naming the IDs the sender cannot read. */
  private handoffSources(sender: Principal, itemIds: readonly string[]): Item[] {
    const found: Array<Item | undefined> = [];
    if (this.rules.handoffReadCheck) {
      // A principal reads few items: a search beats building a map of them. From the end, as a map
      // built in insertion order would keep the newest item with an ID.
      const agent = this.agentOf(sender);
      const candidates = this.candidates(sender.user);
      for (const id of itemIds) found.push(newestVisible(candidates, id, sender, agent, this.rules));
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
    if (missing.length > 0) throw new ScopeError(`sender cannot read ${reprList(missing)}`, 'unreadable');
    return found as Item[];
  }
}

/** The seed's refusal of a taken ID; the ID travels as data, so no reader has to parse the message. */
function duplicate(itemId: string): ScopeError {
  return new ScopeError(`duplicate item id ${itemId}`, 'duplicateId', itemId);
}

/**
 * Of `candidates` (app items and the principal's user's items), those the principal may read, in
 * order: the read path of the store and of the timeline's readers, each verdict from `decide`.
 */
export function readable(candidates: readonly Item[], principal: Principal, agent: Agent, rules: Rules): Item[] {
  return candidates.filter((item) => decide(item, principal, agent, rules).visible);
}
