/** The naive ranking: the seed's sorted(key=(-score, id))[:limit], keeping only items with a score. */
import { describe, expect, it } from 'vitest';
import { offerNaive, rankNaive, type Ranked } from './naive';
import type { Item } from './entities';

let seq = 0;
function item(id: string): Item {
  return { id, scope: 'user', text: id, user: 'bob', task: null, agent: null, source: 'written', seq: seq++ };
}

describe('rankNaive', () => {
  it('orders by score, highest first, then by ID, then by insertion', () => {
    const [a, b, c, d] = [item('b'), item('a'), item('c'), item('a')];
    const ranked = rankNaive(
      new Map([
        [a!, 2],
        [b!, 1],
        [c!, 2],
        [d!, 1],
      ]),
      4,
    );
    expect(ranked).toEqual([a, c, b, d]);
  });

  it('keeps equal items in insertion order, whatever order they are offered in', () => {
    const [first, second] = [item('same'), item('same')];
    expect(
      rankNaive(
        new Map([
          [second!, 1],
          [first!, 1],
        ]),
        2,
      ),
    ).toEqual([first, second]);
    expect(
      rankNaive(
        new Map([
          [first!, 1],
          [second!, 1],
        ]),
        2,
      ),
    ).toEqual([first, second]);
  });

  it('keeps the top `limit` items', () => {
    const items = ['e', 'd', 'c', 'b', 'a'].map(item);
    expect(rankNaive(new Map(items.map((it, i) => [it, i + 1])), 3).map((it) => it.id)).toEqual(['a', 'b', 'c']);
    expect(rankNaive(new Map(items.map((it) => [it, 1])), 2).map((it) => it.id)).toEqual(['a', 'b']);
    expect(rankNaive(new Map(items.map((it) => [it, 1])), 1).map((it) => it.id)).toEqual(['a']);
  });

  it('leaves out items without a shared word, and returns nothing for a limit of 0', () => {
    const [a, b, c] = [item('a'), item('b'), item('c')];
    expect(
      rankNaive(
        new Map([
          [a!, 0],
          [b!, 1],
          [c!, -1],
        ]),
        3,
      ),
    ).toEqual([b]);
    expect(rankNaive(new Map([[a!, 5]]), 0)).toEqual([]);
  });

  it('places a later, better item above the ones already kept', () => {
    const [low, mid, high, top] = [item('l'), item('m'), item('h'), item('t')];
    expect(
      rankNaive(
        new Map([
          [low!, 1],
          [mid!, 2],
          [high!, 3],
          [top!, 4],
        ]),
        3,
      ),
    ).toEqual([top, high, mid]);
    expect(
      rankNaive(
        new Map([
          [top!, 4],
          [low!, 1],
          [high!, 3],
          [mid!, 2],
        ]),
        3,
      ),
    ).toEqual([top, high, mid]);
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
