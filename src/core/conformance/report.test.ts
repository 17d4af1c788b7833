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

describe('the report’s lines, on failures made by hand', () => {
  const canary = canaryCases().find((c) => c.canary!.rule === 'taskCheck')!;
  const mismatch = {
    kind: 'items' as const,
    adapter: 'returned items ["a"]',
    reference: 'returned items []',
    extra: ['a'],
    missing: [],
  };
  /** A failure of `testCase` shrunk to `steps`, failing at `step`. */
  const made = (testCase: TestCase, steps: TestCase['scenario']['steps'], step: number): CaseFailure => {
    const failure = { step, answer: { kind: 'ok' as const }, mismatch };
    return {
      testCase,
      failure,
      shrunk: { scenario: { ...testCase.scenario, steps }, failure, reference: null!, tests: 0 },
      reasons: [],
      crossed: [],
      like: [],
    };
  };

  it('shows a failing reset as "reset", and cuts a step line past 200 characters', () => {
    const reset = failureLines(made(canary, [], 0), { file: 'f', link: 'l' });
    expect(reset[2]).toBe('    shrunk to 0 steps; step 0: reset');
    const long = { ...canary.scenario.steps[0]!, text: 'x'.repeat(300) } as TestCase['scenario']['steps'][number];
    const cut = failureLines(made(canary, [long], 1), { file: 'f', link: 'l' })[2]!;
    const shown = JSON.stringify(stepLine(long));
    expect(cut).toBe(`    shrunk to 1 step; step 1: ${shown.slice(0, 200)}…`);
    const fits = { ...long, text: 'x'.repeat(200 - (shown.length - 300)) } as typeof long;
    expect(JSON.stringify(stepLine(fits))).toHaveLength(200);
    expect(failureLines(made(canary, [fits], 1), { file: 'f', link: 'l' })[2]).toBe(
      `    shrunk to 1 step; step 1: ${JSON.stringify(stepLine(fits))}`,
    );
  });

  it('leaves out the why, crossed and switch lines when there is nothing to say', () => {
    const lines = failureLines(made(canary, canary.scenario.steps, 2), { file: 'out/f.json', link: null });
    expect(lines).toEqual([
      `  ${caseLabel(canary)}: ${canary.canary!.name}`,
      `    first failing step: 2 of ${canary.scenario.steps.length}`,
      `    shrunk to ${canary.scenario.steps.length} steps; step 2: ${JSON.stringify(stepLine(canary.scenario.steps[1]!))}`,
      '    the adapter returned items ["a"]',
      '    the reference returned items []',
      '    scenario: out/f.json',
      '    (too long for a share link: import the file)',
    ]);
    const full = {
      ...made(canary, canary.scenario.steps, 2),
      crossed: ['c01-x', 'c01-y'],
      like: ['taskCheck', 'agentCheck'],
    };
    expect(failureLines(full as CaseFailure, { file: 'f', link: 'l' }).slice(5, 7)).toEqual([
      '    crossed: c01-x, c01-y',
      '    answers like the reference with "taskCheck" or "agentCheck" switched off',
    ]);
  });

  it('pads the rule names to one column, and lists golden and lesson groups only when there are some', () => {
    const cases = canaryCases();
    const result: SuiteResult = { cases: cases.length, failures: [], skipped: [], sentMessages: true };
    const { lines, verdicts } = reportLines(result, cases, where);
    const width = Math.max(...verdicts.map((v) => v.rule.length));
    expect(verdicts.map((v) => v.rule).some((r) => r.length === width)).toBe(true);
    for (const verdict of verdicts) expect(lines).toContain(`pass  ${verdict.rule.padEnd(width)}  ${verdict.title}`);
    expect(lines.some((l) => /golden cases|store lessons/.test(l))).toBe(false);
    expect(lines).toHaveLength(verdicts.length + 1);
    const golden = (name: string): TestCase => ({ kind: 'golden', name, scenario: canary.scenario });
    const three = [golden('g1'), golden('g2'), golden('g3')];
    const failing = {
      cases: 3,
      failures: three.map((g) => made(g, g.scenario.steps, 2)),
      skipped: [],
      sentMessages: true,
    };
    const seen: string[] = [];
    const report = reportLines(failing, three, (f) => (seen.push(f.testCase.name), where(f)), 2);
    expect(report.lines).toContain('FAIL  golden cases: 0 of 3 conform');
    expect(report.lines).toContain('  … and 1 more (see the full report)');
    expect(report.lines.filter((l) => l.startsWith('  golden '))).toEqual(['  golden g1', '  golden g2']);
    expect(seen.sort()).toEqual(['g1', 'g2', 'g3']);
    expect(reportLines(failing, three, where, 3).lines.some((l) => l.includes('more (see'))).toBe(false);
    expect(report.lines.at(-1)).toBe(`3 scenarios, 3 failed; ${verdicts.length} of ${verdicts.length} rules conform`);
  });
});

describe('likelyBroken, in a tie', () => {
  it('names the first switch in the page’s order', () => {
    const failing = (...likes: string[][]) => likes.map((like) => ({ like }) as unknown as CaseFailure);
    expect(likelyBroken(failing(['agentCheck'], ['taskCheck']))).toMatch(/\(taskCheck\): 1 of 2/);
    expect(likelyBroken(failing(['taskCheck'], ['agentCheck']))).toMatch(/\(taskCheck\): 1 of 2/);
  });
});
