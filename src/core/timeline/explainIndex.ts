/**
 * The explainer's readers for the page: each item's verdict for a principal, from the timeline's index
 * (timelineIndex.ts), made once per item and principal and kept. Equal to the reference explain and
 * explainAt (core/reference/explain.ts) at every step (timelineIndex.test.ts).
 */
import type { Item, Principal } from '../store/entities';
import { principalKey } from '../store/entities';
import type { Timeline } from '../replay/replayText';
import { deletedBecause, type Explained, type Explanation, reasonFor } from '../explain/explain';
import { decide } from '../store/visibility';
import { lazyRows, type Rows } from './rows';
import { keepRecent } from './recent';
import { addedUpTo, deletedBy, type Index, indexOf, type PrincipalCache, present } from './timelineIndex';

function principalCache(index: Index, principal: Principal): PrincipalCache {
  // A few principals are kept: switching back and forth is common, every principal of a big scenario is not.
  return keepRecent(index.principals, principalKey(principal), 8, () => ({
    agent: index.agents.get(principal.agent),
    alive: [],
    explained: [],
  }));
}

function deletedExplanation(index: Index, k: number): Explanation {
  let e = index.deleted[k];
  if (e === undefined) {
    const life = index.lives[k]!;
    e = {
      life,
      item: life.item,
      status: 'deleted',
      verdict: null,
      because: deletedBecause(index.timeline, life.removedAt!),
    };
    index.deleted[k] = e;
  }
  return e;
}

function aliveExplanation(index: Index, cache: PrincipalCache, principal: Principal, k: number): Explanation {
  let e = cache.alive[k];
  if (e === undefined) {
    const life = index.lives[k]!;
    const { item } = life;
    if (cache.agent === undefined) {
      e = { life, item, status: 'out', verdict: null, because: `unknown agent ${principal.agent}: it reads nothing` };
    } else {
      const verdict = decide(item, principal, cache.agent, index.timeline.rules);
      e = { life, item, status: verdict.visible ? 'in' : 'out', verdict, because: reasonFor(verdict, item, principal) };
    }
    cache.alive[k] = e;
  }
  return e;
}

function explanationAt(index: Index, cache: PrincipalCache, principal: Principal, at: number, k: number): Explanation {
  return deletedBy(index.lives[k]!, at) ? deletedExplanation(index, k) : aliveExplanation(index, cache, principal, k);
}

/** explain's rows after entry `at`, split for a request that holds the items with seqs in `held`. */
export interface ExplainedSplit {
  /** The held items' explanations (deleted or not), in insertion order. */
  held: Explanation[];
  /** The other items in the store, made when read. */
  present: Rows<Explanation>;
  /** The other items deleted at or before `at`, made when read. */
  deleted: Rows<Explanation>;
}

/**
 * explain, fast and lazy: the same explanations split three ways. Only the held items are explained at
 * once; the rest are positions, so a new principal costs one pass over integers, not a row per item.
 */
export function explainSplit(
  timeline: Timeline,
  at: number,
  principal: Principal,
  held: ReadonlySet<number>,
): ExplainedSplit {
  const index = indexOf(timeline);
  const cache = principalCache(index, principal);
  const end = addedUpTo(index, at);
  const heldRows: Explanation[] = [];
  const present = new Int32Array(end);
  const deleted = new Int32Array(end);
  let p = 0;
  let d = 0;
  for (let k = 0; k < end; k++) {
    const life = index.lives[k]!;
    if (held.has(life.item.seq)) heldRows.push(explanationAt(index, cache, principal, at, k));
    else if (deletedBy(life, at)) deleted[d++] = k;
    else present[p++] = k;
  }
  const make = (k: number) => explanationAt(index, cache, principal, at, k);
  return {
    held: heldRows,
    present: lazyRows(present.subarray(0, p), make),
    deleted: lazyRows(deleted.subarray(0, d), make),
  };
}

/**
 * explainAt, fast, for a few items: those of `items` in the store after entry `at`, each with its verdict,
 * in the order given; empty for an unknown agent. The cost is the items asked about, not the store's.
 */
export function explainItemsAt(
  timeline: Timeline,
  at: number,
  principal: Principal,
  items: readonly Item[],
): Explained[] {
  const index = indexOf(timeline);
  const cache = principalCache(index, principal);
  if (cache.agent === undefined) return [];
  index.positions ??= new Map(index.lives.map((life, k) => [life.item.seq, k]));
  const out: Explained[] = [];
  for (const item of items) {
    const k = index.positions.get(item.seq);
    if (k === undefined || !present(index.lives[k]!, at)) continue;
    let e = cache.explained[k];
    if (e === undefined) {
      const full = aliveExplanation(index, cache, principal, k);
      e = { item: full.item, verdict: full.verdict!, because: full.because };
      cache.explained[k] = e;
    }
    out.push(e);
  }
  return out;
}
