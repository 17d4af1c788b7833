/**
 * The ordering the seed warns about, for comparison only: search every bank, rank, and only then
 * remove what the context may not read. Its final results can look right; its scorer saw everything.
 */
import {
  type Bank,
  fromUnreadBanks,
  type MemoryRouter,
  type RecallTrace,
  type Result,
  RouterError,
  type Scorer,
  rank,
  scoreCandidates,
} from './router';

/** A naive recall: the scored candidates from every bank, and the ranked results the filter removed. */
export interface NaiveRecallTrace extends RecallTrace {
  /** Ranked results dropped afterwards because the context may not read their bank. */
  filtered: Result[];
}

/**
 * Recall that filters after ranking. Same policy and limit errors as the router; candidates come from
 * every bank (private first, as the router orders them), so duplicates are also dropped across banks
 * the context cannot read: a general copy can disappear because a private copy of it exists.
 */
export function naiveRecallTrace(
  router: MemoryRouter,
  contextKey: string,
  query: string,
  limit = 5,
  scorer: Scorer = router.scorer,
): NaiveRecallTrace {
  if (limit < 1) throw new RouterError('limit must be at least 1');
  const allowed = router.allowedBanks(contextKey);
  const banks = router.banks;
  const everyBank: Bank[] = ['private', 'general'];
  const candidates = everyBank.flatMap((bank) => banks[bank].map((memory) => [bank, memory] as const));
  const scored = scoreCandidates(candidates, query, scorer);
  const ranked = rank(scored);
  const results = ranked.filter((result) => allowed.includes(result.bank));
  const filtered = fromUnreadBanks(ranked, allowed);
  return { allowed, scored, results: results.slice(0, limit), filtered };
}
