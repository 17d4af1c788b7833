import { describe, expect, it } from 'vitest';
import { count, plural, verb } from './plural';

describe('plurals', () => {
  it('words one and any other count apart', () => {
    expect(count(1, 'item')).toBe('1 item');
    expect(count(0, 'item')).toBe('0 items');
    expect(count(20_000, 'step')).toBe('20,000 steps');
    expect(count(2, 'memory', 'memories')).toBe('2 memories');
    expect(`${count(1, 'item')} ${verb(1, 'differs', 'differ')}`).toBe('1 item differs');
    expect(`${count(3, 'item')} ${verb(3, 'differs', 'differ')}`).toBe('3 items differ');
    expect(plural(1, 'is', 'are')).toBe('is');
    expect([plural(1, 'item'), plural(2, 'item'), plural(0, 'item')]).toEqual(['item', 'items', 'items']);
  });
});

describe('one plural helper', () => {
  it('is the only way the page’s source words a count', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = new URL('../../', import.meta.url).pathname;
    const handMade = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('plural.ts'))
      .filter((file) => /=== 1 \? '' : 's'/.test(readFileSync(join(root, file), 'utf8')));
    expect(handMade).toEqual([]);
  });
});
