import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  MAX_ITEM_TEXT_CHARS,
  MAX_QUESTION_CHARS,
  MAX_SCENARIO_BYTES,
  oversizedScenario,
  scenarioSizeProblem,
  utf8Length,
} from './limits';
import { parseScenario } from './scenario';
import { acceptedScenario } from './accepted';

const SEED = JSON.parse(readFileSync(new URL('../../../fixtures/scenario.json', import.meta.url), 'utf8'));

/** The seed with one write's text, the configuration's first text or the first query's question replaced. */
function seedWith(change: (scenario: typeof SEED) => void): string {
  const copy = structuredClone(SEED);
  change(copy);
  return JSON.stringify(copy, null, 2);
}
const firstOf = (scenario: typeof SEED, op: string) => scenario.steps.find((s: { op: string }) => s.op === op);

describe('scenario field limits', () => {
  it.each([
    ['a write’s text', (s: typeof SEED, v: string) => (firstOf(s, 'write').text = v), MAX_ITEM_TEXT_CHARS],
    ['a configuration text', (s: typeof SEED, v: string) => (s.configuration[0].text = v), MAX_ITEM_TEXT_CHARS],
    ['a handoff’s brief', (s: typeof SEED, v: string) => (firstOf(s, 'handoff').brief = v), MAX_ITEM_TEXT_CHARS],
    ['a query’s question', (s: typeof SEED, v: string) => (firstOf(s, 'query').current = v), MAX_QUESTION_CHARS],
  ])('accepts %s at the limit and refuses it one past, located, with the limit named', (_name, set, max) => {
    const atLimit = seedWith((s) => set(s, 'x'.repeat(max)));
    expect(parseScenario(atLimit).kind).toBe('ok');
    const past = seedWith((s) => set(s, 'x'.repeat(max + 1)));
    // The fast acceptor agrees with the schema: it never says yes past the limit.
    expect(acceptedScenario(past)).toBeUndefined();
    const outcome = parseScenario(past);
    expect(outcome.kind).toBe('invalid');
    if (outcome.kind !== 'invalid') return;
    expect(outcome.problems[0]!.message).toContain(`${max.toLocaleString('en')} characters`);
    expect(outcome.problems[0]!.line).toBeGreaterThan(1);
  });
});

describe('the scenario size limit', () => {
  it('counts UTF-8 bytes', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
    expect(utf8Length('\ud800x')).toBe(4);
  });

  it.each([
    ['\u007f', 1],
    ['\u0080', 2],
    ['\u07ff', 2],
    ['\u0800', 3],
    ['\ud7ff', 3],
    ['\ud800\udc00', 4],
    ['\udbff\udfff', 4],
    ['\ud800', 3],
    ['\udc00\ud800', 6],
    ['\udbff\ue000', 6],
    ['\ud800\ud800\udc00', 7],
    ['\ue000', 3],
  ])('counts %j as %i bytes, a lone surrogate as the three of U+FFFD', (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
  });

  it('counts the bytes the platform encoder writes, for any UTF-16 text', () => {
    const unit = fc.oneof(
      fc.integer({ min: 0, max: 0xffff }),
      fc.integer({ min: 0xd7fe, max: 0xe001 }),
      fc.constantFrom(0x7f, 0x80, 0x7ff, 0x800),
    );
    const text = fc.array(unit, { maxLength: 8 }).map((units) => String.fromCharCode(...units));
    fc.assert(
      fc.property(text, (t) => utf8Length(t) === new TextEncoder().encode(t).length),
      { numRuns: Number(process.env.CORE_PROPERTY_RUNS ?? 1_000) },
    );
  });

  it('judges a text by its bytes before any parsing, at line 1, column 1', () => {
    expect(oversizedScenario('{}')).toBeNull();
    // Past the limit in UTF-16 units only when each were three bytes: counted, and within.
    expect(oversizedScenario('x'.repeat(MAX_SCENARIO_BYTES / 3 + 1))).toBeNull();
    expect(oversizedScenario('x'.repeat(MAX_SCENARIO_BYTES))).toBeNull();
    expect(oversizedScenario('x'.repeat(MAX_SCENARIO_BYTES + 1))).toEqual({
      message: scenarioSizeProblem(MAX_SCENARIO_BYTES + 1),
      path: '(scenario)',
      line: 1,
      column: 1,
    });
    // Fewer units than the limit, more bytes.
    expect(oversizedScenario('é'.repeat(MAX_SCENARIO_BYTES / 2 + 1))?.message).toBe(
      'the scenario is 4,000,002 bytes; scenarios are limited to 4,000,000 bytes (typed, pasted, imported or linked)',
    );
    expect(oversizedScenario('é'.repeat(MAX_SCENARIO_BYTES / 2))).toBeNull();
    // Past the limit in units too: the size named is still the bytes, not the units.
    expect(oversizedScenario('é'.repeat(MAX_SCENARIO_BYTES + 1))?.message).toBe(
      scenarioSizeProblem(2 * (MAX_SCENARIO_BYTES + 1)),
    );
    expect(oversizedScenario('x'.repeat(2 * MAX_SCENARIO_BYTES))?.message).toBe(
      scenarioSizeProblem(2 * MAX_SCENARIO_BYTES),
    );
  });

  it('refuses one byte past the limit, naming both sizes', () => {
    expect(scenarioSizeProblem(MAX_SCENARIO_BYTES)).toBeNull();
    expect(scenarioSizeProblem(MAX_SCENARIO_BYTES + 1)).toBe(
      'the scenario is 4,000,001 bytes; scenarios are limited to 4,000,000 bytes (typed, pasted, imported or linked)',
    );
  });
});
