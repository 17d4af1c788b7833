/**
 * The context cache as a learner reads it: for each query step, the key's parts, hit or miss, and
 * whether the context served was built for someone else or before the store changed. Read from the
 * timeline's cache traces; the key itself comes from `cacheKeyParts`, where the cache rules live.
 */
import type { Principal } from '../store/entities';
import { samePrincipal } from '../timeline/principals';
import type { Timeline } from '../replay/replayText';
import { type CacheKeyPart, type CacheKeyPartName, cacheKeyParts } from '../store/context';
import { semanticKey, type SimilarityTrace } from '../store/semanticCache';

const ALL_PARTS: readonly CacheKeyPartName[] = ['user', 'task', 'agent', 'question', 'version'];

export interface CacheRow {
  /** The query step. */
  index: number;
  principal: Principal;
  question: string;
  key: string;
  parts: CacheKeyPart[];
  /** Parts a safe key holds that this key leaves out (a cache rule is switched off). */
  missing: CacheKeyPartName[];
  /**
   * A semantic cache's lookup: `parts` are then its partition (the question is compared, not keyed), and
   * this is the text compared, the threshold and the nearest cached text; null for the exact cache.
   */
  similarity: SimilarityTrace | null;
  hit: boolean;
  /** Store version when this query ran. */
  version: number;
  builtFor: Principal;
  builtAtVersion: number;
  /** The query step whose miss built the served context (this step itself on a miss). */
  builtAtStep: number;
  /** The served context was built for another principal. */
  otherPrincipal: boolean;
  /** The served context was built before the store last changed. */
  stale: boolean;
}

/** One row per query step, in order. */
export function cacheRows(timeline: Timeline): CacheRow[] {
  const builtAt = new Map<string, number>();
  const rows: CacheRow[] = [];
  for (const entry of timeline.entries) {
    const { outcome } = entry;
    if (outcome.kind !== 'queried') continue;
    const { cache, principal, question } = outcome;
    if (!cache.hit) builtAt.set(cache.key, entry.index);
    const similarity = cache.similarity ?? null;
    const parts =
      similarity === null
        ? cacheKeyParts(principal, question, entry.version, timeline.rules)
        : semanticKey(principal, question, entry.version, timeline.rules).parts;
    // The question is in every exact key, whatever the rules; a semantic key never holds it, as it is what
    // similarity compares: either way it is not missing.
    const present = (name: CacheKeyPartName) => name === 'question' || parts.some((part) => part.name === name);
    rows.push({
      index: entry.index,
      principal,
      question,
      key: cache.key,
      parts,
      missing: ALL_PARTS.filter((name) => !present(name)),
      similarity,
      hit: cache.hit,
      version: entry.version,
      builtFor: cache.builtFor,
      builtAtVersion: cache.builtAtVersion,
      builtAtStep: builtAt.get(cache.key) ?? entry.index,
      otherPrincipal: !samePrincipal(cache.builtFor, principal),
      stale: cache.builtAtVersion !== entry.version,
    });
  }
  return rows;
}
