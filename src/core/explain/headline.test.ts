import { describe, expect, it } from 'vitest';
import { firstLeak } from './headline';
import { replayOk, scenarioWith, seedScenario } from '../testing/fixtures';

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
});
