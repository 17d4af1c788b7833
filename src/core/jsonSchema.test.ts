import { describe, expect, it } from 'vitest';
import { scenarioJsonSchema } from './jsonSchema';

describe('scenarioJsonSchema', () => {
  it('is draft 7 and requires the three top-level fields', () => {
    const schema = scenarioJsonSchema();
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(schema.required).toEqual(['agents', 'configuration', 'steps']);
    expect(schema.additionalProperties).toBe(false);
  });

  it('offers one variant per step kind, each described', () => {
    const steps = (schema: Record<string, any>) => schema.properties.steps.items.oneOf as Array<Record<string, any>>;
    const variants = steps(scenarioJsonSchema());
    expect(variants.map((v) => v.properties.op.const)).toEqual(['write', 'handoff', 'query', 'close_task']);
    expect(variants.every((v) => typeof v.description === 'string')).toBe(true);
    expect(variants[0]!.properties.scope.examples).toEqual(['user', 'task', 'agent']);
  });
});
