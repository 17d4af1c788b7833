/**
 * The suite's report as one JSON object, for a CI or a script (`conform --json`): the same verdicts and
 * failures as the text report, with the text report's own lines for each failure. Its shape is the zod
 * schema below; conformance/report.schema.json is generated from it
 * (`node --import tsx scripts/report-schema.ts`), and a
 * test fails when the two drift. Every string is bounded (MAX_TEXT characters, MAX_LIST entries with
 * the total beside), so an adapter's answer cannot make the report grow without end.
 */
import * as z from '../zod';
import { caseLabel, failureLines, likelyBroken, verdictNote } from './report';
import { type CaseFailure, lackedOps, type RuleVerdict, type SuiteResult, type TestCase, ruleVerdicts } from './suite';
import { lacksWords, stepLine } from './protocol';

/** Bumped when a field changes meaning or goes away (a new field is not a new version). */
export const REPORT_SCHEMA_VERSION = 1;
/** The schema's `$id`, which each report names in its `$schema`; it ends with the version. */
export const REPORT_SCHEMA_ID = 'urn:scope-isolation-playground:conform-report:1';
/** Where the generated JSON Schema is committed. */
export const REPORT_SCHEMA_PATH = 'conformance/report.schema.json';

/** Most characters of one string in the report (an adapter's answer, a reason, a line). */
export const MAX_TEXT = 2_000;
/** Most entries of one list of IDs, reasons or lines; the total is given beside it. */
export const MAX_LIST = 100;

const count = z.int().check(z.nonnegative());
const text = z.string().check(z.maxLength(MAX_TEXT + 1));
const list = z.array(text).check(z.maxLength(MAX_LIST));

const failureSchema = z.strictObject({
  /** "c07 (leak)", "golden case-012", "lesson attacks", as the text report names it. */
  case: text,
  kind: z.enum(['canary', 'golden', 'lesson']),
  name: text,
  /** A canary's rule; null for a golden case or a lesson. */
  rule: z.nullable(text),
  /** A canary's description; null otherwise. */
  canary: z.nullable(text),
  firstFailingStep: count,
  steps: count,
  shrunk: z.strictObject({ steps: count, failingStep: count, line: text }),
  mismatch: z.enum(['accepted', 'refused', 'wrong-answer', 'items', 'order', 'messages', 'unsupported']),
  adapter: text,
  reference: text,
  extra: list,
  extraTotal: count,
  missing: list,
  missingTotal: count,
  reasons: list,
  crossed: list,
  /** Rules the reference would switch off to answer as the adapter did. */
  likeRulesOff: list,
  /** The shrunk scenario's file, and the share link that opens it at the failing step (null: too long). */
  scenarioFile: text,
  link: z.nullable(z.string()),
  /** The text report's lines for this failure. */
  text: list,
});

const ruleSchema = z.strictObject({
  rule: text,
  title: text,
  status: z.enum(['pass', 'fail', 'n/a']),
  /** Why a rule is n/a ("the store has no import"), or which of its canaries are; null otherwise. */
  note: z.nullable(text),
  canaries: count,
  failures: z.array(failureSchema),
});

const groupSchema = z.strictObject({
  kind: z.enum(['golden', 'lesson']),
  cases: z.array(
    z.strictObject({
      case: text,
      name: text,
      status: z.enum(['pass', 'fail', 'n/a']),
      /** Why a case is n/a: "the store has no import"; null otherwise. */
      note: z.nullable(text),
    }),
  ),
  failures: z.array(failureSchema),
});

export const conformReportSchema = z.strictObject({
  $schema: z.literal(REPORT_SCHEMA_ID),
  schemaVersion: z.literal(REPORT_SCHEMA_VERSION),
  tool: z.strictObject({ name: z.literal('conform'), version: z.string() }),
  /**
   * conforms: exit 0 (n/a rules aside); failed: exit 1 (a failure, nothing checked, or n/a under
   * --require-all); broken: the adapter could not be run or broke the protocol, exit 2.
   */
  outcome: z.enum(['conforms', 'failed', 'broken']),
  exitCode: count,
  durationMs: count,
  options: z.strictObject({ anyOrder: z.boolean(), requireAll: z.boolean(), cases: z.array(z.string()) }),
  rules: z.array(ruleSchema),
  groups: z.array(groupSchema),
  likelyBroken: z.nullable(text),
  summary: z.strictObject({
    scenarios: count,
    failed: count,
    /** Scenarios not applicable: the store answered {"unsupported":true} to an operation they need. */
    notApplicable: count,
    /** The operations the store said it does not offer. */
    unsupportedOps: z.array(text),
    rules: count,
    rulesConforming: count,
    rulesNotApplicable: count,
  }),
  /** What broke the run (outcome "broken"); null otherwise. */
  error: z.nullable(
    z.strictObject({
      message: text,
      case: z.nullable(text),
      step: z.nullable(count),
      op: z.nullable(text),
      stderrTail: list,
    }),
  ),
  /** The full text report's file; null when the run broke before it was written. */
  reportFile: z.nullable(text),
});

export type ConformReport = z.infer<typeof conformReportSchema>;
type FailureEntry = z.infer<typeof failureSchema>;
type RuleEntry = z.infer<typeof ruleSchema>;

/** The schema as JSON Schema (draft 7, as the project's other schemas), with its `$id`. */
export function reportJsonSchema(): Record<string, unknown> {
  // A failure is described once, under definitions, for the rules and the groups alike.
  const names = z.registry<{ id: string }>();
  names.add(failureSchema, { id: 'failure' });
  const schema = z.toJSONSchema(conformReportSchema, { target: 'draft-7', metadata: names }) as Record<string, unknown>;
  return {
    $schema: schema.$schema,
    $id: REPORT_SCHEMA_ID,
    title: 'Scope isolation conformance report',
    description:
      'The report of `conform --json`: a verdict per rule, the golden cases and store lessons, and each failure with its shrunk scenario.',
    ...Object.fromEntries(Object.entries(schema).filter(([key]) => key !== '$schema')),
  };
}

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
