import { describe, expect, it } from 'vitest';
import { memtoolJsonSchema, routerJsonSchema, scenarioJsonSchema } from './jsonSchema';

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

describe('the lesson formats', () => {
  it('give the router and memtool editors their own schemas, with every step kind', () => {
    const ops = (schema: Record<string, any>) =>
      (schema.properties.steps.items.oneOf ?? schema.properties.steps.items.anyOf).map(
        (v: any) => v.properties.op.const,
      );
    expect(ops(routerJsonSchema())).toEqual(['recall', 'remember', 'replace_bank']);
    expect(ops(memtoolJsonSchema())).toEqual(['search_memory', 'forget_memory', 'view_memory_file']);
    expect(routerJsonSchema().required).toEqual(['contexts', 'banks', 'steps']);
    expect(memtoolJsonSchema().required).toEqual(['sessions', 'memories', 'steps']);
  });
});
