import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Shape, shapeOf } from './fastAccept';
import { MAX_DEPTH, parseScenario, scenarioSchema } from './scenario';
import { acceptedScenario } from './accepted';
import { SCENARIO_SHAPE } from './shape';

const project = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const texts = [
  'fixtures/scenario.json',
  ...readdirSync(new URL('../../../fixtures/golden', import.meta.url))
    .filter((f) => f.endsWith('.scenario.json'))
    .map((f) => `fixtures/golden/${f}`),
].map(project);

/** Arrays and objects nested in a value the shape accepts, the root counting as one. */
function depthOf(shape: Shape | null): number {
  switch (shape?.type) {
    case 'array':
      return 1 + depthOf(shape.element);
    case 'tuple':
      return 1 + Math.max(0, ...shape.items.map(depthOf));
    case 'object':
      return 1 + Math.max(0, ...shape.fields.map((field) => depthOf(field.shape)));
    case 'union':
      return Math.max(0, ...shape.options.map(depthOf));
    default:
      return 0;
  }
}

describe('SCENARIO_SHAPE', () => {
  it("is the scenario schema's shape: change both together", () => {
    expect(SCENARIO_SHAPE).toEqual(shapeOf(scenarioSchema));
  });

  it('accepts nothing nested deeper than MAX_DEPTH, so an accepted scenario needs no depth check', () => {
    expect(depthOf(SCENARIO_SHAPE)).toBeLessThanOrEqual(MAX_DEPTH);
  });
});

describe('acceptedScenario', () => {
  it('gives every recorded scenario as parseScenario does', () => {
    for (const text of texts) expect({ kind: 'ok', scenario: acceptedScenario(text) }).toEqual(parseScenario(text));
  });

  it('leaves invalid JSON, a schema problem and grading rules to parseScenario', () => {
    const seed = JSON.parse(texts[0]!) as Record<string, unknown>;
    expect(acceptedScenario(texts[0]!.slice(0, -3))).toBeUndefined();
    expect(acceptedScenario(JSON.stringify({ ...seed, steps: [{ op: 'write' }] }))).toBeUndefined();
    expect(acceptedScenario(JSON.stringify({ ...seed, grading: {} }))).toBeUndefined();
  });
});
