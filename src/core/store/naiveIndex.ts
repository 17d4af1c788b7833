/**
 * The naive baseline, fast: rankNaive's rule (naive.ts) kept current as items arrive, so a replay does
 * not rescan the whole store for every query. A question is ranked once, over the items sharing a word
 * with it, and that ranking is then updated by each write. Nothing here may decide a scope rule; every
 * answer equals rankNaive over the store's items (naive.test.ts and properties.test.ts check it).
 */
import type { Item } from './entities';
import type { ItemIndex } from './itemIndex';
import { words } from '../python/strings';
import { type Ranked, naiveScore, offerNaive } from './naive';

/** How many recent naive questions the store keeps ranked (each costs a little on every write). */
const NAIVE_CACHE_SIZE = 8;

/** One kept naive ranking: the question's distinct words and the best `limit` items for them. */
interface NaiveRanking {
  words: string[];
  limit: number;
  top: Ranked;
}

/**
 * offerNaive with the item's score counted only while it could still enter: when even every word
 * left could not lift it to the last kept score, the ranking would refuse it anyway.
 */
function offerScored({ words: question, limit, top }: NaiveRanking, item: Item, lower: string): void {
  if (limit <= 0) return;
  const least = top.length === limit ? top[limit - 1]![1] : 1;
  offerNaive(top, item, naiveScore(lower, question, least), limit);
}

/** The kept naive rankings of one store, and the word index they are first made from. */
export class NaiveIndex {
  /**
   * The naive ranking of recently asked questions, kept current as items arrive and dropped when a
   * ranked item leaves. Without it every naive query rescans the whole store (nearly every item shares
   * "the" with the question), which made a replay cost queries x store size.
   */
  private readonly ranked = new Map<string, NaiveRanking>();
  /**
   * The items holding each word of their text, made the first time a question is ranked over a store
   * that holds items, and kept current from then on; removed items stay listed and are skipped. A new
   * question then costs the items that share a word with it, not the whole store. A replay that names
   * its questions before its first step (keep) never needs it, so its writes do not pay for it.
   */
  private wordIndex: Map<string, number[]> | null = null;
  /**
   * Scores by seq while one question is ranked, zero everywhere between rankings: kept, so that a
   * ranking touches only the entries of the items it counts instead of allocating a whole store's.
   */
  private scores = new Int32Array(0);

  constructor(private readonly store: ItemIndex) {}

  /** rankNaive(store items, question, limit), from the kept ranking when there is one. */
  rank(question: string, limit: number): Item[] {
    return this.ranking(question, limit).top.map(([item]) => item);
  }

  /** Keep these questions ranked from now on (as many as are kept: the first ones). */
  keep(questions: Iterable<string>, limit: number): void {
    const kept = new Set<string>();
    for (const question of questions) {
      if (kept.size === NAIVE_CACHE_SIZE) break;
      if (kept.has(question)) continue;
      kept.add(question);
      this.ranking(question, limit, false);
    }
  }

  /** A new item: listed under its words, and offered to every kept ranking. */
  added(item: Item): void {
    if (this.wordIndex !== null) this.indexWords(item);
    if (this.ranked.size === 0) return;
    const lower = item.text.toLowerCase();
    for (const ranking of this.ranked.values()) offerScored(ranking, item, lower);
  }

  /** A removed item: the kept rankings that list it are dropped, and made afresh when next asked. */
  removed(item: Item): void {
    for (const [key, ranking] of this.ranked) {
      if (ranking.top.some(([kept]) => kept === item)) this.ranked.delete(key);
    }
  }

  /** List the item's seq under each of its words: seqs, not items, so counting reads packed numbers. */
  private indexWords(item: Item): void {
    for (const word of words(item.text)) {
      const holders = this.wordIndex!.get(word);
      if (holders === undefined) this.wordIndex!.set(word, [item.seq]);
      else holders.push(item.seq);
    }
  }

  /**
   * Rank the items sharing a word with the question: an item's score is the number of the question's
   * words among its own (the seed's word overlap), counted from the word index. Items with no shared
   * word score 0 and never rank, so they are not looked at.
   */
  private rankSharing(ranking: NaiveRanking): void {
    const { bySeq, nextSeq } = this.store;
    let index = this.wordIndex;
    if (index === null) {
      index = this.wordIndex = new Map();
      for (const item of bySeq) if (item !== undefined) this.indexWords(item);
    }
    if (this.scores.length < nextSeq) this.scores = new Int32Array(Math.max(nextSeq, 2 * this.scores.length));
    const scores = this.scores;
    const sharing: number[] = [];
    for (const word of ranking.words) {
      const holders = index.get(word);
      if (holders === undefined) continue;
      for (let i = 0; i < holders.length; i++) {
        const seq = holders[i]!;
        // A removed item leaves a hole, and seqs are never reused.
        if (bySeq[seq] === undefined) continue;
        const score = scores[seq]!;
        scores[seq] = score + 1;
        if (score === 0) sharing.push(seq);
      }
    }
    const { top, limit } = ranking;
    for (let i = 0; i < sharing.length; i++) {
      const seq = sharing[i]!;
      const score = scores[seq]!;
      scores[seq] = 0;
      // Below the last kept score an item cannot enter: skip it without reading it.
      if (limit > 0 && top.length === limit && score < top[limit - 1]![1]) continue;
      offerNaive(top, bySeq[seq]!, score, limit);
    }
  }

  /** `viaIndex` false: rank by scanning the store (a replay's few configured items) without making the word index. */
  private ranking(question: string, limit: number, viaIndex = true): NaiveRanking {
    const key = `${limit} ${question}`;
    let ranking = this.ranked.get(key);
    if (ranking === undefined) {
      // Longest words first: they are the rarest, so an item that cannot rank is given up soonest.
      ranking = { words: [...words(question)].sort((a, b) => b.length - a.length), limit, top: [] };
      if (viaIndex && this.store.size > 0) this.rankSharing(ranking);
      else
        for (const item of this.store.bySeq)
          if (item !== undefined) offerScored(ranking, item, item.text.toLowerCase());
      if (this.ranked.size >= NAIVE_CACHE_SIZE) this.ranked.delete(this.ranked.keys().next().value!);
      this.ranked.set(key, ranking);
    }
    return ranking;
  }
}
