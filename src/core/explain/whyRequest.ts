/**
 * The explainer beside a request: every item with the store's verdict (from `explain`, so from `decide`),
 * whether the request really holds it, and the step that put it in the store. With a cache or ranking
 * switch off the request can disagree with the verdict; each disagreement is named, never hidden.
 */
import type { Item, Principal } from '../store/entities';
import { principalKey, principalName } from '../store/entities';
import type { Timeline } from '../replay/replayText';
import type { Explanation } from './explain';
import { explainSplit } from '../timeline/explainIndex';
import { type Rows, mapRows, rowsToArray } from '../timeline/rows';
import { keepRecent } from '../timeline/recent';
import { type CacheRow, cacheRows } from './cacheTrace';
import { ruleName } from '../store/rules';

export type Arrival = 'configured' | 'written' | 'copied';

export interface ItemWhy extends Explanation {
  /** The request really holds this item. */
  inRequest: boolean;
  /** How and at which entry the item entered the store. */
  arrival: Arrival;
  addedAt: number;
  /** Why the request disagrees with the verdict, in words; null when it agrees. */
  mismatch: string | null;
}

export interface RequestWhy {
  /** The items the request holds, in insertion order. */
  inRequest: ItemWhy[];
  /** The other items in the store, in insertion order; made when read, as a large store has thousands. */
  leftOut: Rows<ItemWhy>;
  /** The items deleted by this step or before that the request does not hold. */
  deleted: Rows<ItemWhy>;
  /** The query step's cache row when the context served was built for someone else or before a change. */
  wrongCache: CacheRow | null;
}

function arrivalOf(item: Item): Arrival {
  if (item.source === 'configuration') return 'configured';
  return item.source.startsWith('handoff:') ? 'copied' : 'written';
}

function servedFrom(row: CacheRow): string {
  return row.otherPrincipal
    ? `the cache served the context built for ${principalName(row.builtFor)} at step ${row.builtAtStep}`
    : `the cache served the context built at step ${row.builtAtStep}, before the store changed`;
}

function foreignWhy(item: Item, timeline: Timeline): string {
  if (item.source.startsWith('handoff:')) {
    return timeline.rules.handoffReadCheck
      ? 'a handoff copied it'
      : `a handoff copied it, because ${ruleName('handoffReadCheck')} is switched off`;
  }
  return timeline.rules.keysFromPrincipal
    ? `its scope keys name ${item.user}`
    : `the write named ${item.user} as the owner, because ${ruleName('keysFromPrincipal')} is switched off`;
}

/** Each query step's cache row, once per timeline: the explainer asks at every step. */
const rowsAt = new WeakMap<Timeline, Map<number, CacheRow>>();
function cacheRowAt(timeline: Timeline, index: number): CacheRow | null {
  let rows = rowsAt.get(timeline);
  if (rows === undefined) rowsAt.set(timeline, (rows = new Map(cacheRows(timeline).map((row) => [row.index, row]))));
  return rows.get(index) ?? null;
}

/**
 * The usual row of a large store: an item the request does not hold and the verdict keeps out. Its
 * explanation is reused from step to step (timelineIndex), so this row is too, instead of a new object
 * each step. Rows are kept per timeline and principal in arrays by item seq, a few principals at a time:
 * a WeakMap keyed by explanation cost more in garbage collection than the rows it saved.
 */
interface QuietRows {
  from: Array<Explanation | undefined>;
  rows: ItemWhy[];
  /** The last few explanations made, by step and request: stepping back and forth, or a jump back, reuses them. */
  recent: Map<string, RequestWhy>;
}
const quietByTimeline = new WeakMap<Timeline, Map<string, QuietRows>>();
function quietRowsFor(timeline: Timeline, principal: Principal): QuietRows {
  let byPrincipal = quietByTimeline.get(timeline);
  if (byPrincipal === undefined) quietByTimeline.set(timeline, (byPrincipal = new Map()));
  // Sized up front: writing far past the end of an empty array would turn it into a slow dictionary.
  const size = timeline.lives.length;
  return keepRecent(byPrincipal, principalKey(principal), 8, () => ({
    // Stryker disable next-line ArrayDeclaration: the size is for speed only; an empty array holds the same rows
    from: new Array<Explanation | undefined>(size),
    // Stryker disable next-line ArrayDeclaration: the size is for speed only; an empty array holds the same rows
    rows: new Array<ItemWhy>(size),
    recent: new Map(),
  }));
}

