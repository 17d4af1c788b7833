import { describe, expect, it } from 'vitest';
import { RULES, withRulesOff } from '../store/rules';
import { ownAdapter } from './ownAdapter';
import { inProcess } from '../testing/conformance';
import { suiteCases } from '../../../cli/conform/cases';
import { type CaseFailure, canaryCases, conforms, ruleVerdicts, runSuite, type TestCase } from './suite';
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

describe('ruleVerdicts', () => {
  const cases = canaryCases();
  const failureOf = (testCase: TestCase) => ({ testCase }) as CaseFailure;

  it('counts each rule’s two canaries, and fails a rule only for its own canaries’ failures', () => {
    const taskCanary = cases.find((c) => c.canary!.rule === 'taskCheck')!;
    const golden: TestCase = { kind: 'golden', name: 'case-001', scenario: taskCanary.scenario };
    const result = {
      cases: cases.length + 1,
      failures: [failureOf(taskCanary), failureOf(golden)],
      skipped: [],
      sentMessages: true,
    };
    const verdicts = ruleVerdicts(result, [...cases, golden]);
    expect(verdicts.map((v) => v.rule)).toEqual([...CANARY_RULES]);
    expect(verdicts.every((v) => v.canaries === 2)).toBe(true);
    expect(verdicts.filter((v) => v.status === 'failed').map((v) => [v.rule, v.failures])).toEqual([
      ['taskCheck', [failureOf(taskCanary)]],
    ]);
    expect(verdicts.filter((v) => v.status === 'passed')).toHaveLength(CANARY_RULES.length - 1);
    expect(conforms(result)).toBe(false);
    expect(conforms({ ...result, failures: [] })).toBe(true);
  });

  it('leaves only escaping unchecked when the adapter sent no messages, and fails it when its canary fails', () => {
    const silent = { cases: cases.length, failures: [], skipped: [], sentMessages: false };
    expect(
      ruleVerdicts(silent, cases)
        .filter((v) => v.status !== 'passed')
        .map((v) => [v.rule, v.status]),
    ).toEqual([['escaping', 'not checked']]);
    const escaping = cases.find((c) => c.canary!.rule === 'escaping')!;
    const failed = ruleVerdicts({ ...silent, failures: [failureOf(escaping)] }, cases);
    expect(failed.find((v) => v.rule === 'escaping')!.status).toBe('failed');
  });
});

describe('runSuite', () => {
  it('says which case starts and how many are done, and shrinks and diagnoses each failure', async () => {
    const cases = canaryCases().filter((c) => c.canary!.rule === 'taskCheck');
    const started: string[] = [];
    const done: Array<[number, number]> = [];
    const result = await runSuite(inProcess(ownAdapter(withRulesOff('taskCheck'))), cases, {
      onStart: (testCase) => started.push(testCase.name),
      onCase: (n, total) => done.push([n, total]),
      shrinkBudget: 0,
    });
    expect(started).toEqual(cases.map((c) => c.name));
    expect(done).toEqual([
      [1, 2],
      [2, 2],
    ]);
    expect(result.cases).toBe(2);
    expect(result.sentMessages).toBe(true);
    const [failure] = result.failures;
    expect(result.failures).toHaveLength(1);
    expect(failure!.testCase).toBe(cases[0]);
    // No budget: the shrunk scenario is the case cut at its failing step.
    expect(failure!.shrunk).toMatchObject({ tests: 0, failure: failure!.failure });
    expect(failure!.crossed).toEqual([`${cases[0]!.name}-alice-task-1`]);
    expect(failure!.like).toContain('taskCheck');
    const own = inProcess(ownAdapter());
    const silent = {
      send: async (line: Parameters<typeof own.send>[0]) => {
        const answer = await own.send(line);
        return answer.kind === 'items' ? { ...answer, messages: null } : answer;
      },
    };
    expect(await runSuite(silent, cases)).toEqual({
      cases: 2,
      failures: [],
      skipped: [],
      sentMessages: false,
      offered: [],
    });
    expect(failure!.reasons).toEqual([
      expect.stringMatching(new RegExp(`^${cases[0]!.name}-alice-task-1: not in the request: `)),
    ]);
  });
});
