/** The handoff's two look-ups, apart from the store (store.ts): its next number, and the item it copies. */
import type { Agent, Item, Principal } from './entities';
import type { Rules } from './rules';
import { decide } from './visibility';

const HANDOFF_BRIEF = /^handoff-(\d+)-brief$/;

/**
 * Number handoffs per user, one above the highest still stored (of the user's `owned` items), so a
 * number is never reused while its items exist.
 */
export function nextHandoffNumber(owned: Iterable<Item>): number {
  let highest = 0;
  for (const { id } of owned) {
    const match = id.startsWith('handoff-') ? HANDOFF_BRIEF.exec(id) : null;
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest + 1;
}

/** The newest of `candidates` with this ID that the principal may read: visible(...).findLast(id), without the list. */
export function newestVisible(
  candidates: readonly Item[],
  id: string,
  principal: Principal,
  agent: Agent,
  rules: Rules,
): Item | undefined {
  for (let i = candidates.length - 1; i >= 0; i--) {
    const item = candidates[i]!;
    if (item.id === id && decide(item, principal, agent, rules).visible) return item;
  }
  return undefined;
}
