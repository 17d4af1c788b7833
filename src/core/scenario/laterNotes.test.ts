import { describe, expect, it } from 'vitest';
import { laterNotes } from './laterNotes';

const TEXT = `{
  "steps": [
    { "op": "query", "as": ["a", "t", "p"], "current": "q1", "note": "one" },
    { "op": "query", "as": ["a", "t", "p"], "note": "two leaks alice-plan", "current": "q2",
      "expect": { "visible": ["x"], "naive_leaks": ["alice-plan"] } },
    { "op": "write", "as": ["a", "t", "p"], "scope": "user", "id": "n", "text": "a \\"note\\": here" }
  ]
}`;

const cut = (text: string, upTo: number) => laterNotes(text, upTo).map(({ start, end }) => text.slice(start, end));

describe('later steps’ notes', () => {
  it('are the note and expect members of the steps after the one asked about, key to value', () => {
    expect(cut(TEXT, 1)).toEqual([
      '"note": "two leaks alice-plan"',
      '"expect": { "visible": ["x"], "naive_leaks": ["alice-plan"] }',
    ]);
    expect(cut(TEXT, 0)).toEqual([
      '"note": "one"',
      '"note": "two leaks alice-plan"',
      expect.stringMatching(/^"expect"/),
    ]);
  });

  it('are none with no pending task, none after the last step, and never a note inside a text', () => {
    expect(laterNotes(TEXT, Infinity)).toEqual([]);
    expect(laterNotes(TEXT, 3)).toEqual([]);
    expect(cut(TEXT, 2)).toEqual([]);
  });

  it('are found however the key is spelled, and only in the steps that hold one', () => {
    const escaped = '{"steps":[{"op":"query"},{"op":"query","\\u006eote":"x"},{"op":"query","\\u0065xpect":{}}]}';
    expect(cut(escaped, 1)).toEqual(['"\\u006eote":"x"', '"\\u0065xpect":{}']);
    const many = `{"steps":[${Array.from({ length: 2_000 }, (_, i) => `{"op":"query","current":"q${i}"}`).join(',')},{"op":"query","note":"last"}]}`;
    expect(cut(many, 1)).toEqual(['"note":"last"']);
    expect(laterNotes(many.replace('"note"', '"other"'), 1)).toEqual([]);
  });

  it('tolerate a half-typed text', () => {
    expect(cut('{"steps":[{"op":"query"},{"note": "x", "op"', 1)).toEqual(['"note": "x"']);
  });
});
