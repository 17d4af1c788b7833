/**
 * The order in which a task's choices are offered, shuffled per learner: a seed kept in the learner's
 * progress (so a reload does not reshuffle) and the task's ID give one order, the same every time. The
 * first choice offered is then the right one for about one learner in four, not for everyone. Pure: the
 * caller draws the seed once (newChoiceSeed) and keeps it.
 */
import { KEEPING_RULES, type KeepingRule } from '../store/visibility';
import { seeded } from '../seeded';

/** A 32-bit hash of a text (FNV-1a), to mix a task's ID into the learner's seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `items` in the order learner `seed` sees them for task `key` (Fisher-Yates; the input is not changed). */
export function seededShuffle<T>(items: readonly T[], seed: number, key: string): T[] {
  const next = seeded(hash(`${seed >>> 0}:${key}`));
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The rules a "which rule keeps it out" task offers, in learner `seed`'s order for task `taskId`. */
export function ruleChoices(seed: number, taskId: string): KeepingRule[] {
  return seededShuffle(KEEPING_RULES, seed, taskId);
}

/** A learner's seed from a source of randomness the caller owns (the page: Math.random), drawn once and kept. */
export function newChoiceSeed(random: () => number): number {
  return Math.floor(random() * 4294967296) >>> 0;
}
