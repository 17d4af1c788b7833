import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depthProblem, lineColumn, lineIndex, MAX_DEPTH, parseJson, TOO_DEEP } from './jsonText';

/** The plain reference: walk every unit up to the offset, counting newlines. */
function scan(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i++) {
    if (text[i] === '\n') {
      line++;
      column = 1;
    } else column++;
  }
  return { line, column };
}

describe('lineIndex', () => {
  it('locates every offset of random texts exactly as a plain scan does', () => {
    const texts = fc.string({ unit: fc.constantFrom('a', '\n', '\r', 'é', '\u{1f600}', ' '), maxLength: 300 });
    fc.assert(
      fc.property(texts, (text) => {
        const at = lineIndex(text);
        for (let offset = 0; offset <= text.length + 1; offset++) {
          expect(at(offset)).toEqual(scan(text, offset));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('counts a newline at the offset as the end of its line, and lineColumn agrees', () => {
    expect(lineIndex('ab\ncd')(2)).toEqual({ line: 1, column: 3 });
    expect(lineIndex('ab\ncd')(3)).toEqual({ line: 2, column: 1 });
    expect(lineColumn('\n\n\nx', 3)).toEqual({ line: 4, column: 1 });
  });
});

describe('parseJson', () => {
  it('refuses text nested past MAX_DEPTH, parsed or not, at the first bracket too deep', () => {
    for (const text of ['['.repeat(6_000), `${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}`]) {
      expect(parseJson(text)).toEqual({
        kind: 'invalid',
        problem: {
          message: TOO_DEEP,
          path: '(syntax)',
          line: 1,
          column: MAX_DEPTH + 1,
          endLine: 1,
          endColumn: MAX_DEPTH + 2,
        },
      });
    }
    expect(parseJson(`${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}`).kind).toBe('ok');
    expect(depthProblem('"[[[[["')).toBeUndefined();
  });

  it('locates a syntax error with jsonc-parser wording', () => {
    expect(parseJson('{\n  "a": ,\n}')).toMatchObject({
      kind: 'invalid',
      problem: { message: 'JSON syntax: expected a value', line: 2, column: 8 },
    });
  });
});
