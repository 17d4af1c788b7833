/**
 * The store as a person looks at it after one timeline entry: items grouped by scope and owner, with
 * what the entry just wrote, copied or deleted marked. Read from the timeline only; nothing is replayed.
 */
import type { Item, Scope } from '../store/entities';
import type { Outcome } from '../replay/replayText';

export type Mark = 'configured' | 'written' | 'copied' | 'deleted';

export interface MarkedItem {
  item: Item;
  /** What the current entry did to this item, or null when it was already there. */
  mark: Mark | null;
}

export interface ItemGroup {
  key: string;
  scope: Scope;
  /** "everyone", "bob", "bob/task-17", "bob/task-17/planner" */
  owner: string;
  /** Who may read this group's items, in words. */
  readers: string;
  items: MarkedItem[];
}

export interface StoreView {
  groups: ItemGroup[];
  /** Items present after the entry (deleted ones are listed but not counted). */
  present: number;
}

/** What an entry's outcome did to which items, keyed by the item's insertion number. */
export function marksOf(outcome: Outcome): Map<number, Mark> {
  const marks = new Map<number, Mark>();
  const set = (items: readonly Item[], mark: Mark) => items.forEach((item) => marks.set(item.seq, mark));
  if (outcome.kind === 'configured') set(outcome.items, 'configured');
  if (outcome.kind === 'written' || outcome.kind === 'imported') set([outcome.item], 'written');
  if (outcome.kind === 'handed-off') set(outcome.items, 'copied');
  if (outcome.kind === 'closed' || outcome.kind === 'forgotten') set(outcome.removed, 'deleted');
  return marks;
}

/** Who may read an item's group, in words. */
export function readersOf(item: Item): string {
  switch (item.scope) {
    case 'app':
      return 'every principal reads these';
    case 'user':
      return item.user === null ? 'no user reads these: they have no owner' : `${item.user} reads these in any task`;
    case 'task':
      return `${item.user} reads these in ${item.task} only`;
    default:
      return `only ${item.user}'s ${item.agent} in ${item.task} reads these`;
  }
}

/** The store view's order of scopes within one owner: user, then task, then agent groups. */
export const SCOPE_ORDER: Readonly<Record<Scope, number>> = { app: 0, user: 1, task: 2, agent: 3 };
