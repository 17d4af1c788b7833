/**
 * Where the store keeps its items, indexed so that a write, a read and a handoff cost time in
 * proportion to the principal's own items. Nothing in this file decides a rule: the store (store.ts)
 * asks it questions ("does this owner hold that ID?", "which items could this user read?") and decides.
 */
import type { Item } from './entities';

/** Up to this many items, an owner's IDs are searched in place rather than kept in a set. */
const FEW_ITEMS = 16;

/** The store's items: by insertion number, the app's, each user's, and the ID lookups the rules ask for. */
export class ItemIndex {
  /**
   * Every stored item at the index of its seq (removed ones leave a hole): insertion order, as seqs
   * only grow, and cheaper to fill and to scan than a map.
   */
  readonly bySeq: Array<Item | undefined> = [];
  /** One above the highest seq ever stored: the next item's seq. */
  nextSeq = 0;
  size = 0;
  private readonly app: Item[] = [];
  private readonly byUser = new Map<string, Item[]>();
  /**
   * The item IDs of each owner holding more than FEW_ITEMS items (the app is keyed by null). Most
   * owners hold a handful, and searching those in place costs less than keeping a set for each.
   */
  private readonly idSets = new Map<string | null, Set<string>>();
  /**
   * How many items hold each ID, whoever owns them: kept only when asked for (`countAllIds`, when
   * every write checks against all users). Otherwise only configuration asks, and idHeld asks each
   * owner (holds), which costs less than keeping this count for every write.
   */
  private readonly allIds: Map<string, number> | null;

  constructor(countAllIds: boolean) {
    this.allIds = countAllIds ? new Map() : null;
  }

  /** Every stored item, in insertion order. */
  items(): Item[] {
    const out: Item[] = [];
    for (const item of this.bySeq) if (item !== undefined) out.push(item);
    return out;
  }

  /** This user's items, in insertion order. */
  ownedBy(user: string): readonly Item[] {
    return this.byUser.get(user) ?? [];
  }

  add(item: Item): void {
    this.nextSeq = Math.max(this.nextSeq, item.seq + 1);
    if (this.bySeq[item.seq] === undefined) this.size += 1;
    this.bySeq[item.seq] = item;
    if (item.user === null) this.app.push(item);
    else {
      const own = this.byUser.get(item.user);
      if (own) own.push(item);
      else this.byUser.set(item.user, [item]);
    }
    this.idSets.get(item.user)?.add(item.id);
    this.allIds?.set(item.id, (this.allIds.get(item.id) ?? 0) + 1);
  }

  /** Remove the items of `user` that `leave` picks; returns them in insertion order. */
  removeOwn(user: string, leave: (item: Item) => boolean): Item[] {
    const own = this.byUser.get(user) ?? [];
    const removed = own.filter(leave);
    if (removed.length === 0) return removed;
    for (const item of removed) this.forget(item);
    this.byUser.set(
      user,
      own.filter((item) => !leave(item)),
    );
    return removed;
  }

  private forget(item: Item): void {
    if (this.bySeq[item.seq] !== undefined) {
      this.bySeq[item.seq] = undefined;
      this.size -= 1;
    }
    this.idSets.get(item.user)?.delete(item.id);
    const count = this.allIds?.get(item.id);
    if (count === 1) this.allIds!.delete(item.id);
    else if (count !== undefined) this.allIds!.set(item.id, count - 1);
  }

  /** Does any stored item, whoever owns it, have this ID? */
  idHeld(itemId: string): boolean {
    if (this.allIds !== null) return this.allIds.has(itemId);
    // Owner by owner, each through its own lookup: scanning every item made a configuration of n
    // items cost n²/2 comparisons (56,000 items: 14 s).
    if (this.holds(null, itemId)) return true;
    for (const owner of this.byUser.keys()) if (this.holds(owner, itemId)) return true;
    return false;
  }

  /** Does this owner (null: the app) hold an item with this ID? */
  holds(owner: string | null, itemId: string): boolean {
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

  /** Every owner holding an item (app items have none). */
  owners(): IterableIterator<string> {
    return this.byUser.keys();
  }

  /** App items and the items of each of `users`, in insertion order (`candidates` for one user). */
  candidatesOf(users: readonly string[]): Item[] {
    if (users.length === 1) return this.candidates(users[0]!);
    const out = [...this.app, ...users.flatMap((user) => this.byUser.get(user) ?? [])];
    return out.sort((a, b) => a.seq - b.seq);
  }

  /** App items and this user's items, in insertion order: a superset of what any of its principals may read. */
  candidates(user: string): Item[] {
    const own = this.byUser.get(user) ?? [];
    const out: Item[] = [];
    let a = 0;
    let u = 0;
    while (a < this.app.length || u < own.length) {
      if (u >= own.length || (a < this.app.length && this.app[a]!.seq < own[u]!.seq)) out.push(this.app[a++]!);
      else out.push(own[u++]!);
    }
    return out;
  }
}
