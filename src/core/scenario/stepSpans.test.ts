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
