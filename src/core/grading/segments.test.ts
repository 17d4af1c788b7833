import { describe, expect, it } from 'vitest';
import { segments } from './segments';

describe('segments', () => {
  it('cuts an overlapping span where the earlier one ends', () => {
    expect(
      segments('abcdef', [
        { start: 1, end: 4, kind: 'own' },
        { start: 2, end: 5, kind: 'other' },
      ]),
    ).toEqual([
      { text: 'a', kind: null },
      { text: 'bcd', kind: 'own' },
      { text: 'e', kind: 'other' },
      { text: 'f', kind: null },
    ]);
  });
});
