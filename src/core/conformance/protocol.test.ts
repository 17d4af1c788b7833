/**
 * The adapter protocol as the suite reads it: an adapter's answer line is untrusted, bounded before it
 * is parsed, and anything but the three answers is refused with a message quoting (a bounded excerpt
 * of) what it said. The lines the suite sends are the file's steps without their `expect`.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canaryCases } from './suite';
import { type PostResult, postSession } from './postSession';
import { ProtocolError } from './run';
import {
  encodeLine,
  END_LINE,
  excerpt,
  MAX_ANSWER_CHARS,
  parseAnswer,
  resetLine,
  scenarioLines,
  stepLine,
} from './protocol';

const broken = (line: string) => {
  const parsed = parseAnswer(line);
  return parsed.kind === 'broken' ? parsed.message : null;
};

describe('parseAnswer', () => {
  it('reads the three answers', () => {
    expect(parseAnswer('{"ok":true}')).toEqual({ kind: 'answer', answer: { kind: 'ok' } });
    expect(parseAnswer('{"error":"unknown agent x"}')).toEqual({
      kind: 'answer',
      answer: { kind: 'error', error: 'unknown agent x' },
    });
    expect(parseAnswer('{"items":["a","b"]}')).toEqual({
      kind: 'answer',
      answer: { kind: 'items', items: ['a', 'b'], messages: null },
    });
    const messages = [
      { role: 'system', content: 'Plan.' },
      { role: 'user', content: 'What is the plan?' },
    ];
    expect(parseAnswer(JSON.stringify({ items: [], messages }))).toEqual({
      kind: 'answer',
      answer: { kind: 'items', items: [], messages },
    });
  });

  it('refuses anything else, quoting what the adapter said', () => {
    expect(broken('hello')).toBe('answered something that is not JSON: "hello"');
    expect(broken('[1]')).toBe('answered "[1]", not a JSON object');
    expect(broken('null')).toBe('answered "null", not a JSON object');
    expect(broken('7')).toBe('answered "7", not a JSON object');
    for (const line of ['{"ok":false}', '{"ok":"true"}', '{"items":[1]}', '{"items":"a"}', '{"error":5}', '{}'])
      expect(broken(line), line).toBe(
        `answered ${JSON.stringify(line)}: expected {"ok":true}, {"error":"…"}, {"items":[…]} or {"unsupported":true}`,
      );
    const mixed = [
      { role: 'user', content: 'fine' },
      { role: 'assistant', content: 'not a role of the protocol' },
    ];
    for (const messages of [
      'x',
      [{ role: 'assistant', content: 'hi' }],
      [{ role: 'user', content: 3 }],
      [null],
      [5],
      mixed,
    ])
      expect(broken(JSON.stringify({ items: [], messages }))).toMatch(
        /^answered "messages" that are not a list of \{role, content\}: /,
      );
  });

  it('refuses a line past its bound before parsing it, and reads one at the bound', () => {
    const at = `{"error":"${'x'.repeat(MAX_ANSWER_CHARS - 12)}"}`;
    expect(at).toHaveLength(MAX_ANSWER_CHARS);
    expect(parseAnswer(at).kind).toBe('answer');
    expect(broken(`${at} `)).toBe(
      `answered a line of ${MAX_ANSWER_CHARS + 1} characters (at most ${MAX_ANSWER_CHARS})`,
    );
  });
});

describe('excerpt', () => {
  it('quotes short text whole and long text cut at the bound, saying how long it was', () => {
    expect(excerpt('abc')).toBe('"abc"');
    expect(excerpt('x'.repeat(120))).toBe(JSON.stringify('x'.repeat(120)));
    expect(excerpt('x'.repeat(121))).toBe(`"${'x'.repeat(120)}…" (121 characters)`);
    expect(excerpt('a"b\nc', 3)).toBe('"a\\"b…" (5 characters)');
  });

  it('never quotes more than its bound, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (text, max) => {
        const quoted = excerpt(text, max);
        if (text.length <= max) expect(JSON.parse(quoted)).toBe(text);
        else expect(quoted.endsWith(`…" (${text.length} characters)`)).toBe(true);
      }),
    );
  });
});

describe('the lines the suite sends', () => {
  it('open each scenario with a reset of its agents, configuration and cache, then send its steps without expect', () => {
    for (const { scenario } of canaryCases()) {
      const lines = scenarioLines(scenario);
      expect(lines[0]).toEqual(resetLine(scenario));
      expect(lines[0]).toMatchObject({ op: 'reset', agents: scenario.agents, configuration: scenario.configuration });
      expect('semanticCache' in lines[0]!).toBe(scenario.semanticCache !== undefined);
      expect(lines).toHaveLength(scenario.steps.length + 1);
      lines.slice(1).forEach((line, i) => {
        expect('expect' in line).toBe(false);
        expect({ ...line, ...('expect' in scenario.steps[i]! ? { expect: scenario.steps[i]!.expect } : {}) }).toEqual(
          scenario.steps[i],
        );
      });
    }
    const step = { op: 'query', as: ['bob', 'task-1', 'planner'], current: 'q', expect: { items: [] } } as const;
    expect(stepLine(step as never)).toEqual({ op: 'query', as: ['bob', 'task-1', 'planner'], current: 'q' });
    const cached = { agents: [], configuration: {}, semanticCache: { threshold: 0.9 } } as never;
    expect(resetLine(cached)).toEqual({
      op: 'reset',
      agents: [],
      configuration: {},
      semanticCache: { threshold: 0.9 },
    });
  });

  it('goes on the wire as one line of JSON, and ends the run with end', () => {
    const line = stepLine({ op: 'write', id: 'a\nb', text: 'line one\nline two' } as never);
    expect(encodeLine(line)).not.toContain('\n');
    expect(JSON.parse(encodeLine(line))).toEqual(line);
    expect(encodeLine(END_LINE)).toBe('{"op":"end"}');
  });
});

describe('an adapter behind an HTTP endpoint', () => {
  const reply = (result: PostResult) => {
    const bodies: string[] = [];
    const session = postSession(async (body) => {
      bodies.push(body);
      return result;
    });
    return { session, bodies };
  };

  it('posts each line as its body and reads the answer, spaces around it allowed', async () => {
    const { session, bodies } = reply({ kind: 'answered', status: 200, body: ' {"items":["a"]}\n' });
    expect(await session.send(END_LINE)).toEqual({ kind: 'items', items: ['a'], messages: null });
    expect(bodies).toEqual(['{"op":"end"}']);
    // Spaces around the answer do not count toward its bound.
    const padded = reply({ kind: 'answered', status: 200, body: `{"ok":true}${' '.repeat(MAX_ANSWER_CHARS)}` });
    expect(await padded.session.send(END_LINE)).toEqual({ kind: 'ok' });
  });

  it('ends the run with the reason when the post failed, the status was not 200, or the answer is broken', async () => {
    await expect(reply({ kind: 'failed', message: 'timed out after 5 s' }).session.send(END_LINE)).rejects.toThrow(
      new ProtocolError('timed out after 5 s'),
    );
    const refused = reply({ kind: 'answered', status: 500, body: '{"ok":true}' }).session.send(END_LINE);
    await expect(refused).rejects.toThrow(new ProtocolError('answered HTTP 500, not 200'));
    const broken = reply({ kind: 'answered', status: 200, body: 'nope' }).session.send(END_LINE);
    await expect(broken).rejects.toThrow(new ProtocolError('answered something that is not JSON: "nope"'));
    await expect(broken).rejects.toBeInstanceOf(ProtocolError);
  });
});
