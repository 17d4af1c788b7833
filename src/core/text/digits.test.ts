import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digits } from './digits';
import { count } from './plural';

describe('a number as messages write it', () => {
  it('groups the whole part’s digits by threes, as English does', () => {
    expect([0, 7, 999, 1_000, 10_000, 65_536, 4_000_000, 1_234_567_890].map(digits)).toEqual([
      '0',
      '7',
      '999',
      '1,000',
      '10,000',
      '65,536',
      '4,000,000',
      '1,234,567,890',
    ]);
    expect(digits(-12_345)).toBe('-12,345');
    expect(digits(1_234.5)).toBe('1,234.5');
  });

  it('writes every whole number as the browser’s English number format does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(digits(n)).toBe(n.toLocaleString('en'));
      }),
      { numRuns: 500 },
    );
  });

  it('is how a count is written', () => {
    expect(count(20_000, 'item')).toBe('20,000 items');
    expect(count(1, 'item')).toBe('1 item');
  });
});
