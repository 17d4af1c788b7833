/** The naive baseline's ranking: the seed's sorted(key=(-score, id))[:limit] if score. */
import type { Item } from './entities';
import { compareIds, hasWord } from '../python/strings';

/**
 * The naive score: how many of the question's distinct words (from words()) the item's text holds,
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

/** Order by score (highest first), then ID, then insertion (Python's sort is stable). */
function before(a: Item, sa: number, b: Item, sb: number): boolean {
  if (sa !== sb) return sa > sb;
  const byId = compareIds(a.id, b.id);
  return byId !== 0 ? byId < 0 : a.seq < b.seq;
}

/** A ranking in progress: the best items so far with their scores, best first, at most `limit`. */
export type Ranked = Array<[Item, number]>;

/** Offer one scored item to a ranking: a bounded insertion, so ranking costs time linear in the offers. */
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

/**
 * The top `limit` items with a positive score. A bounded insertion keeps the cost linear in the
 * number of scored items, which is the number of items sharing a word with the question.
 */
export function rankNaive(scores: ReadonlyMap<Item, number>, limit: number): Item[] {
  const top: Ranked = [];
  for (const [item, score] of scores) offerNaive(top, item, score, limit);
  return top.map(([item]) => item);
}
