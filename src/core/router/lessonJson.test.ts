/** Lesson scenario parsing: nesting depth, "__proto__" keys and schema problems, each located. */
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../scenario/scenario';
import { parseRouterScenario, validateRouterScenario } from './scenario';

const EMPTY = '"contexts": {}, "banks": {}, "steps": []';
const nested = (depth: number) => `{${EMPTY}, "title": ${'['.repeat(depth)}${']'.repeat(depth)}}`;

describe('parseLesson', () => {
  it(`reads ${MAX_DEPTH} levels of nesting and refuses one more, at the first bracket too deep`, () => {
    expect(parseRouterScenario(nested(MAX_DEPTH - 1))).toMatchObject({
      kind: 'invalid',
      problems: [{ message: 'Invalid input: expected string, received array', path: 'title' }],
    });
    expect(parseRouterScenario(nested(MAX_DEPTH))).toEqual({
      kind: 'invalid',
      problems: [
        {
          message: `JSON nested deeper than ${MAX_DEPTH} levels`,
          path: '(syntax)',
          line: 1,
          column: 116,
          endLine: 1,
          endColumn: 117,
        },
      ],
    });
  });

  it('finds a "__proto__" key inside an array, at its own path and position', () => {
    const text = `{${EMPTY.replace('[]', '[{"op": "recall", "context": "a", "query": "q", "__proto__": 1}]')}}`;
    expect(parseRouterScenario(text)).toEqual({
      kind: 'invalid',
      problems: [
        {
          message: 'the key "__proto__" is not allowed',
          path: 'steps[0].__proto__',
          segments: ['steps', 0],
          line: 1,
          column: 88,
          endLine: 1,
          endColumn: 99,
        },
      ],
    });
  });

  it('names the first "__proto__" key met, and reports it before any schema problem', () => {
    const outcome = validateRouterScenario(
      JSON.parse('{"contexts": {"__proto__": {}}, "banks": {"__proto__": []}, "steps": 1}'),
    );
    expect(outcome.kind === 'invalid' && outcome.problems.map((p) => p.path)).toEqual(['banks.__proto__']);
    expect(outcome.kind === 'invalid' && outcome.problems[0]?.line).toBeUndefined();
  });

  it('names every unknown field of an object in one problem, located at the first', () => {
    const text = `{${EMPTY}, "a": 1, "b": 2}`;
    expect(parseRouterScenario(text)).toEqual({
      kind: 'invalid',
      problems: [
        {
          message: 'unknown fields "a", "b"',
          path: 'a',
          segments: [],
          line: 1,
          column: 44,
          endLine: 1,
          endColumn: 47,
        },
      ],
    });
  });

  it('locates every schema problem, not only the first', () => {
    const outcome = parseRouterScenario('{\n  "contexts": 1,\n  "banks": 2,\n  "steps": []\n}');
    expect(outcome.kind === 'invalid' && outcome.problems.map((p) => [p.path, p.line, p.column])).toEqual([
      ['contexts', 2, 15],
      ['banks', 3, 12],
    ]);
  });
});
