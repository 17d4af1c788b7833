/** Scenario text at the edge: syntax, nesting depth, schema and setup problems, each located. */
import { describe, expect, it } from 'vitest';
import {
  formatPath,
  lineColumn,
  locator,
  MAX_DEPTH,
  parseScenario,
  type Problem,
  scenarioSchema,
  validateScenario,
} from './scenario';
import { replayText } from '../replay/replayText';
import { positionOf, projectText, seedScenario } from '../testing/fixtures';

function problems(text: string): Problem[] {
  const outcome = parseScenario(text);
  if (outcome.kind !== 'invalid') throw new Error('expected the text to be refused');
  return outcome.problems;
}

function first(text: string): Problem {
  return problems(text)[0]!;
}

const where = (p: Problem) => ({ line: p.line, column: p.column });
const VALID_AGENT = '{"name": "planner", "role": "Plan.", "tools": ["delegate"], "reads": ["app", "agent"]}';

describe('scenario text that is not JSON', () => {
  it('is located at the closing brace after a trailing comma', () => {
    const text = '{\n  "agents": [],\n  "configuration": [],\n  "steps": [],\n}';
    expect(first(text).message).toBe('JSON syntax: expected a property name in double quotes');
    expect(where(first(text))).toEqual(positionOf(text, '}'));
    expect(first(text).path).toBe('(syntax)');
  });

  it('is located at the closing bracket after a trailing comma in a list', () => {
    const text = '{"agents": [\n  1,\n]}';
    expect(first(text).message).toBe('JSON syntax: expected a value');
    expect(where(first(text))).toEqual(positionOf(text, ']'));
  });

  it('is located at the opening quote of an unclosed string', () => {
    const text = '{\n  "agents": "abc\n}';
    expect(first(text).message).toBe('JSON syntax: unterminated string');
    expect(where(first(text))).toEqual(positionOf(text, '"abc'));
  });

  it('is located at the end of a truncated file', () => {
    const text = '{\n  "agents": [\n';
    expect(first(text).message).toBe('JSON syntax: expected "]"');
    expect(where(first(text))).toEqual(positionOf(text, null));
  });

  it('is located at line 1, column 1 for empty text', () => {
    expect(problems('')).toEqual([
      { message: 'JSON syntax: expected a value', path: '(syntax)', line: 1, column: 1, endLine: 1, endColumn: 2 },
    ]);
  });

  it('is located after the whitespace of blank text', () => {
    const text = '  \n ';
    expect(first(text).message).toBe('JSON syntax: expected a value');
    expect(where(first(text))).toEqual(positionOf(text, null));
  });

  it.each([
    ['a comment', '{} // note', 'JSON syntax: comments are not allowed in JSON', '//'],
    ['text after the value', '{}\n[]', 'JSON syntax: unexpected text after the end of the JSON value', '['],
    ['a missing colon', '{"agents" []}', 'JSON syntax: expected ":"', '[]'],
    ['a missing comma', '{"agents": [] "steps": []}', 'JSON syntax: expected "," or a closing bracket', '"steps"'],
    ['single quotes', "{'agents': []}", 'JSON syntax: unexpected character', "'agents'"],
    ['NaN', '{"agents": NaN}', 'JSON syntax: NaN is not a JSON value (JSON has no NaN or Infinity)', 'NaN'],
    ['an exponent without digits', '{"agents": 1e}', 'JSON syntax: unterminated number', '1e'],
    ['a bad escape', '{"agents": "\\x"}', 'JSON syntax: invalid escape character', '"\\x'],
    ['a short \\u escape', '{"agents": "\\u12"}', 'JSON syntax: invalid \\u escape', '"\\u12'],
    [
      'a raw control character',
      '{"agents": "a\u0001"}',
      'JSON syntax: control character inside a string (escape it)',
      '"a\u0001',
    ],
    ['an unterminated comment', '/* note', 'JSON syntax: comments are not allowed in JSON', '/*'],
    ['a byte order mark', '\ufeff{}', 'JSON syntax: unexpected character', '\ufeff'],
  ])('is refused for %s, located', (_what, text, message, at) => {
    expect(first(text).message).toBe(message);
    expect(where(first(text))).toEqual(positionOf(text, at));
  });

  it('reports only the first syntax problem, not the cascade after it', () => {
    const text = `[${','.repeat(50)}]`;
    expect(problems(text)).toHaveLength(1);
    expect(problems(text)[0]?.message).toBe('JSON syntax: expected a value');
  });
});

