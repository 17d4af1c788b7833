/**
 * replayForSeed, the command line's replay, keeps only what the seed's result and a report of rejected
 * steps read. Whatever the scenario and the rules, that must be exactly what the whole timeline gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replay, replayForSeed, type TimelineEntry } from './replay';
import { toSeedResult } from './seedResult';
import { parseScenario, type Scenario } from '../scenario/scenario';
import { RULES, type Rules } from '../store/rules';
import { lateFailureScenarioArb, scenarioArb } from '../testing/arbitraries';
import { goldenCases, projectText, seedScenario } from '../testing/fixtures';

/** The rejected steps as the command reports them: step number, operation and reason. */
const rejections = (entries: readonly TimelineEntry[]) =>
  entries.flatMap((entry) =>
    entry.outcome.kind === 'rejected' ? [`${entry.index} ${entry.step?.op}: ${entry.outcome.reason}`] : [],
  );

function expectSameAsTimeline(scenario: Scenario, rules?: Rules): void {
  const whole = replay(scenario, rules);
  const seed = replayForSeed(scenario, rules);
  if (whole.kind !== 'ok') {
    expect(seed).toEqual(whole);
    return;
  }
  if (seed.kind !== 'ok') throw new Error(`replayForSeed refused what replay took: ${JSON.stringify(seed.problems)}`);
  expect(toSeedResult(seed.run)).toEqual(toSeedResult(whole.timeline));
  expect(rejections(seed.run.entries)).toEqual(rejections(whole.timeline.entries));
  // It keeps no write's or handoff's entry, only the last one when a write or handoff ends the scenario.
  const last = whole.timeline.entries.length - 1;
  expect(
    seed.run.entries
      .filter((entry) => entry.outcome.kind === 'written' || entry.outcome.kind === 'handed-off')
      .every((entry) => entry.index === last),
  ).toBe(true);
}

const rulesArb: fc.Arbitrary<Rules> = fc.record(
  Object.fromEntries(RULES.map((rule) => [rule, fc.boolean()])) as Record<keyof Rules, fc.Arbitrary<boolean>>,
);

describe('the seed-only replay', () => {
  it('gives the seed scenario and every golden case the same result as the whole timeline', () => {
    expectSameAsTimeline(seedScenario());
    for (const name of goldenCases()) {
      const parsed = parseScenario(projectText(`fixtures/golden/${name}.scenario.json`));
      if (parsed.kind !== 'ok') throw new Error(`${name} must parse`);
      expectSameAsTimeline(parsed.scenario);
    }
  });

  it('agrees with the whole timeline on random scenarios under random rules, rejected steps included', () => {
    fc.assert(
      fc.property(fc.oneof(scenarioArb, lateFailureScenarioArb), rulesArb, (scenario, rules) => {
        expectSameAsTimeline(scenario, rules);
      }),
      { numRuns: Number(process.env.CORE_PROPERTY_RUNS ?? 300) },
    );
  });

  it('refuses a scenario with a setup error exactly as the whole replay does', () => {
    const scenario = seedScenario();
    const duplicateAgent: Scenario = { ...scenario, agents: [...scenario.agents, scenario.agents[0]!] };
    const badConfiguration: Scenario = { ...scenario, configuration: [{ id: 'Bad id', text: 'x' }] };
    for (const case_ of [duplicateAgent, badConfiguration]) {
      const seed = replayForSeed(case_);
      expect(seed.kind).toBe('invalid');
      expect(seed).toEqual(replay(case_));
    }
  });

  it('keeps the final store version of a scenario that ends with a write, or has no steps', () => {
    const scenario = seedScenario();
    const endsWithWrite: Scenario = {
      ...scenario,
      steps: [
        ...scenario.steps,
        { op: 'write', as: ['alice', 'task-9', 'planner'], scope: 'user', id: 'late-note', text: 'A late note.' },
      ],
    };
    const noSteps: Scenario = { ...scenario, steps: [] };
    for (const case_ of [endsWithWrite, noSteps]) {
      const whole = replay(case_);
      const seed = replayForSeed(case_);
      if (whole.kind !== 'ok' || seed.kind !== 'ok') throw new Error('must replay');
      expect(toSeedResult(seed.run).store_version).toBe(whole.timeline.entries.at(-1)!.version);
    }
  });
});
