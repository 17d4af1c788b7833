/**
 * The fail-closed memory router of seed 003 (memory_router.py), ported exactly: a context's policy
 * chooses the banks it may read before any candidate is built, so the scorer never sees the rest.
 * Nothing in this file may know about scenarios or timelines.
 */
import { comparePy, words } from '../python/strings';
import { reprList } from '../python/repr';

/** The router's two banks: the seed always has exactly these (others passed in are ignored). */
export const BANKS = ['general', 'private'] as const;
export type Bank = (typeof BANKS)[number];

/** A reviewed, retrieval-eligible projection of a document (the seed's Memory). */
export interface Memory {
  readonly memory_id: string;
  readonly content: string;
  readonly source_id: string;
}

/** A recalled memory, tagged with the bank it came from and its score (the seed's Result). */
export interface Result extends Memory {
  readonly bank: Bank;
  readonly score: number;
}

/** What a context may do. Missing fields take the seed's defaults: read general, write nothing. */
/**
 * Of these scored or ranked memories, those from a bank the context may not read (`allowed` is its
 * policy's banks): what the router's scorer never sees, and the leak the naive ordering shows.
 */
export function fromUnreadBanks<T extends { bank: Bank }>(items: readonly T[], allowed: readonly Bank[]): T[] {
  return items.filter((item) => !allowed.includes(item.bank));
}

export interface ContextPolicy {
  readonly context_id?: string;
  readonly read_banks?: readonly string[];
  /** A bank name, or "deny" (also when missing or empty). */
  readonly write_bank?: string;
}

/** The policy of every context the router does not recognise. */
export const DEFAULT_POLICY = Object.freeze({
  context_id: 'default',
  read_banks: Object.freeze(['general']),
  write_bank: 'deny',
});

/** The seed's structured answer to remember(): stored, or refused without guessing a destination. */
export type RememberResult =
  | { stored: true; bank: Bank; memory_id: string }
  | { stored: false; reason: 'context_memory_write_denied'; context_id: string };

/** Relevance of content to a query; the router hands it only authorized candidates. */
export type Scorer = (query: string, content: string) => number;

/** A policy names a bank that does not exist, or a limit is below 1 (the seed's ValueError, same wording). */
export class RouterError extends Error {
  override name = 'RouterError';
}