describe('scenario text nested too deep', () => {
  const nested = (depth: number) => `{"agents": ${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;

  it('is refused past the limit, at the first bracket too deep', () => {
    const text = nested(MAX_DEPTH + 1);
    expect(problems(text)).toEqual([
      {
        message: `JSON nested deeper than ${MAX_DEPTH} levels`,
        path: '(syntax)',
        ...positionOf(text, '[', MAX_DEPTH - 1),
        endLine: 1,
        endColumn: positionOf(text, '[', MAX_DEPTH - 1).column + 1,
      },
    ]);
  });

  it('is parsed at the limit (and then judged by the schema)', () => {
    expect(first(nested(MAX_DEPTH)).message).not.toMatch(/nested deeper/);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const deepText = '['.repeat(MAX_DEPTH * 2);
    const text = `{"agents": [], "configuration": [{"id": "a", "text": "\\"${deepText}"}], "steps": []}`;
    expect(parseScenario(text)).toEqual({
      kind: 'ok',
      scenario: { agents: [], configuration: [{ id: 'a', text: `"${deepText}` }], steps: [] },
    });
  });

  it('does not count closing brackets inside strings either', () => {
    const text = `{"agents": [], "configuration": [{"id": "a", "text": "${']'.repeat(10)}"}], "steps": ${'['.repeat(MAX_DEPTH - 1)}${']'.repeat(MAX_DEPTH - 1)}}`;
    expect(first(text).message).not.toMatch(/nested deeper/);
  });
});

describe('scenario JSON that does not fit the format', () => {
  it('names a bare number as the whole scenario, at line 1, column 1', () => {
    expect(problems('42')).toEqual([
      {
        message: 'expected an object, got a number',
        path: '(the whole scenario)',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 3,
      },
    ]);
  });

  it.each([
    ['null', 'null'],
    ['[]', 'an array'],
    ['"a scenario"', 'a string'],
    ['true', 'true or false'],
  ])('names %s as the whole scenario of the wrong kind, spanning it', (text, got) => {
    expect(problems(text)).toEqual([
      {
        message: `expected an object, got ${got}`,
        path: '(the whole scenario)',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: text.length + 1,
      },
    ]);
  });

  it('names steps that are not a list, at their value, beside the other fields', () => {
    const text = '{"agents": [], "configuration": {},\n "steps": "write"}';
    expect(problems(text)).toEqual([
      {
        message: 'expected an array, got an object',
        path: 'configuration',
        ...positionOf(text, '{}'),
        endLine: 1,
        endColumn: positionOf(text, '{}').column + 2,
      },
      {
        message: 'expected an array, got a string',
        path: 'steps',
        ...positionOf(text, '"write"'),
        endLine: 2,
        endColumn: positionOf(text, '"write"').column + 7,
      },
    ]);
  });

  it('names a field of the wrong type, at its value', () => {
    const text = '{"agents": {},\n "configuration": [], "steps": []}';
    expect(problems(text)).toEqual([
      {
        message: 'expected an array, got an object',
        path: 'agents',
        ...positionOf(text, '{}'),
        endLine: 1,
        endColumn: positionOf(text, '{}').column + 2,
      },
    ]);
  });

  it('names a missing field', () => {
    const text = '{"agents": [], "steps": []}';
    expect(problems(text).map((p) => [p.path, p.message, p.line, p.column])).toEqual([
      ['configuration', 'missing: expected an array', 1, 1],
    ]);
  });

  it('names an unknown op, at the op', () => {
    const text = '{"agents": [], "configuration": [],\n "steps": [{"op": "delete", "id": "x"}]}';
    const problem = first(text);
    expect(problem.path).toBe('steps[0].op');
    expect(problem.message).toBe('expected one of "write", "handoff", "query", "close_task", "import", "forget_user"');
    expect(where(problem)).toEqual(positionOf(text, '"delete"'));
  });

  it('names an extra field, at its key', () => {
    const text =
      '{"agents": [], "configuration": [],\n "steps": [{"op": "query", "as": ["a", "b", "c"], "current": "q", "extra": 1}]}';
    expect(problems(text)).toEqual([
      {
        message: 'unknown field "extra"',
        path: 'steps[0].extra',
        ...positionOf(text, '"extra"'),
        endLine: 2,
        endColumn: positionOf(text, '"extra"').column + 7,
      },
    ]);
  });

  it('names several extra fields in one problem', () => {
    const text = `{"agents": [], "configuration": [], "steps": [], "b": 1, "a": 2}`;
    expect(problems(text).map((p) => [p.message, p.path])).toEqual([['unknown fields "b", "a"', 'b']]);
  });

  it('explains a principal that is not three strings', () => {
    const text = '{"agents": [], "configuration": [], "steps": [{"op": "query", "as": ["a", "b"], "current": "q"}]}';
    expect(problems(text).map((p) => [p.path, p.message])).toEqual([
      ['steps[0].as', 'expected "as" to be [user, task, agent], three strings'],
    ]);
    expect(where(first(text))).toEqual(positionOf(text, '["a"'));
  });

  it('explains a missing principal, or one that is not a list, in words', () => {
    const missing = '{"agents": [], "configuration": [], "steps": [{"op": "query", "current": "q"}]}';
    expect(problems(missing).map((p) => [p.path, p.message])).toEqual([
      ['steps[0].as', 'expected "as" to be [user, task, agent], three strings'],
    ]);
    const text = '{"agents": [], "configuration": [], "steps": [{"op": "query", "as": "bob", "current": "q"}]}';
    expect(problems(text).map((p) => [p.path, p.message])).toEqual([
      ['steps[0].as', 'expected "as" to be [user, task, agent], three strings'],
    ]);
  });

  it('locates a missing field at the object that lacks it', () => {
    const text = '{"agents": [], "configuration": [],\n "steps": [{"op": "close_task", "user": "bob"}]}';
    expect(problems(text)).toEqual([
      {
        message: 'missing: expected a string',
        path: 'steps[0].task',
        ...positionOf(text, '{"op"'),
        endLine: 2,
        endColumn: positionOf(text, '{"op"').column + '{"op": "close_task", "user": "bob"}'.length,
      },
    ]);
  });

  it('names the element of a principal with the wrong type', () => {
    const text = '{"agents": [], "configuration": [], "steps": [{"op": "query", "as": ["a", "b", 3], "current": "q"}]}';
    expect(problems(text).map((p) => [p.path, p.message])).toEqual([
      ['steps[0].as[2]', 'expected a string, got a number'],
    ]);
    expect(where(first(text))).toEqual(positionOf(text, '3]'));
  });

  it('accepts the seed scenario unchanged', () => {
    expect(parseScenario(projectText('fixtures/scenario.json'))).toEqual({ kind: 'ok', scenario: seedScenario() });
  });

  it('judges an already-parsed value without locations', () => {
    expect(validateScenario({ agents: [], configuration: [], steps: [], x: 1 })).toEqual({
      kind: 'invalid',
      problems: [{ message: 'unknown field "x"', path: 'x' }],
    });
  });
});

describe('scenario setup errors', () => {
  it('locate an agent that does not read its own agent scope', () => {
    const text =
      '{"agents": [\n  {"name": "auditor", "role": "r", "tools": [], "reads": ["app"]}\n], "configuration": [], "steps": []}';
    const outcome = replayText(text);
    expect(outcome.kind === 'invalid' && outcome.problems.map((p) => [p.message, p.path, p.line, p.column])).toEqual([
      ['agent auditor reads unknown scopes or not its own agent scope: add "agent" to its reads', 'agents[0]', 2, 3],
    ]);
  });

  it('locate an agent that reads an unknown scope', () => {
    const text =
      '{"agents": [{"name": "a", "role": "r", "tools": [], "reads": ["agent", "world"]}], "configuration": [], "steps": []}';
    const outcome = replayText(text);
    expect(outcome.kind === 'invalid' && outcome.problems.map((p) => p.message)).toEqual([
      'agent a reads unknown scopes or not its own agent scope: "world" is not a scope (remove it: reads may name "app", "user", "task", "agent")',
    ]);
  });

  it('locate a duplicate agent at its name', () => {
    const text = `{"agents": [${VALID_AGENT},\n ${VALID_AGENT}], "configuration": [], "steps": []}`;
    const outcome = replayText(text);
    expect(outcome.kind === 'invalid' && outcome.problems.map((p) => [p.message, p.path, p.line, p.column])).toEqual([
      ['duplicate agent planner (also agents[0])', 'agents[1].name', 2, positionOf(text, '"planner"', 1).column],
    ]);
  });

  it('locate a duplicate configuration ID', () => {
    const text =
      '{"agents": [], "configuration": [{"id": "p", "text": "x"},\n  {"id": "p", "text": "y"}], "steps": []}';
    const outcome = replayText(text);
    expect(outcome.kind === 'invalid' && outcome.problems.map((p) => [p.message, p.path, p.line, p.column])).toEqual([
      ['duplicate item id p', 'configuration[1]', 2, 3],
    ]);
  });

  it('locate an invalid configuration ID and an invalid agent name', () => {
    const badId = replayText('{"agents": [], "configuration": [{"id": "P", "text": "x"}], "steps": []}');
    expect(badId.kind === 'invalid' && badId.problems.map((p) => [p.message, p.path])).toEqual([
      ['item.id must match [a-z0-9][a-z0-9-]{0,63}', 'configuration[0]'],
    ]);
    const badName = replayText(
      '{"agents": [{"name": "A", "role": "r", "tools": [], "reads": ["agent"]}], "configuration": [], "steps": []}',
    );
    expect(badName.kind === 'invalid' && badName.problems.map((p) => [p.message, p.path])).toEqual([
      ['agent.name must match [a-z0-9][a-z0-9-]{0,63}', 'agents[0]'],
    ]);
  });
});

describe('paths and positions', () => {
  it('format paths the way a reader writes them', () => {
    expect(formatPath([])).toBe('(the whole scenario)');
    expect(formatPath(['steps', 3, 'as', 0])).toBe('steps[3].as[0]');
    expect(formatPath(['agents'])).toBe('agents');
    expect(formatPath(['steps', 0, 'user-id'])).toBe('steps[0]["user-id"]');
    expect(formatPath(['a b'])).toBe('["a b"]');
    expect(formatPath(['_x', 'Y2'])).toBe('_x.Y2');
  });

  it('count lines from 1 and columns from 1', () => {
    const text = 'ab\ncd\n\nef';
    expect(lineColumn(text, 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn(text, 2)).toEqual({ line: 1, column: 3 });
    expect(lineColumn(text, 3)).toEqual({ line: 2, column: 1 });
    expect(lineColumn(text, 7)).toEqual({ line: 4, column: 1 });
    expect(lineColumn(text, 8)).toEqual({ line: 4, column: 2 });
  });
});

describe('the depth scan of text that is not valid JSON or too deep', () => {
  it('refuses unclosed brackets past the limit, at the first bracket too deep', () => {
    const text = '['.repeat(MAX_DEPTH + 6);
    expect(first(text)).toMatchObject({
      message: `JSON nested deeper than ${MAX_DEPTH} levels`,
      ...positionOf(text, '[', MAX_DEPTH),
    });
  });

  it('reports an unclosed string full of brackets as unterminated, not as too deep', () => {
    const text = `{"agents": "${'['.repeat(MAX_DEPTH + 6)}`;
    expect(first(text).message).toBe('JSON syntax: unterminated string');
  });

  it('does not end a string at an escaped quote', () => {
    const text = `{"agents": "\\"${'['.repeat(MAX_DEPTH + 6)}", `;
    expect(first(text).message).toBe('JSON syntax: expected a property name in double quotes');
  });

  it('skips the brackets of a string before the part that is too deep', () => {
    const text = `{"a": "x\\"${'['.repeat(10)}", "b": ${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}}`;
    expect(first(text)).toMatchObject({
      message: `JSON nested deeper than ${MAX_DEPTH} levels`,
      ...positionOf(text, '[', 10 + MAX_DEPTH - 1),
    });
  });

  it('counts closed brackets and braces back down', () => {
    const shallow = `[${'{"x": '.repeat(MAX_DEPTH - 2)}1${'}'.repeat(MAX_DEPTH - 2)}]`;
    const text = `[${shallow}, ${shallow}, ${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}]`;
    // Three brackets come before the deep part (the outer one and one per shallow value).
    const deepAt = positionOf(text, '[', 3 + MAX_DEPTH - 1);
    expect(first(text)).toMatchObject({ message: `JSON nested deeper than ${MAX_DEPTH} levels`, ...deepAt });
  });

  it('lets a value reach exactly the limit, primitives at the bottom included', () => {
    expect(first(`${'['.repeat(MAX_DEPTH)}1${']'.repeat(MAX_DEPTH)}`).message).toBe('expected an object, got an array');
    expect(first(`${'['.repeat(MAX_DEPTH)}"s", null${']'.repeat(MAX_DEPTH)}`).message).toBe(
      'expected an object, got an array',
    );
    expect(problems(`${'{"a": '.repeat(MAX_DEPTH)}true${'}'.repeat(MAX_DEPTH)}`).map((p) => p.message)).toContain(
      'unknown field "a"',
    );
    expect(first(`${'{"a": '.repeat(MAX_DEPTH + 1)}true${'}'.repeat(MAX_DEPTH + 1)}`).message).toBe(
      `JSON nested deeper than ${MAX_DEPTH} levels`,
    );
  });
});

describe('validateScenario and locator', () => {
  it('accept a valid, already-parsed scenario', () => {
    expect(validateScenario(seedScenario())).toEqual({ kind: 'ok', scenario: seedScenario() });
  });

  it('locate nothing without a syntax tree', () => {
    expect(locator('{}', undefined)(['agents'])).toEqual({});
  });
});

describe('bad steps checked one at a time', () => {
  it('reports every field, step and unknown key as the whole schema would, in its order', () => {
    const value = {
      extra: 1,
      grading: 'no',
      steps: [1, { op: 'write' }, { op: 'query', user: 'bob', task: 't', agent: 'a', question: 'q', more: 2 }, 'x'],
      configuration: [{ id: 3 }],
      agents: 'none',
    };
    const whole = scenarioSchema.safeParse(value);
    const issues = whole.error?.issues ?? [];
    const shown = validateScenario(value);
    const problems = shown.kind === 'invalid' ? shown.problems : [];
    expect(problems.length).toBeGreaterThan(8);
    expect(problems).toHaveLength(issues.length);
    // The same issue at each place: its path, or the unknown key it names.
    problems.forEach((problem, i) => {
      const issue = issues[i]!;
      const path = formatPath(issue.path.filter((s): s is string | number => typeof s !== 'symbol'));
      if (issue.code === 'unrecognized_keys') expect(problem.message).toContain(JSON.stringify(issue.keys[0]));
      else expect(problem.path).toBe(path);
    });
  });
});
