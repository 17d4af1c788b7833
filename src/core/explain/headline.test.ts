import { describe, expect, it } from 'vitest';
import { firstLeak, leakHeadline } from './headline';
import { scenarioSchema } from '../scenario/scenario';
import { projectJson, replayOk, scenarioWith, seedScenario } from '../testing/fixtures';

describe('firstLeak', () => {
  it('lands the seed on step 7, where the naive list hands alice’s export limit to bob’s planner', () => {
    expect(firstLeak(replayOk(seedScenario()).entries)).toEqual({
      index: 7,
      headline: "The naive list hands bob's planner alice-export-limit, alice's item.",
    });
  });

  it('is null for a scenario whose naive list never leaks', () => {
    const steps = seedScenario().steps.filter((step) => step.op !== 'query');
    expect(firstLeak(replayOk(scenarioWith(steps)).entries)).toBeNull();
  });

  it('lists every leaked item and every owner once, in the order the naive list holds them', () => {
    const headline = (timeline: ReturnType<typeof replayOk>, index: number) => {
      const { outcome } = timeline.entries[index]!;
      if (outcome.kind !== 'queried') throw new Error(`entry ${index} is not a query`);
      return leakHeadline(outcome);
    };
    const seed = replayOk(seedScenario());
    expect(headline(seed, 9)).toBe(
      "The naive list hands alice's planner bob-export-plan and handoff-1-item-1, bob's items.",
    );
    const golden = replayOk(scenarioSchema.parse(projectJson('fixtures/golden/case-013.scenario.json')));
    expect(headline(golden, 5)).toBe(
      "The naive list hands frank's summarizer bo-note-1, ca-note-2 and note-3, bob's, carol's and dave's items.",
    );
  });

  it('passes over a query whose naive list leaks nothing', () => {
    const [contact, ...rest] = seedScenario().steps;
    const ask = { op: 'query', as: ['alice', 'task-9', 'planner'], current: 'What is my billing contact?' };
    const timeline = replayOk(scenarioWith([contact, ask, ...rest]));
    const first = timeline.entries[2]!.outcome;
    expect(first.kind === 'queried' && first.leaked).toEqual([]);
    expect(firstLeak(timeline.entries)?.index).toBe(8);
  });
});