// Python's str.split() with no argument splits on str.isspace() characters, a different set from JS \s.
// oxlint-disable-next-line no-control-regex -- the seed's (Python's) character classes name these control characters on purpose
const PY_SPACE = /[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;

/** The seed's normalize(): lowercase, whitespace runs collapsed to one space, ends trimmed. The identity for duplicates. */
export function normalize(content: string): string {
  return content
    .toLowerCase()
    .split(PY_SPACE)
    .filter((part) => part !== '')
    .join(' ');
}

/** The seed's token_score(): the share of the query's [a-z0-9]+ tokens found in the content (0 for no tokens). */
export function tokenScore(query: string, content: string): number {
  const queryTokens = words(query);
  if (queryTokens.size === 0) return 0;
  const contentTokens = words(content);
  let shared = 0;
  for (const token of queryTokens) if (contentTokens.has(token)) shared += 1;
  return shared / queryTokens.size;
}

/** A candidate exactly as the scorer was handed it, with the score it gave back. */
export type Scored = Result;

/** One recall: what the scorer saw (in call order) and the ranked results. */
export interface RecallTrace {
  /** The banks the context may read, in the order candidates were built (private first). */
  allowed: Bank[];
  scored: Scored[];
  results: Result[];
}

const isBank = (name: string): name is Bank => (BANKS as readonly string[]).includes(name);

/** Drop empty and duplicate contents (the first copy of a normalized content wins), then score each, in order. */
export function scoreCandidates(
  candidates: ReadonlyArray<readonly [Bank, Memory]>,
  query: string,
  scorer: Scorer,
): Scored[] {
  const scored: Scored[] = [];
  const seen = new Set<string>();
  for (const [bank, memory] of candidates) {
    const identity = normalize(memory.content);
    if (identity === '' || seen.has(identity)) continue;
    seen.add(identity);
    const { memory_id, content, source_id } = memory;
    scored.push({ memory_id, content, source_id, bank, score: scorer(query, content) });
  }
  return scored;
}

/** Rank by score, highest first, ties by memory ID in Python's string order (a new array). */
export function rank(scored: readonly Scored[]): Result[] {
  // Python's sort by (-score, memory_id) is stable; so is Array.prototype.sort.
  return [...scored].sort((a, b) => b.score - a.score || comparePy(a.memory_id, b.memory_id));
}

/** The seed's MemoryRouter: select authorized banks before calling a ranking function. */
export class MemoryRouter {
  readonly contexts: ReadonlyMap<string, ContextPolicy>;
  #banks: Record<Bank, readonly Memory[]>;

  constructor(
    contexts: ReadonlyMap<string, ContextPolicy> | Readonly<Record<string, ContextPolicy>>,
    banks: Partial<Record<string, readonly Memory[]>> = {},
    readonly scorer: Scorer = tokenScore,
  ) {
    this.contexts = new Map(contexts instanceof Map ? contexts : Object.entries(contexts));
    this.#banks = {
      general: Object.freeze([...(banks.general ?? [])]),
      private: Object.freeze([...(banks.private ?? [])]),
    };
  }

  /** Each bank's memories; arrays are replaced, never changed, so a caller may keep one as a snapshot. */
  get banks(): Readonly<Record<Bank, readonly Memory[]>> {
    return { ...this.#banks };
  }

  /** The context's policy, or DEFAULT_POLICY when the key is not recognised. */
  policyFor(contextKey: string): ContextPolicy {
    return this.contexts.get(contextKey) ?? DEFAULT_POLICY;
  }

  /** Store a memory in the context's write bank; an unknown context is refused with context_memory_write_denied. */
  remember(contextKey: string, memory: Memory): RememberResult {
    const policy = this.policyFor(contextKey);
    const bank = policy.write_bank || 'deny';
    if (bank === 'deny')
      return { stored: false, reason: 'context_memory_write_denied', context_id: policy.context_id ?? 'default' };
    if (!isBank(bank)) throw new RouterError(`policy selects unknown write bank: ${bank}`);
    this.#banks[bank] = Object.freeze([...this.#banks[bank], memory]);
    return { stored: true, bank, memory_id: memory.memory_id };
  }

  /** The banks a context may read, private first; throws RouterError for a bank that does not exist. */
  allowedBanks(contextKey: string): Bank[] {
    const allowed = new Set(this.policyFor(contextKey).read_banks ?? ['general']);
    const unknown = [...allowed].filter((bank) => !isBank(bank)).sort(comparePy);
    if (unknown.length > 0) throw new RouterError(`policy selects unknown read banks: ${reprList(unknown)}`);
    return (['private', 'general'] as const).filter((bank) => allowed.has(bank));
  }

  /** Recall with its trace: candidates come only from authorized banks, so only they reach the scorer. */
  recallTrace(contextKey: string, query: string, limit = 5, scorer: Scorer = this.scorer): RecallTrace {
    if (limit < 1) throw new RouterError('limit must be at least 1');
    // Authorization happens here, before any candidate reaches the scorer.
    const allowed = this.allowedBanks(contextKey);
    const candidates = allowed.flatMap((bank) => this.#banks[bank].map((memory) => [bank, memory] as const));
    const scored = scoreCandidates(candidates, query, scorer);
    return { allowed, scored, results: rank(scored).slice(0, limit) };
  }

  /** The seed's recall(): the top `limit` authorized memories, each tagged with its bank. */
  recall(contextKey: string, query: string, limit = 5): Result[] {
    return this.recallTrace(contextKey, query, limit).results;
  }

  /** Replace a bank from its reviewed authority; what the authority no longer holds stops being a candidate. */
  replaceBank(bank: string, memories: readonly Memory[]): void {
    if (!isBank(bank)) throw new RouterError(`unknown bank: ${bank}`);
    this.#banks[bank] = Object.freeze([...memories]);
  }
}
