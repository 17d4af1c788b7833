import { describe, expect, it } from 'vitest';
import { RULES, withRulesOff } from '../store/rules';
import { ownAdapter } from './ownAdapter';
import { inProcess } from '../testing/conformance';
import { suiteCases } from '../../../cli/conform/cases';
import { canaryCases, ruleVerdicts, runSuite } from './suite';
import { canaries, CANARY_RULES } from './canaries';
import { referenceOf } from './reference';

describe('the canary set', () => {
  it('has canaries in both directions for every rule, each with its own tokens', () => {
    const set = canaries();
    for (const rule of CANARY_RULES) {
      expect(
        set
          .filter((c) => c.rule === rule)
          .map((c) => c.direction)
          .sort(),
      ).toEqual(['allow', 'refuse']);
    }
    const ids = set.flatMap((c) => c.scenario.steps.flatMap((s) => (s.op === 'write' ? [s.id] : [])));
    for (const c of set)
      for (const id of ids.filter((i) => i.startsWith(`${c.id}-`))) expect(id.startsWith(c.id)).toBe(true);
  });

  it('replays every canary on the reference store', () => {
    for (const c of canaries()) expect(() => referenceOf(c.scenario)).not.toThrow();
  });
});

describe('the suite against the project’s own store', () => {
  it('conforms on every canary, golden case and lesson', async () => {
    const cases = suiteCases();
    const result = await runSuite(inProcess(ownAdapter()), cases);
    expect(result.failures.map((f) => f.testCase.name)).toEqual([]);
    expect(ruleVerdicts(result, cases).every((v) => v.status === 'passed')).toBe(true);
  });

  it.each(RULES.map((rule) => [rule]))('catches the store with %s switched off, naming that rule', async (rule) => {
    const cases = canaryCases();
    const result = await runSuite(inProcess(ownAdapter(withRulesOff(rule))), cases);
    const failed = ruleVerdicts(result, cases).filter((v) => v.status === 'failed');
    expect(failed.map((v) => v.rule)).toContain(rule);
    const own = failed.find((v) => v.rule === rule)!.failures[0]!;
    // Shrunk to the few steps that still fail, and the diagnosis names the rule.
    expect(own.shrunk.scenario.steps.length).toBeLessThanOrEqual(own.testCase.scenario.steps.length);
    expect(own.like).toContain(rule);
  });
});
