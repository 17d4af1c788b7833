/**
 * The naive baseline's rule, the seed's naive_context: no scopes, one list of every item ranked by the
 * words it shares with the question. rankNaive states it plainly; the store (naiveIndex.ts) and the
 * timeline's readers (timelineIndex.ts) rank faster with naiveScore and offerNaive, and their tests
 * check that they agree with rankNaive.
 */
import type { Item } from './entities';
import { compareIds, hasWord, words } from '../python/strings';

/**
 * The naive rule: an item's score is how many distinct words (words()) it shares with the question;
 * sort by score, highest first, then by ID, then insertion (Python's sort is stable); keep the first
 * `limit` with a score above 0. `items` are in insertion order.
 */
export function rankNaive(items: readonly Item[], question: string, limit: number): Item[] {
  const asked = words(question);
  const shared = (item: Item) => [...words(item.text)].filter((word) => asked.has(word)).length;
  return items
    .map((item) => ({ item, score: shared(item) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || compareIds(a.item.id, b.item.id))
    .slice(0, Math.max(0, limit))
    .map(({ item }) => item);
}

// ---- The same rule, fast: a score counted without building sets, a ranking kept by insertion. ----

/**
 * rankNaive's score: how many of the question's distinct words (from words()) the item's text holds,
 * given `lower` = text.toLowerCase(). With `atLeast`, counting stops as soon as the words left could
 * not bring the score there, and what is returned is then below `atLeast` rather than the full score.
 */
export function naiveScore(lower: string, questionWords: readonly string[], atLeast = 0): number {
  let score = 0;
  for (let i = 0; i < questionWords.length; i++) {
    if (score + questionWords.length - i < atLeast) return score;
    if (hasWord(lower, questionWords[i]!)) score += 1;
  }
  return score;
}

/** rankNaive's order: by score (highest first), then ID, then insertion. */
function before(a: Item, sa: number, b: Item, sb: number): boolean {
  if (sa !== sb) return sa > sb;
  const byId = compareIds(a.id, b.id);
  return byId !== 0 ? byId < 0 : a.seq < b.seq;
}

/** A ranking in progress: the best items so far with their scores, best first, at most `limit`. */
export type Ranked = Array<[Item, number]>;

/**
 * Offer one scored item to a ranking: a bounded insertion, so ranking costs time linear in the offers
 * (the items sharing a word with the question), in any order of offer.
 */
export function offerNaive(top: Ranked, item: Item, score: number, limit: number): void {
  if (score <= 0 || limit <= 0) return;
  if (top.length === limit && !before(item, score, top[limit - 1]![0], top[limit - 1]![1])) return;
  let at = top.length === limit ? limit - 1 : top.length;
  if (top.length < limit) top.push([item, score]);
  while (at > 0 && before(item, score, top[at - 1]![0], top[at - 1]![1])) {
    top[at] = top[at - 1]!;
    at -= 1;
  }
  top[at] = [item, score];
}
