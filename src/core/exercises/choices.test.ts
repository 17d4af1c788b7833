/** Choices are offered in an order of the learner's own, kept across reloads: pure, seeded, per task. */
import { describe, expect, it } from 'vitest';
import { newChoiceSeed, ruleChoices, seededShuffle } from './choices';
import { KEEPING_RULES } from '../store/visibility';

describe('ruleChoices', () => {
  it('gives the same learner the same order for a task every time (a reload does not reshuffle)', () => {
    expect(ruleChoices(12345, 'which-rule-task')).toEqual(ruleChoices(12345, 'which-rule-task'));
  });

  it('offers every rule once, whatever the seed', () => {
    for (let seed = 0; seed < 50; seed++) expect([...ruleChoices(seed, 't')].sort()).toEqual([...KEEPING_RULES].sort());
  });

  it('puts each rule first for about a quarter of learners, so the first choice is no answer', () => {
    const first = new Map<string, number>();
    for (let seed = 0; seed < 2000; seed++) {
      const rule = ruleChoices(seed, 'which-rule-task')[0]!;
      first.set(rule, (first.get(rule) ?? 0) + 1);
    }
    for (const rule of KEEPING_RULES) expect(first.get(rule) ?? 0).toBeGreaterThan(400);
  });

  it('orders two tasks of one learner independently', () => {
    const orders = new Set<string>();
    for (let k = 0; k < 20; k++) orders.add(seededShuffle(KEEPING_RULES, 7, `task-${k}`).join());
    expect(orders.size).toBeGreaterThan(5);
  });

  it('does not change its input, and draws a seed from the caller’s randomness', () => {
    const items = ['a', 'b', 'c'];
    seededShuffle(items, 3, 'x');
    expect(items).toEqual(['a', 'b', 'c']);
    expect(newChoiceSeed(() => 0.5)).toBe(2147483648);
  });
});
