/**
 * The suite's report as one JSON object, for a CI or a script (`conform --json`): the same verdicts and
 * failures as the text report, with the text report's own lines for each failure. Its shape is the zod
 * zod schema in reportSchema.ts; conformance/report.schema.json is generated from it
 * (`node --import tsx scripts/report-schema.ts`), and a
 * test fails when the two drift. Every string is bounded (MAX_TEXT characters, MAX_LIST entries with
 * the total beside), so an adapter's answer cannot make the report grow without end.
 */
import { caseLabel, failureLines, likelyBroken, verdictNote } from './report';
import { type CaseFailure, lackedOps, type RuleVerdict, type SuiteResult, type TestCase, ruleVerdicts } from './suite';
import { lacksWords, stepLine } from './protocol';
import {
  type ConformReport,
  type FailureEntry,
  MAX_LIST,
  MAX_TEXT,
  REPORT_SCHEMA_ID,
  REPORT_SCHEMA_VERSION,
  type RuleEntry,
} from './reportSchema';

export * from './reportSchema';

function clip(value: string): string {
  return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
}

function clipped(values: readonly string[]): string[] {
  return values.slice(0, MAX_LIST).map(clip);
}

export interface ReportRun {
  version: string;
  outcome: 'conforms' | 'failed' | 'broken';
  exitCode: number;
  durationMs: number;
  anyOrder: boolean;
  requireAll: boolean;
  cases: readonly string[];
  reportFile: string | null;
}

function header(
  run: ReportRun,
): Pick<ConformReport, '$schema' | 'schemaVersion' | 'tool' | 'outcome' | 'exitCode' | 'durationMs' | 'options'> {
  return {
    $schema: REPORT_SCHEMA_ID,
    schemaVersion: REPORT_SCHEMA_VERSION,
    tool: { name: 'conform', version: run.version },
    outcome: run.outcome,
    exitCode: run.exitCode,
    durationMs: Math.max(0, Math.round(run.durationMs)),
    options: { anyOrder: run.anyOrder, requireAll: run.requireAll, cases: [...run.cases] },
  };
}

function failureEntry(failure: CaseFailure, where: { file: string; link: string | null }): FailureEntry {
  const { testCase, shrunk } = failure;
  const step = shrunk.failure.step;
  const mismatch = shrunk.failure.mismatch;
  return {
    case: clip(caseLabel(testCase)),
    kind: testCase.kind,
    name: clip(testCase.name),
    rule: testCase.canary?.rule ?? null,
    canary: testCase.canary ? clip(testCase.canary.name) : null,
    firstFailingStep: failure.failure.step,
    steps: testCase.scenario.steps.length,
    shrunk: {
      steps: shrunk.scenario.steps.length,
      failingStep: step,
      line: clip(step === 0 ? 'reset' : JSON.stringify(stepLine(shrunk.scenario.steps[step - 1]!))),
    },
    mismatch: mismatch.kind,
    adapter: clip(mismatch.adapter),
    reference: clip(mismatch.reference),
    extra: clipped(mismatch.extra),
    extraTotal: mismatch.extra.length,
    missing: clipped(mismatch.missing),
    missingTotal: mismatch.missing.length,
    reasons: clipped(failure.reasons),
    crossed: clipped(failure.crossed),
    likeRulesOff: clipped(failure.like),
    scenarioFile: clip(where.file),
    link: where.link,
    text: clipped(failureLines(failure, where)),
  };
}

/** A rule's verdict as the report states it: a RuleStatus this switch does not handle does not compile. */
function ruleEntry(verdict: RuleVerdict, failures: FailureEntry[]): RuleEntry {
  const base = { rule: verdict.rule, title: verdict.title, canaries: verdict.canaries, failures };
  const note = verdictNote(verdict);
  switch (verdict.status) {
    case 'passed':
      return { ...base, status: 'pass', note };
    case 'failed':
      return { ...base, status: 'fail', note };
    case 'not checked':
    case 'unsupported':
      return { ...base, status: 'n/a', note };
    default:
      return verdict.status satisfies never;
  }
}

/** The report of a run that finished. `where` writes (once) and names each failure's shrunk scenario. */
export function jsonReport(
  result: SuiteResult,
  cases: readonly TestCase[],
  where: (failure: CaseFailure) => { file: string; link: string | null },
  run: ReportRun,
): ConformReport {
  const entries = new Map(result.failures.map((failure) => [failure, failureEntry(failure, where(failure))]));
  const entriesOf = (failures: readonly CaseFailure[]) => failures.map((failure) => entries.get(failure)!);
  const verdicts = ruleVerdicts(result, cases);
  const groups = (['golden', 'lesson'] as const)
    .map((kind) => {
      const failed = result.failures.filter((f) => f.testCase.kind === kind);
      return {
        kind,
        cases: cases
          .filter((c) => c.kind === kind)
          .map((c) => {
            const skip = result.skipped.find((s) => s.testCase === c);
            return {
              case: clip(caseLabel(c)),
              name: clip(c.name),
              status: failed.some((f) => f.testCase === c)
                ? ('fail' as const)
                : skip !== undefined
                  ? ('n/a' as const)
                  : ('pass' as const),
              note: skip === undefined ? null : lacksWords([skip.unsupported.op]),
            };
          }),
        failures: entriesOf(failed),
      };
    })
    .filter((group) => group.cases.length > 0);
  const rulesConforming = verdicts.filter((v) => v.status === 'passed' || v.status === 'not checked').length;
  const likely = likelyBroken(result.failures);
  return {
    ...header(run),
    rules: verdicts.map((verdict) => ruleEntry(verdict, entriesOf(verdict.failures))),
    groups,
    likelyBroken: likely === null ? null : clip(likely),
    summary: {
      scenarios: result.cases,
      failed: result.failures.length,
      notApplicable: result.skipped.length,
      unsupportedOps: lackedOps(result.skipped),
      rules: verdicts.length,
      rulesConforming,
      rulesNotApplicable: verdicts.filter((v) => v.status === 'unsupported').length,
    },
    error: null,
    reportFile: run.reportFile === null ? null : clip(run.reportFile),
  };
}

/** The report of a run the adapter broke: what happened and where, nothing judged. */
export function brokenJsonReport(
  run: ReportRun,
  error: { message: string; case: string | null; step: number | null; op: string | null; stderrTail: string[] },
): ConformReport {
  return {
    ...header(run),
    rules: [],
    groups: [],
    likelyBroken: null,
    summary: {
      scenarios: 0,
      failed: 0,
      notApplicable: 0,
      unsupportedOps: [],
      rules: 0,
      rulesConforming: 0,
      rulesNotApplicable: 0,
    },
    error: {
      message: clip(error.message),
      case: error.case === null ? null : clip(error.case),
      step: error.step,
      op: error.op === null ? null : clip(error.op),
      stderrTail: clipped(error.stderrTail.slice(-MAX_LIST)),
    },
    reportFile: null,
  };
}

/** DEL, C1 controls, the bidi marks and overrides, U+2028-9: what JSON.stringify leaves raw in a string. */
// oxlint-disable-next-line no-control-regex -- matching the control characters is the point
const RAW = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * The report as JSON text. The characters JSON.stringify leaves raw that a terminal would act on are
 * written as \u escapes: the same data for a parser, and nothing that recolours or reorders a CI log.
 */
export function reportJson(report: ConformReport): string {
  return `${JSON.stringify(report, null, 2).replace(RAW, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;
}
