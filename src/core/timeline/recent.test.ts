import { describe, expect, it } from 'vitest';
import { keepRecent } from './recent';

describe('keepRecent', () => {
  it('makes a value once per key and drops the oldest past the limit', () => {
    const kept = new Map<string, number>();
    let made = 0;
    const get = (key: string) => keepRecent(kept, key, 2, () => ++made);
    expect([get('a'), get('a'), get('b')]).toEqual([1, 1, 2]);
    expect(get('c')).toBe(3);
    expect([...kept.keys()]).toEqual(['b', 'c']);
    expect(get('a')).toBe(4);
  });
});
