/**
 * The suite's report as text lines, and the share state that opens a shrunk failure in the page at
 * its failing step. Only strings: the command line writes them and the files.
 */
import { count } from '../text/plural';
import { DEFAULT_LESSON } from '../lessons/catalogue';
import type { ShareState } from '../sharing/shareLink';
import type { Scenario } from '../scenario/scenario';
import { stepLine } from './protocol';
import { RULES, ruleName, type Rule } from '../store/rules';
import {
  type CaseFailure,
  type CaseSkip,
  checkedNothing,
  lackedButOfferedWords,
  lackedOps,
  type RuleVerdict,
  type SuiteResult,
  type TestCase,
  ruleVerdicts,
  verdictNote,
} from './suite';
import { lacksWords } from './protocol';

export { verdictNote };

/** A scenario as the file a learner opens or imports. */
export function scenarioText(scenario: Scenario): string {
  return `${JSON.stringify(scenario, null, 2)}\n`;
}

/** The page's state for a shrunk failure: its scenario, open at the failing step, the Your store tab in view. */
export function failureShareState(failure: CaseFailure): ShareState {
  return {
    scenario: scenarioText(failure.shrunk.scenario),
    step: failure.shrunk.failure.step,
    principal: null,
    question: null,
    rulesOff: [],
    lesson: DEFAULT_LESSON,
    view: { tab: 'your-store' },
  };
}

/** "c07" for a canary, "golden case-012", "lesson attacks". */
export function caseLabel(testCase: TestCase): string {
  if (testCase.kind === 'canary') return `${testCase.name} (${testCase.canary!.direction})`;
  return `${testCase.kind} ${testCase.name}`;
}

/** The file a shrunk failure is written to, relative to the output folder. */
export function failureFile(failure: CaseFailure): string {
  const { testCase } = failure;
  const name =
    testCase.kind === 'canary' ? `${testCase.name}-${testCase.canary!.rule}` : `${testCase.kind}-${testCase.name}`;
  return `${name}.scenario.json`;
}

/** The lines describing one failure; `link` and `file` are where its shrunk scenario can be opened. */
export function failureLines(failure: CaseFailure, where: { file: string; link: string | null }): string[] {
  const { testCase, shrunk } = failure;
  const step = shrunk.failure.step;
  const line = step === 0 ? 'reset' : JSON.stringify(stepLine(shrunk.scenario.steps[step - 1]!));
  const lines = [
    `  ${caseLabel(testCase)}${testCase.canary ? `: ${testCase.canary.name}` : ''}`,
    `    first failing step: ${failure.failure.step} of ${testCase.scenario.steps.length}`,
    `    shrunk to ${count(shrunk.scenario.steps.length, 'step')}; step ${step}: ${line.length > 200 ? `${line.slice(0, 200)}…` : line}`,
    `    the adapter ${shrunk.failure.mismatch.adapter}`,
    `    the reference ${shrunk.failure.mismatch.reference}`,
  ];
  for (const reason of failure.reasons) lines.push(`    why: ${reason}`);
  if (failure.crossed.length > 0) lines.push(`    crossed: ${failure.crossed.join(', ')}`);
  if (failure.like.length > 0)
    lines.push(`    answers like the reference with ${failure.like.map((r) => `"${r}"`).join(' or ')} switched off`);
  lines.push(`    scenario: ${where.file}`);
  lines.push(where.link === null ? '    (too long for a share link: import the file)' : `    open: ${where.link}`);
  return lines;
}

export interface ReportText {
  lines: string[];
  verdicts: RuleVerdict[];
}

/** The whole report; `where` says where each failure's files and link are. */
export function reportLines(
  result: SuiteResult,
  cases: readonly TestCase[],
  where: (failure: CaseFailure) => { file: string; link: string | null },
  /** Most failures described in full per rule or group; the rest are counted (all: Infinity). */
  detailed = Infinity,
): ReportText {
  const verdicts = ruleVerdicts(result, cases);
  const lines: string[] = [];
  const width = Math.max(...verdicts.map((v) => v.rule.length));
  for (const verdict of verdicts) {
    const mark = verdict.status === 'passed' ? 'pass' : verdict.status === 'failed' ? 'FAIL' : 'n/a ';
    const note = verdictNote(verdict);
    lines.push(`${mark}  ${verdict.rule.padEnd(width)}  ${verdict.title}${note === null ? '' : ` (${note})`}`);
    lines.push(...described(verdict.failures, where, detailed));
  }
  for (const kind of ['golden', 'lesson'] as const) {
    const all = cases.filter((c) => c.kind === kind);
    if (all.length === 0) continue;
    const failed = result.failures.filter((f) => f.testCase.kind === kind);
    const skips = result.skipped.filter((s) => s.testCase.kind === kind);
    const label = kind === 'golden' ? 'golden cases' : 'store lessons';
    const mark = failed.length > 0 ? 'FAIL' : skips.length === all.length ? 'n/a ' : 'pass';
    lines.push(
      `${mark}  ${label}: ${all.length - failed.length - skips.length} of ${all.length} conform${skippedNote(skips)}`,
    );
    lines.push(...described(failed, where, detailed));
  }
  const likely = likelyBroken(result.failures);
  if (likely !== null) lines.push(likely);
  const failedRules = verdicts.filter((v) => v.status === 'failed').length;
  const naRules = verdicts.filter((v) => v.status === 'unsupported').length;
  lines.push(
    `${result.cases} scenarios, ${result.failures.length} failed${result.skipped.length > 0 ? `, ${result.skipped.length} n/a` : ''}; ` +
      `${verdicts.length - failedRules - naRules} of ${verdicts.length} rules conform${naRules > 0 ? `, ${naRules} n/a` : ''}`,
  );
  const contradicted = lackedButOfferedWords(result);
  if (contradicted !== null) lines.push(contradicted);
  if (checkedNothing(result))
    lines.push(
      `nothing was checked: every scenario needs an operation the store lacks (${lacksWords(lackedOps(result.skipped))})`,
    );
  return { lines, verdicts };
}

/** ", 3 n/a (the store has no import)" after a group's count; empty when none of its cases was skipped. */
function skippedNote(skips: readonly CaseSkip[]): string {
  return skips.length === 0 ? '' : `, ${skips.length} n/a (${lacksWords(lackedOps(skips))})`;
}

function described(
  failures: readonly CaseFailure[],
  where: (failure: CaseFailure) => { file: string; link: string | null },
  detailed: number,
): string[] {
  const lines = failures.slice(0, detailed).flatMap((failure) => failureLines(failure, where(failure)));
  // The rest still get their files written (where), so the full report can name them.
  for (const failure of failures.slice(detailed)) where(failure);
  if (failures.length > detailed) lines.push(`  … and ${failures.length - detailed} more (see the full report)`);
  return lines;
}

/**
 * The switch that explains most failures: the reference store with it off answers as the adapter did
 * at the failing step of at least half of them. null when no switch does.
 */
export function likelyBroken(failures: readonly CaseFailure[]): string | null {
  let best: { rule: string; count: number } | null = null;
  for (const rule of RULES) {
    const count = failures.filter((f) => f.like.includes(rule)).length;
    if (count > 0 && (best === null || count > best.count)) best = { rule, count };
  }
  if (best === null || best.count * 2 < failures.length) return null;
  return `likely broken: ${ruleName(best.rule as Rule)} (${best.rule}): ${best.count} of ${failures.length} failures answer as the reference does with it switched off`;
}
