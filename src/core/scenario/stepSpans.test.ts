import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { stepAt, stepSpans } from './stepSpans';

const seedText = readFileSync(new URL('../../../fixtures/scenario.json', import.meta.url), 'utf8');

describe('stepSpans', () => {
  it('finds each step of the seed scenario, in order, as the text of steps[i]', () => {
    const steps = (JSON.parse(seedText) as { steps: unknown[] }).steps;
    const spans = stepSpans(seedText);
    expect(spans).toHaveLength(steps.length);
    spans.forEach((span, i) => expect(JSON.parse(seedText.slice(span.start, span.end))).toEqual(steps[i]));
  });

  it('ignores arrays named steps inside other values and reads the last root steps', () => {
    const text = '{"agents": {"steps": [1, 2]}, "steps": [ {"a": [1, {"b": 2}]} , 3,"x" ], "z": [9]}';
    const spans = stepSpans(text);
    expect(spans.map((s) => text.slice(s.start, s.end))).toEqual(['{"a": [1, {"b": 2}]}', '3', '"x"']);
    const again = '{"steps": [1], "steps": [{"q": 1}, {"q": 2}]}';
    expect(stepSpans(again).map((s) => again.slice(s.start, s.end))).toEqual(['{"q": 1}', '{"q": 2}']);
  });

  it('reads a half-typed text and skips comments', () => {
    const text = '{"steps": [ // first\n {"op": "write"}, {"op": "qu';
    expect(stepSpans(text).map((s) => text.slice(s.start, s.end))).toEqual(['{"op": "write"}', '{"op": "qu']);
  });

  it('is bounded by a counter, not the stack: 1,000,000 nested brackets, inside steps or not', () => {
    expect(stepSpans('['.repeat(1_000_000))).toEqual([]);
    const deep = `{"steps": [${'['.repeat(1_000_000)}`;
    expect(stepSpans(deep)).toEqual([{ start: 11, end: deep.length }]);
  });

  it('names the step (from 1) whose text holds an offset', () => {
    const text = '{"steps": [{"a": 1}, {"b": 2}]}';
    const spans = stepSpans(text);
    expect(stepAt(spans, text.indexOf('"a"'))).toBe(1);
    expect(stepAt(spans, text.indexOf('"b"'))).toBe(2);
    expect(stepAt(spans, text.indexOf('}, {') + 1)).toBe(1);
    expect(stepAt(spans, 2)).toBeNull();
  });
});

describe('stepSpans, edge by edge', () => {
  const texts = (text: string) => stepSpans(text).map((s) => text.slice(s.start, s.end));

  it.each([
    ['no steps at all', '{"agents": []}', []],
    ['an empty steps array', '{"steps": []}', []],
    ['steps that are no array', '{"steps": {"a": [1, 2]}}', []],
    ['"steps" as a value, not a key', '{"x": "steps", "y": [1, 2]}', []],
    ['steps inside a root array', '[{"steps": [1, 2]}]', []],
    ['steps after other keys', '{"a": 1, "b": [3], "steps": [true, null]}', ['true', 'null']],
    [
      'nested arrays and objects in a step',
      '{"steps": [[1, [2]], {"a": {"b": [3]}}]}',
      ['[1, [2]]', '{"a": {"b": [3]}}'],
    ],
    ['a key after the steps', '{"steps": [1], "z": [2, 3]}', ['1']],
    ['an empty element left by two commas', '{"steps": [1, , 2]}', ['1', '2']],
  ])('%s', (_, text, expected) => {
    expect(texts(text)).toEqual(expected);
  });

  it('gives each span from its first character to just past its last', () => {
    expect(stepSpans('{"steps": [ 12 ,{"a": 1} ]}')).toEqual([
      { start: 12, end: 14 },
      { start: 16, end: 24 },
    ]);
  });

  it('names no step before the first, between two or after the last, and either edge of a span', () => {
    const spans = [
      { start: 10, end: 20 },
      { start: 30, end: 40 },
      { start: 50, end: 60 },
    ];
    expect([9, 10, 20, 21, 29, 30, 40, 45, 50, 60, 61].map((offset) => stepAt(spans, offset))).toEqual([
      null,
      1,
      1,
      null,
      null,
      2,
      2,
      null,
      3,
      3,
      null,
    ]);
    expect(stepAt([], 0)).toBeNull();
  });
});
