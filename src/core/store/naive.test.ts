/** The naive rule (rankNaive) as the seed states it, and its fast parts (naiveScore, offerNaive) equal to it. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { naiveScore, offerNaive, rankNaive, type Ranked } from './naive';
import type { Item } from './entities';
import { words } from '../python/strings';

let seq = 0;
function item(id: string, text = id): Item {
  return { id, scope: 'user', text, user: 'bob', task: null, agent: null, source: 'written', seq: seq++ };
}
const ids = (items: readonly Item[]) => items.map((it) => it.id);

describe('rankNaive', () => {
  it('orders by shared words, most first, then by ID, then by insertion', () => {
    const items = [item('b', 'export job'), item('a', 'job'), item('c', 'export job plan'), item('a', 'plan')];
    expect(rankNaive(items, 'the export job', 4)).toEqual([items[0], items[2], items[1]]);
    expect(rankNaive(items, 'export job plan', 4)).toEqual([items[2], items[0], items[1], items[3]]);
  });

  it('counts each distinct word once, case-blind, splitting on anything but [a-z0-9]', () => {
    const items = [item('x', 'Export, EXPORT export!'), item('y', 'export-job')];
    expect(ids(rankNaive(items, 'export export job', 3))).toEqual(['y', 'x']);
    expect(rankNaive([item('z', 'exports')], 'export', 3)).toEqual([]);
  });

  it('keeps the top `limit` items, and nothing for a limit of 0 or below', () => {
    const items = ['e', 'd', 'c', 'b', 'a'].map((id) => item(id, 'plan'));
    expect(ids(rankNaive(items, 'plan', 2))).toEqual(['a', 'b']);
    expect(rankNaive(items, 'plan', 0)).toEqual([]);
    expect(rankNaive(items, 'plan', -1)).toEqual([]);
  });

  it('leaves out items that share no word with the question', () => {
    expect(ids(rankNaive([item('a', 'alpha'), item('b', 'beta')], 'beta', 3))).toEqual(['b']);
  });
});

describe('offerNaive', () => {
  it('ignores an offer no better than the last kept item of a full ranking', () => {
    const [a, b, z] = [item('a'), item('b'), item('z')];
    const top: Ranked = [];
    offerNaive(top, a!, 1, 2);
    offerNaive(top, b!, 1, 2);
    offerNaive(top, z!, 1, 2);
    expect(top.map(([kept]) => kept.id)).toEqual(['a', 'b']);
    offerNaive(top, z!, 2, 2);
    expect(top).toEqual([
      [z, 2],
      [a, 1],
    ]);
  });
});

// The mutation run (src/core/testing/vitest.stryker.config.ts) asks for fewer runs to stay within its time budget.
const RUNS = { numRuns: Number(process.env.CORE_PROPERTY_RUNS ?? 100) };

const WORDS = ['plan', 'export', 'job', 'Export', 'x', 'a-b', 'the'];
const textArb = fc.array(fc.constantFrom(...WORDS), { maxLength: 4 }).map((w) => w.join(' '));
const itemsArb = fc
  .array(fc.tuple(fc.constantFrom('a', 'b', 'c', 'd'), textArb), { maxLength: 12 })
  .map((rows) => rows.map(([id, text]) => item(id, text)));

describe('the fast parts', () => {
  it('rank as rankNaive does, whatever order the items are offered in', () => {
    fc.assert(
      fc.property(itemsArb, textArb, fc.integer({ min: -1, max: 5 }), fc.boolean(), (items, question, limit, rev) => {
        const asked = [...words(question)];
        const top: Ranked = [];
        for (const it of rev ? [...items].reverse() : items)
          offerNaive(top, it, naiveScore(it.text.toLowerCase(), asked), limit);
        expect(top.map(([kept]) => kept)).toEqual(rankNaive(items, question, limit));
      }),
      RUNS,
    );
  });

  it('score below the bar when cut short, and the full score otherwise', () => {
    fc.assert(
      fc.property(textArb, textArb, fc.integer({ min: 0, max: 4 }), (text, question, atLeast) => {
        const asked = [...words(question)];
        const full = [...words(text)].filter((w) => asked.includes(w)).length;
        const cut = naiveScore(text.toLowerCase(), asked, atLeast);
        expect(full >= atLeast ? cut === full : cut < atLeast).toBe(true);
      }),
      RUNS,
    );
  });
});
