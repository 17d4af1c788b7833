import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { MAX_ITEM_TEXT_CHARS, MAX_QUESTION_CHARS, MAX_SCENARIO_BYTES, scenarioSizeProblem, utf8Length } from './limits';
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

  it('refuses one byte past the limit, naming both sizes', () => {
    expect(scenarioSizeProblem(MAX_SCENARIO_BYTES)).toBeNull();
    expect(scenarioSizeProblem(MAX_SCENARIO_BYTES + 1)).toBe(
      'the scenario is 4,000,001 bytes; scenarios are limited to 4,000,000 bytes (typed, pasted, imported or linked)',
    );
  });
});
