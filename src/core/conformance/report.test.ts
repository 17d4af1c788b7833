/**
 * The conformance report a store's author reads: a verdict line per rule, each failure with where it
 * first failed, what it shrank to, both answers, why the reference answered so and which switch
 * explains it, where its scenario is written, and a last line of totals. Judged on the project's own
 * store with one rule switched off, so the report must name that rule.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeShare, encodeShare } from '../sharing/shareLink';
import { parseScenario } from '../scenario/scenario';
import { ruleName, withRulesOff } from '../store/rules';
import { inProcess } from '../testing/conformance';
import { ownAdapter } from './ownAdapter';
import { stepLine } from './protocol';
import {
  caseLabel,
  failureFile,
  failureLines,
  failureShareState,
  likelyBroken,
  reportLines,
  scenarioText,
} from './report';
import { canaryCases, type CaseFailure, runSuite, type SuiteResult, type TestCase } from './suite';

const where = (failure: CaseFailure) => ({ file: `out/${failureFile(failure)}`, link: `#${failure.testCase.name}` });

describe('the report of a store with the task check off', () => {
  let cases: TestCase[];
  let result: SuiteResult;
  beforeAll(async () => {
    cases = canaryCases();
    result = await runSuite(inProcess(ownAdapter(withRulesOff('taskCheck'))), cases);
  });

  it('fails that rule, passes the others, and counts scenarios, failures and rules', () => {
    const { lines, verdicts } = reportLines(result, cases, where);
    const failed = verdicts.filter((v) => v.status === 'failed').map((v) => v.rule);
    expect(failed).toContain('taskCheck');
    for (const verdict of verdicts) {
      const line = lines.find((l) => l.slice(6).trimStart().startsWith(`${verdict.rule} `))!;
      expect(line, verdict.rule).toMatch(verdict.status === 'failed' ? /^FAIL {2}/ : /^(pass|n\/a ) {2}/);
      expect(line).toContain(verdict.title);
    }
    expect(lines.at(-1)).toBe(
      `${cases.length} scenarios, ${result.failures.length} failed; ${verdicts.length - failed.length} of ${verdicts.length} rules conform`,
    );
    expect(lines).toContain(likelyBroken(result.failures));
    expect(likelyBroken(result.failures)).toMatch(
      new RegExp(
        `^likely broken: ${ruleName('taskCheck')} \\(taskCheck\\): \\d+ of ${result.failures.length} failures`,
      ),
    );
  });

  it('describes each failure: where it failed, what it shrank to, both answers, why, and where to open it', () => {
    for (const failure of result.failures) {
      const lines = failureLines(failure, where(failure));
      const { testCase, shrunk } = failure;
      expect(lines[0]).toBe(`  ${caseLabel(testCase)}: ${testCase.canary!.name}`);
      expect(lines[1]).toBe(`    first failing step: ${failure.failure.step} of ${testCase.scenario.steps.length}`);
      const step = shrunk.failure.step;
      const shown = step === 0 ? 'reset' : JSON.stringify(stepLine(shrunk.scenario.steps[step - 1]!));
      expect(lines[2]).toBe(
        `    shrunk to ${shrunk.scenario.steps.length} step${shrunk.scenario.steps.length === 1 ? '' : 's'}; step ${step}: ${shown.length > 200 ? `${shown.slice(0, 200)}…` : shown}`,
      );
      expect(lines[3]).toBe(`    the adapter ${shrunk.failure.mismatch.adapter}`);
      expect(lines[4]).toBe(`    the reference ${shrunk.failure.mismatch.reference}`);
      expect(lines.filter((l) => l.startsWith('    why: '))).toEqual(failure.reasons.map((r) => `    why: ${r}`));
      if (failure.crossed.length > 0) expect(lines).toContain(`    crossed: ${failure.crossed.join(', ')}`);
      else expect(lines.some((l) => l.startsWith('    crossed:'))).toBe(false);
      expect(lines).toContain(
        `    answers like the reference with ${failure.like.map((r) => `"${r}"`).join(' or ')} switched off`,
      );
      expect(lines.slice(-2)).toEqual([`    scenario: ${where(failure).file}`, `    open: #${testCase.name}`]);
      expect(failureFile(failure)).toBe(`${testCase.name}-${testCase.canary!.rule}.scenario.json`);
    }
    const [first] = result.failures;
    expect(failureLines(first!, { file: 'f', link: null }).at(-1)).toBe(
      '    (too long for a share link: import the file)',
    );
  });

  it('counts the failures past the ones it details, and still gives each its file', () => {
    const seen: CaseFailure[] = [];
    const { lines } = reportLines(result, cases, (f) => (seen.push(f), where(f)), 1);
    const failed = result.failures.filter((f) => f.testCase.canary?.rule === 'taskCheck');
    if (failed.length > 1) expect(lines).toContain(`  … and ${failed.length - 1} more (see the full report)`);
    expect(new Set(seen)).toEqual(new Set(result.failures));
    expect(lines.filter((l) => l.startsWith('    first failing step')).length).toBeLessThan(result.failures.length + 1);
  });

  it('opens each shrunk failure in the page at its failing step, in the Your store tab', () => {
    for (const failure of result.failures) {
      const state = failureShareState(failure);
      expect(state.step).toBe(failure.shrunk.failure.step);
      expect(state.view).toEqual({ tab: 'your-store' });
      expect(state.rulesOff).toEqual([]);
      expect(parseScenario(state.scenario)).toMatchObject({ kind: 'ok' });
      const link = encodeShare(state);
      if (link.kind === 'ok') expect(decodeShare(link.fragment)).toEqual({ kind: 'shared', state });
    }
  });
});

describe('a conforming store', () => {
  it('passes every rule and names no likely break', async () => {
    const cases = canaryCases();
    const result = await runSuite(inProcess(ownAdapter()), cases);
    const { lines, verdicts } = reportLines(result, cases, where);
    expect(likelyBroken(result.failures)).toBeNull();
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    expect(lines.at(-1)).toBe(
      `${cases.length} scenarios, 0 failed; ${verdicts.length} of ${verdicts.length} rules conform`,
    );
  });
});

describe('golden cases, store lessons and an adapter that sends no messages', () => {
  it('get a line of their own each, and escaping is not checked without messages', async () => {
    const canaries = canaryCases();
    const failing = canaries.find((c) => c.canary!.rule === 'taskCheck')!;
    const passing = canaries.find((c) => c.canary!.rule === 'agentCheck')!;
    const cases: TestCase[] = [
      { kind: 'golden', name: 'case-t', scenario: failing.scenario },
      { kind: 'lesson', name: 'lesson-a', scenario: passing.scenario },
    ];
    const own = inProcess(ownAdapter(withRulesOff('taskCheck')));
    const silent = {
      async send(line: Parameters<typeof own.send>[0]) {
        const answer = await own.send(line);
        return answer.kind === 'items' ? { ...answer, messages: null } : answer;
      },
    };
    const result = await runSuite(silent, cases);
    const { lines, verdicts } = reportLines(result, cases, where);
    expect(lines).toContain('FAIL  golden cases: 0 of 1 conform');
    expect(lines).toContain('pass  store lessons: 1 of 1 conform');
    expect(lines.filter((l) => l.startsWith('    first failing step'))).toHaveLength(1);
    const escaping = lines.find((l) => / escaping /.test(l))!;
    expect(escaping.startsWith('n/a   ')).toBe(true);
    expect(escaping.endsWith(' (not checked: the adapter sent no "messages")')).toBe(true);
    expect(verdicts.find((v) => v.rule === 'escaping')!.status).toBe('not checked');
    const [failure] = result.failures;
    expect(failureLines(failure!, where(failure!))[0]).toBe('  golden case-t');
  });
});

describe('likelyBroken', () => {
  const failing = (...likes: string[][]) => likes.map((like) => ({ like }) as unknown as CaseFailure);
  it('names the switch that explains at least half the failures, the most explaining one', () => {
    expect(likelyBroken(failing(['taskCheck'], ['agentCheck'], ['taskCheck'], []))).toBe(
      `likely broken: ${ruleName('taskCheck')} (taskCheck): 2 of 4 failures answer as the reference does with it switched off`,
    );
    expect(likelyBroken(failing(['agentCheck'], ['taskCheck', 'agentCheck'], ['taskCheck'], ['agentCheck']))).toMatch(
      /\(agentCheck\): 3 of 4/,
    );
    expect(likelyBroken(failing(['taskCheck'], [], []))).toBeNull();
    expect(likelyBroken([])).toBeNull();
  });
});

describe('labels and files', () => {
  const scenario = { agents: [], steps: [] } as unknown as TestCase['scenario'];
  it('names golden cases and lessons by kind, canaries by direction', () => {
    expect(caseLabel({ kind: 'golden', name: 'case-012', scenario })).toBe('golden case-012');
    expect(caseLabel({ kind: 'lesson', name: 'attacks', scenario })).toBe('lesson attacks');
    const canary = canaryCases()[0]!;
    expect(caseLabel(canary)).toBe(`${canary.name} (${canary.canary!.direction})`);
    const failure = { testCase: { kind: 'golden', name: 'case-012', scenario } } as CaseFailure;
    expect(failureFile(failure)).toBe('golden-case-012.scenario.json');
  });

  it('writes a scenario as the two-space file a learner imports, ending in a newline', () => {
    const canary = canaryCases()[0]!;
    const text = scenarioText(canary.scenario);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "');
    expect(JSON.parse(text)).toEqual(canary.scenario);
  });
});