/** One literal shape for every row, so that V8 keeps them all in one fast shape. */
const whyRow = (e: Explanation, inRequest: boolean, mismatch: string | null): ItemWhy => ({
  life: e.life,
  item: e.item,
  status: e.status,
  verdict: e.verdict,
  because: e.because,
  inRequest,
  arrival: arrivalOf(e.item),
  addedAt: e.life.addedAt,
  mismatch,
});

/**
 * Explain `requestItems`, the items of the request `principal` got after entry `index`. `fromStep` says
 * whether that request is the query step's own outcome (the only kind the cache can have served).
 */
export function explainRequest(
  timeline: Timeline,
  index: number,
  principal: Principal,
  requestItems: readonly Item[],
  fromStep: boolean,
): RequestWhy {
  const quiet = quietRowsFor(timeline, principal);
  const key = `${index} ${fromStep} ${requestItems.map((item) => item.seq).join(',')}`;
  return keepRecent(quiet.recent, key, 4, () => explainAnew(timeline, index, principal, requestItems, fromStep, quiet));
}

function explainAnew(
  timeline: Timeline,
  index: number,
  principal: Principal,
  requestItems: readonly Item[],
  fromStep: boolean,
  quiet: QuietRows,
): RequestWhy {
  const held = new Set(requestItems.map((item) => item.seq));
  const row = fromStep ? cacheRowAt(timeline, index) : null;
  const wrongCache = row !== null && (row.otherPrincipal || row.stale) ? row : null;
  const rowFor = (e: Explanation, inRequest: boolean): ItemWhy => {
    const allowed = e.status === 'in';
    let mismatch: string | null = null;
    const writer = e.life.writer;
    if (inRequest && allowed && writer !== null && writer !== principal.user) {
      // The scope keys say "yours", but another user wrote it: what the keys cannot show, provenance does.
      mismatch = `in the request, but ${writer} wrote it: ${foreignWhy(e.item, timeline)}`;
    } else if (inRequest && !allowed) {
      mismatch = `in the request anyway: ${wrongCache ? servedFrom(wrongCache) : 'the request disagrees with the store'}`;
    } else if (!inRequest && allowed) {
      mismatch = wrongCache
        ? `readable, but left out: ${servedFrom(wrongCache)}`
        : !timeline.rules.authorizeBeforeRanking
          ? `readable, but left out: with ${ruleName('authorizeBeforeRanking')} switched off, only the best-ranked items of the whole store were kept`
          : 'readable, but the request left it out';
    }
    if (!inRequest && mismatch === null) {
      const seq = e.item.seq;
      if (quiet.from[seq] !== e) {
        quiet.from[seq] = e;
        quiet.rows[seq] = whyRow(e, false, null);
      }
      return quiet.rows[seq]!;
    }
    return whyRow(e, inRequest, mismatch);
  };
  const split = explainSplit(timeline, index, principal, held);
  const outside = (e: Explanation) => rowFor(e, false);
  return {
    inRequest: split.held.map((e) => rowFor(e, true)),
    leftOut: mapRows(split.present, outside),
    deleted: mapRows(split.deleted, outside),
    wrongCache,
  };
}

/** Every row of an explanation: those in the request, then the left-out, then the deleted. */
export function whyRows(why: RequestWhy): ItemWhy[] {
  return [...why.inRequest, ...rowsToArray(why.leftOut), ...rowsToArray(why.deleted)];
}
