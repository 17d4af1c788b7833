/**
 * The store as a person looks at it after one timeline entry: items grouped by scope and owner, with
 * what the entry just wrote, copied or deleted marked. Read from the timeline only; nothing is replayed.
 */
import type { Item, Scope } from '../store/entities';
import type { Outcome, Timeline } from '../replay/replayText';
import { itemsAt } from './timeline';
import { ownerOf } from '../explain/describe';

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
  if (outcome.kind === 'written') set([outcome.item], 'written');
  if (outcome.kind === 'handed-off') set(outcome.items, 'copied');
  if (outcome.kind === 'closed') set(outcome.removed, 'deleted');
  return marks;
}

/** Who may read an item's group, in words. */
export function readersOf(item: Item): string {
  switch (item.scope) {
    case 'app':
      return 'every principal reads these';
    case 'user':
      return `${item.user} reads these in any task`;
    case 'task':
      return `${item.user} reads these in ${item.task} only`;
    default:
      return `only ${item.user}'s ${item.agent} in ${item.task} reads these`;
  }
}

const ORDER: Record<Scope, number> = { app: 0, user: 1, task: 2, agent: 3 };

/** Group key: app first, then per user (in order of first appearance) its user, task and agent groups. */
function sortKey(item: Item, userRank: Map<string, number>): [number, number, string] {
  if (item.user === null) return [0, 0, ''];
  return [1 + userRank.get(item.user)!, ORDER[item.scope], ownerOf(item)];
}

/** The store after entry `index`, grouped; items the entry deleted stay in their group, marked. */
export function storeViewAt(timeline: Timeline, index: number): StoreView {
  const entry = timeline.entries[index];
  const marks = entry ? marksOf(entry.outcome) : new Map<number, Mark>();
  const present = itemsAt(timeline, index);
  const deleted = entry?.outcome.kind === 'closed' ? entry.outcome.removed : [];
  const all = [...present, ...deleted].sort((a, b) => a.seq - b.seq);
  const userRank = new Map<string, number>();
  for (const item of all) if (item.user !== null && !userRank.has(item.user)) userRank.set(item.user, userRank.size);
  const groups = new Map<string, ItemGroup & { sort: [number, number, string] }>();
  for (const item of all) {
    const key = `${item.scope}:${ownerOf(item)}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = {
        key,
        scope: item.scope,
        owner: ownerOf(item),
        readers: readersOf(item),
        items: [],
        sort: sortKey(item, userRank),
      };
      groups.set(key, group);
    }
    group.items.push({ item, mark: marks.get(item.seq) ?? null });
  }
  const sorted = [...groups.values()].sort(
    (a, b) =>
      a.sort[0] - b.sort[0] || a.sort[1] - b.sort[1] || (a.sort[2] < b.sort[2] ? -1 : a.sort[2] > b.sort[2] ? 1 : 0),
  );
  return { groups: sorted.map(({ sort: _sort, ...group }) => group), present: present.length };
}
