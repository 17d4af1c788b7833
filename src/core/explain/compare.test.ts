import { describe, expect, it } from 'vitest';
import { compareItems } from './compare';
import type { Item } from '../store/entities';

const item = (seq: number, id = `item-${seq}`): Item => ({
  id,
  seq,
  scope: 'user',
  text: 't',
  user: 'u',
  task: null,
  agent: null,
  source: 'written',
});

describe('compareItems', () => {
  it('lists each item once in store order, with which side holds it', () => {
    const [a, b, c, d] = [item(0), item(1), item(2), item(3)];
    expect(compareItems([a!, c!], [d!, a!, b!]).map((r) => [r.item.seq, r.left, r.right])).toEqual([
      [0, true, true],
      [1, false, true],
      [2, true, false],
      [3, false, true],
    ]);
  });

  it('tells apart two items with the same ID held by different users', () => {
    const rows = compareItems([item(1, 'contact')], [item(5, 'contact')]);
    expect(rows.map((r) => [r.left, r.right])).toEqual([
      [true, false],
      [false, true],
    ]);
  });
});
