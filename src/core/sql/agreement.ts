/**
 * Does a database read agree with the in-memory store? The store's answer for a principal at a step,
 * and the comparison of a read's rows with it: item for item, in order. Pure; the drivers read the rows.
 */
import { ScopeError } from '../store/errors';
import type { Item, Principal } from '../store/entities';
import type { Timeline } from '../replay/replayText';
import { storeAt } from '../timeline/timeline';

/** What the store says `principal` may read after entry `index`, and why when it is not store.visible(). */
export interface ExpectedRead {
  items: Item[];
  /** null for store.visible(principal); otherwise the rule that decided (no principal, unknown agent). */
  rule: null | 'no-principal' | 'unknown-agent';
}

/**
 * The reference a read must equal: store.visible(principal). With no principal, only the app items
 * (the store has no read without one; failing closed, a database must show no more). For an agent
 * the store does not know, which store.visible refuses, nothing at all.
 */
export function expectedRead(timeline: Timeline, index: number, principal: Principal | null): ExpectedRead {
  const store = storeAt(timeline, index);
  if (principal === null) return { items: store.items().filter((item) => item.scope === 'app'), rule: 'no-principal' };
  try {
    return { items: store.visible(principal), rule: null };
  } catch (error) {
    if (error instanceof ScopeError && error.message === `unknown agent ${principal.agent}`)
      return { items: [], rule: 'unknown-agent' };
    throw error;
  }
}

export type Agreement =
  | { kind: 'same'; count: number }
  | {
      kind: 'different';
      /** Items the store shows that the read did not return. */
      missing: Item[];
      /** Rows the read returned that the store does not show. */
      extra: Item[];
      /** Rows with the store's seq but another value in some column. */
      changed: Item[];
      /** True when the same items came back in another order. */
      reordered: boolean;
    };

const FIELDS = ['seq', 'id', 'scope', 'text', 'user', 'task', 'agent', 'source'] as const;

function sameItem(a: Item, b: Item): boolean {
  return FIELDS.every((field) => a[field] === b[field]);
}

/** Compare a read's rows with the store's items, item for item and in order. */
export function compareReads(expected: readonly Item[], got: readonly Item[]): Agreement {
  if (expected.length === got.length && expected.every((item, i) => sameItem(item, got[i]!))) {
    return { kind: 'same', count: got.length };
  }
  const bySeq = new Map(expected.map((item) => [item.seq, item]));
  const gotSeqs = new Set(got.map((item) => item.seq));
  const missing = expected.filter((item) => !gotSeqs.has(item.seq));
  const extra = got.filter((item) => !bySeq.has(item.seq));
  const changed = got.filter((item) => bySeq.has(item.seq) && !sameItem(bySeq.get(item.seq)!, item));
  const reordered = missing.length === 0 && extra.length === 0 && changed.length === 0;
  return { kind: 'different', missing, extra, changed, reordered };
}
