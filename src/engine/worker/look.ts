/** Where the engine's look starts, how a step moves it, and where an item sits in a list of rows. */
import type { Timeline } from '../../core/replay/replayText';
import { defaultPrincipal } from '../../core/timeline/principals';
import { stepPrincipal } from '../../core/explain/describe';
import type { Rows } from '../../core/timeline/rows';
import type { ItemWhy } from '../../core/explain/whyRequest';
import type { Look } from '../protocol';

/** Where the item `seq` is among rows in insertion order (seq order), or -1: a binary search. */
export function rowOf(items: Rows<ItemWhy>, seq: number | null): number {
  if (seq === null) return -1;
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (items.at(mid)!.item.seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return items.at(lo)?.item.seq === seq ? lo : -1;
}

export const START: Look = {
  index: 0,
  principal: null,
  customQuestion: null,
  comparing: null,
  focusedItem: null,
  landing: null,
  storeShown: false,
};

/** Moving onto a query step selects its principal and question; any move leaves the landing. */
export function arrive(timeline: Timeline, index: number, look: Look): Look {
  const at = Math.max(0, Math.min(index, timeline.entries.length - 1));
  const step = timeline.entries[at]!.step;
  if (step?.op === 'query')
    return { ...look, index: at, principal: stepPrincipal(step), customQuestion: null, landing: null };
  return { ...look, index: at, principal: look.principal ?? defaultPrincipal(timeline), landing: null };
}
