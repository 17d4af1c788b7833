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
    expect(variants.map((v) => v.properties.op.const)).toEqual([
      'write',
      'handoff',
      'query',
      'close_task',
      'import',
      'forget_user',
    ]);
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

describe('the exercises in the editor', () => {
  const goalKinds = (schema: Record<string, any>) =>
    schema.properties.exercises.items.properties.goal.oneOf.map((v: any) => v.properties.kind.const);

  it("offer each engine's goal kinds, each described, so the editor completes and diagnoses them", () => {
    expect(goalKinds(scenarioJsonSchema())).toEqual([
      'stepSelected',
      'markLeak',
      'predictLeak',
      'ruleOff',
      'naiveLeak',
      'naiveLeakSelected',
      'checkGuardsRule',
      'newUserLeaks',
      'whichRule',
    ]);
    expect(goalKinds(routerJsonSchema())).toEqual(['stepSelected', 'markLeak', 'predictLeak', 'scorerLeak']);
    expect(goalKinds(memtoolJsonSchema())).toEqual(['stepSelected', 'markLeak', 'predictLeak', 'foreignRecord']);
    const goals = scenarioJsonSchema().properties as Record<string, any>;
    expect(goals.exercises.items.properties.goal.oneOf.every((v: any) => typeof v.description === 'string')).toBe(true);
  });

  it('refuse unknown fields and ask for two or three hints', () => {
    const exercise = (scenarioJsonSchema().properties as Record<string, any>).exercises.items;
    expect(exercise.additionalProperties).toBe(false);
    expect(exercise.required).toEqual(['id', 'task', 'goal', 'hints', 'answer']);
    expect([exercise.properties.hints.minItems, exercise.properties.hints.maxItems]).toEqual([2, 3]);
  });

  it('describe a solution: acts, per-task acts and a JSON Patch', () => {
    const solution = (scenarioJsonSchema().properties as Record<string, any>).solution;
    expect(Object.keys(solution.properties)).toEqual(['acts', 'taskActs', 'patch']);
    expect(solution.properties.patch.items.oneOf.map((v: any) => v.properties.op.const)).toEqual([
      'add',
      'replace',
      'remove',
    ]);
  });
});

describe('the editor schemas, in full', () => {
  // Written from zod's classic API before the move to zod/mini, and kept: a schema change, or a zod
  // upgrade, that alters what the editor completes or diagnoses shows here as a diff (update with -u).
  it.each([
    ['scenario', scenarioJsonSchema],
    ['router', routerJsonSchema],
    ['memtool', memtoolJsonSchema],
  ])('the %s schema is unchanged', async (name, schema) => {
    await expect(`${JSON.stringify(schema(), null, 2)}\n`).toMatchFileSnapshot(`__snapshots__/${name}.schema.json`);
  });
});
