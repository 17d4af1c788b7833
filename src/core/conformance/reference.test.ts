/**
 * The reference's answers: a refused step is to be refused, an accepted one answered ok, a query with its
 * request's items and messages; and a scenario the store cannot even start is no test case.
 */
import { describe, expect, it } from 'vitest';
import { canaryAgents, canaryScenario, query, write } from './canaryKit';
import { referenceOf } from './reference';

describe('referenceOf', () => {
  it('answers each step as the reference store did', () => {
    const scenario = canaryScenario(
      {
        name: 'n',
        direction: 'allow',
        steps: [
          write('alice/t/planner', 'user', '$-note'),
          write('alice/t/planner', 'user', '%'),
          query('alice/t/planner'),
        ],
      },
      'c00',
    );
    const { expected, timeline } = referenceOf(scenario);
    expect(timeline.entries).toHaveLength(4);
    expect(expected.map((e) => e.kind)).toEqual(['accepted', 'rejected', 'items']);
    expect(expected[1]).toEqual({ kind: 'rejected', reason: 'item.id must match [a-z0-9][a-z0-9-]{0,63}' });
    expect(expected[2]).toMatchObject({ items: ['c00-app-policy', 'c00-note'] });
    expect(expected[2]!.kind === 'items' && expected[2]!.messages.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('refuses a scenario whose agents the store does not accept, naming each problem', () => {
    const broken = { agents: [{ ...canaryAgents()[0]!, reads: ['app'] }], configuration: [], steps: [] };
    expect(() => referenceOf(broken)).toThrow(/^not a test case: agents\[0\]\S*: .+/);
  });
});
