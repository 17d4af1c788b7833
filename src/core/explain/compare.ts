/** Two principals' requests side by side: which items each holds, and which only one of them holds. */
import type { Item } from '../store/entities';

export interface CompareRow {
  item: Item;
  left: boolean;
  right: boolean;
}

/** Every item either request holds, once, in store order, with which side holds it. */
export function compareItems(left: readonly Item[], right: readonly Item[]): CompareRow[] {
  const rows = new Map<number, CompareRow>();
  for (const item of left) rows.set(item.seq, { item, left: true, right: false });
  for (const item of right) {
    const row = rows.get(item.seq);
    if (row) row.right = true;
    else rows.set(item.seq, { item, left: false, right: true });
  }
  return [...rows.values()].sort((a, b) => a.item.seq - b.item.seq);
}
