import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depthProblem, jsonObjectOf, lineColumn, lineIndex, MAX_DEPTH, parseJson, TOO_DEEP } from './jsonText';

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

  it("names NaN and Infinity, which Python's json reads, as not JSON, and marks the whole token", () => {
    expect(parseJson('{"seed": NaN}')).toMatchObject({
      problem: {
        message: 'JSON syntax: NaN is not a JSON value (JSON has no NaN or Infinity)',
        column: 10,
        endColumn: 13,
      },
    });
    expect(parseJson('[1,\n -Infinity]')).toMatchObject({
      problem: { message: expect.stringContaining('-Infinity is not a JSON value'), line: 2, column: 2, endColumn: 11 },
    });
    expect(parseJson('[Infinity]')).toMatchObject({ problem: { message: expect.stringContaining('Infinity is not') } });
    // Other words are only unexpected: Python reads no others.
    expect(parseJson('[nan]')).toMatchObject({ problem: { message: 'JSON syntax: unexpected character' } });
    expect(parseJson('[NaNa]')).toMatchObject({ problem: { message: 'JSON syntax: unexpected character' } });
  });

  it('marks the whole offending token, and refuses what only JSON-with-comments allows', () => {
    // "nope" runs from column 5 to column 8: the mark ends after it.
    expect(parseJson('[1, nope]')).toMatchObject({
      problem: { message: expect.stringContaining('unexpected character'), path: '(syntax)', column: 5, endColumn: 9 },
    });
    expect(parseJson('[1,]')).toMatchObject({
      problem: { message: expect.stringContaining('expected a value'), line: 1, column: 4 },
    });
    expect(parseJson('// c\n[1]')).toMatchObject({ problem: { message: expect.stringContaining('comments') } });
    expect(parseJson('  \n')).toMatchObject({
      problem: { message: expect.stringContaining('expected a value'), line: 2, column: 1 },
    });
  });
});

/** The nesting depth of a JSON value, counted independently of the code under test. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

describe('the depth limit', () => {
  // Strings full of brackets, quotes and backslashes, empty containers and numbers beside a spine of
  // arrays and objects 55 to 75 deep: only the containers count, never what a string holds.
  const leaf = fc.oneof(
    fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a'), maxLength: 8 }),
    fc.constant([]),
    fc.constant({}),
    fc.integer(),
  );
  const level = fc.record({ object: fc.boolean(), beside: fc.array(leaf, { maxLength: 3 }) });
  const nested = fc.array(level, { minLength: 55, maxLength: 75 }).map((levels) =>
    levels.reduce<unknown>((inner, { object, beside }) => {
      const children = [...beside, inner];
      return object ? Object.fromEntries(children.map((child, i) => [`k${i}`, child])) : children;
    }, 0),
  );

  it('refuses exactly the values nested deeper than MAX_DEPTH, compact or indented', () => {
    fc.assert(
      fc.property(nested, fc.boolean(), (value, indent) => {
        const text = JSON.stringify(value, null, indent ? 1 : undefined);
        const tooDeep = depthOf(value) > MAX_DEPTH;
        expect(parseJson(text).kind).toBe(tooDeep ? 'invalid' : 'ok');
        expect(depthProblem(text) !== undefined).toBe(tooDeep);
      }),
      { numRuns: 300 },
    );
  });

  it('ignores brackets in a string that holds an escaped quote', () => {
    const text = `["\\"${'['.repeat(MAX_DEPTH + 1)}"]`;
    expect(parseJson(text).kind).toBe('ok');
    expect(depthProblem(text)).toBeUndefined();
  });
});

describe('syntax problems, error by error', () => {
  it.each([
    ['[1 2]', 'expected "," or a closing bracket', 1, 4, 5],
    ['{"a" 1}', 'expected ":"', 1, 6, 7],
    ['{1:2}', 'expected a property name in double quotes', 1, 2, 3],
    ['"abc', 'unterminated string', 1, 1, 5],
    ['[1', 'expected "]"', 1, 3, 4],
    ['{"a":1', 'expected "}"', 1, 7, 8],
    ['1.', 'unterminated number', 1, 1, 3],
    ['"\\u12"', 'invalid \\u escape', 1, 1, 7],
    ['"\\x"', 'invalid escape character', 1, 1, 5],
    ['/* x', 'comments are not allowed in JSON', 1, 1, 5],
    ['"a\u0001"', 'control character inside a string (escape it)', 1, 1, 5],
    ['[1]]', 'unexpected text after the end of the JSON value', 1, 4, 5],
  ])('%j: %s, marked at least one unit wide', (text, message, line, column, endColumn) => {
    expect(parseJson(text)).toEqual({
      kind: 'invalid',
      problem: { message: `JSON syntax: ${message}`, path: '(syntax)', line, column, endLine: line, endColumn },
    });
  });
});

describe('jsonObjectOf', () => {
  it('gives the object a text holds', () => {
    expect(jsonObjectOf('{"k": 5, "steps": []}')).toEqual({ k: 5, steps: [] });
  });

  it('gives null for text that is not JSON, or JSON that is not an object', () => {
    for (const text of ['{"k": 5', '', '[1, 2]', '"text"', '3', 'null', 'true'])
      expect(jsonObjectOf(text), text).toBeNull();
  });
});
