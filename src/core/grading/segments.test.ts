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

describe('segments, span by span', () => {
  const cut = (text: string, spans: ReadonlyArray<readonly [number, number, 'own' | 'other']>) =>
    segments(
      text,
      spans.map(([start, end, kind]) => ({ start, end, kind })),
    ).map((s) => (s.kind === null ? s.text : `[${s.kind}:${s.text}]`));

  it.each([
    ['no evidence: the whole text', 'abc', [], ['abc']],
    ['no text at all', '', [], []],
    [
      'spans given out of order',
      'abcdef',
      [
        [4, 5, 'other'],
        [0, 2, 'own'],
      ],
      ['[own:ab]', 'cd', '[other:e]', 'f'],
    ],
    [
      'spans that touch',
      'abcd',
      [
        [0, 2, 'own'],
        [2, 4, 'other'],
      ],
      ['[own:ab]', '[other:cd]'],
    ],
    [
      'a span inside an earlier one is dropped',
      'abcdef',
      [
        [0, 5, 'own'],
        [1, 3, 'other'],
      ],
      ['[own:abcde]', 'f'],
    ],
    [
      'a span ending where the earlier one ends is dropped',
      'abcd',
      [
        [0, 3, 'own'],
        [1, 3, 'other'],
      ],
      ['[own:abc]', 'd'],
    ],
    ['an empty span is dropped', 'abcd', [[2, 2, 'own']], ['abcd']],
    ['a span to the end leaves no empty tail', 'abcd', [[1, 4, 'own']], ['a', '[own:bcd]']],
  ] as const)('%s', (_, text, spans, expected) => {
    expect(cut(text, spans)).toEqual(expected);
  });
});
