/**
 * A semantic cache: a scenario's `semanticCache` serves a cached request for any question similar
 * enough to one already asked, as the caches in front of language models do. Similarity here is the
 * naive baseline's word overlap (the cosine of two questions' word sets), not an embedding model's:
 * both score "the same question with a different tag" close to 1, which is all the lesson needs.
 *
 * The rule `semanticCachePartition` lives in semanticKey(): with it, the principal stays in the key
 * that picks which entries are compared at all, as the seed's cache keeps it in its key; without it,
 * the principal moves into the compared text as a tag, and similarity weighs a tag like any word.
 */
import type { Principal } from './entities';
import type { ContextStore } from './store';
import { words } from '../python/strings';
import { ALL_RULES, type Rules } from './rules';
import { buildContext, type CacheEntry, type CacheKeyPart, cacheKeyParts } from './context';

/** A scenario's semantic cache: a cached question at least this similar to the asked one is a hit. */
export interface SemanticCacheOptions {
  threshold: number;
}

/** Word-overlap similarity of two word sets: shared words over the root of the product of their sizes. */
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / Math.sqrt(a.size * b.size);
}

const PRINCIPAL_PARTS: ReadonlySet<string> = new Set(['user', 'task', 'agent']);

/** Where a semantic lookup searches (the partition's parts) and the text it compares there. */
export interface SemanticKey {
  parts: CacheKeyPart[];
  partition: string;
  text: string;
}

/**
 * The partition and compared text for a question. With every rule on the partition holds user, task,
 * agent and store version (the seed's key without the question) and the text is the question. Without
 * semanticCachePartition the principal is only a tag in front of the question: "[alice/task-9/planner] …".
 */
export function semanticKey(
  principal: Principal,
  current: string,
  version: number,
  rules: Rules = ALL_RULES,
): SemanticKey {
  const exact = cacheKeyParts(principal, current, version, rules).filter((part) => part.name !== 'question');
  const tagged = !rules.semanticCachePartition && exact.some((part) => PRINCIPAL_PARTS.has(part.name));
  const parts = tagged ? exact.filter((part) => !PRINCIPAL_PARTS.has(part.name)) : exact;
  const text = tagged ? `[${principal.user}/${principal.task}/${principal.agent}] ${current}` : current;
  return { parts, partition: JSON.stringify(parts.map((part) => part.value)), text };
}

/** The cached text nearest to a lookup's, and its similarity. */
export interface Nearest {
  text: string;
  score: number;
}

/** How a semantic lookup went: the text compared, the threshold, and the nearest cached text in its partition. */
export interface SimilarityTrace {
  text: string;
  threshold: number;
  nearest: Nearest | null;
}

export interface SemanticLookup {
  key: string;
  hit: boolean;
  entry: CacheEntry;
  similarity: SimilarityTrace;
}

interface Stored {
  key: string;
  text: string;
  words: Set<string>;
  entry: CacheEntry;
}

/** Serves the nearest cached request of the lookup's partition when it is at least `threshold` similar. */
export class SemanticCache {
  readonly partitions = new Map<string, Stored[]>();
  hits = 0;

  constructor(
    readonly store: ContextStore,
    readonly options: SemanticCacheOptions,
  ) {}

  /** The context for this principal and question, with the served entry's key, hit or miss, and the nearest text. */
  lookup(principal: Principal, current: string): SemanticLookup {
    const { parts, partition, text } = semanticKey(principal, current, this.store.version, this.store.rules);
    const asked = words(text);
    const stored = this.partitions.get(partition) ?? [];
    let best: Stored | null = null;
    let bestScore = -1;
    // The first of equally similar entries wins: the earliest cached, as a scan in insertion order finds it.
    for (const candidate of stored) {
      const score = similarity(asked, candidate.words);
      if (score > bestScore) [best, bestScore] = [candidate, score];
    }
    const nearest = best === null ? null : { text: best.text, score: bestScore };
    const trace = { text, threshold: this.options.threshold, nearest };
    if (best !== null && bestScore >= this.options.threshold) {
      this.hits += 1;
      return { key: best.key, hit: true, entry: best.entry, similarity: trace };
    }
    const entry = {
      context: buildContext(this.store, principal, current),
      builtFor: principal,
      version: this.store.version,
    };
    // An entry's key names its partition and text, so a trace can say which lookup built what it served.
    const key = JSON.stringify([...parts.map((part) => part.value), text]);
    stored.push({ key, text, words: asked, entry });
    this.partitions.set(partition, stored);
    return { key, hit: false, entry, similarity: trace };
  }
}
