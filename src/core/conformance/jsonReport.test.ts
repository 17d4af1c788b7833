/**
 * `conform --json`'s report: the committed JSON Schema is the one generated from the zod schema of the
 * report, the reports of a conforming and of a failing store both match it, every string is bounded,
 * and nothing a terminal acts on is left raw in the text.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { projectText } from '../testing/fixtures';
import { withRulesOff } from '../store/rules';
import { inProcess } from '../testing/conformance';
import { ownAdapter } from './ownAdapter';
import { failureFile, reportLines } from './report';
import {
  brokenJsonReport,
  conformReportSchema,
  jsonReport,
  MAX_LIST,
  MAX_TEXT,
  REPORT_SCHEMA_ID,
  REPORT_SCHEMA_PATH,
  REPORT_SCHEMA_VERSION,
  reportJson,
  reportJsonSchema,
  type ReportRun,
} from './jsonReport';
import { CANARY_RULES } from './canaries';
import { canaryCases, type CaseFailure, runSuite, type SuiteResult, type TestCase } from './suite';

const where = (failure: CaseFailure) => ({ file: `out/${failureFile(failure)}`, link: `#${failure.testCase.name}` });
const run = (outcome: ReportRun['outcome'], exitCode: number): ReportRun => ({
  version: '9.9.9',
  outcome,
  exitCode,
  durationMs: 1234.4,
  anyOrder: false,
  requireAll: false,
  cases: ['canaries'],
  reportFile: 'out/report.txt',
});

describe('the JSON Schema of the report', () => {
  it('is generated from the zod schema, with its $id, and the committed file is up to date', () => {
    const schema = reportJsonSchema();
    expect(schema.$id).toBe(REPORT_SCHEMA_ID);
    expect(REPORT_SCHEMA_ID.endsWith(`:${REPORT_SCHEMA_VERSION}`)).toBe(true);
    expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect(JSON.parse(projectText(REPORT_SCHEMA_PATH)), 'run node --import tsx scripts/report-schema.ts').toEqual(
      schema,
    );
  });
});

describe('the report', () => {
  let cases: TestCase[];
  let passing: SuiteResult;
  let failing: SuiteResult;
  beforeAll(async () => {
    cases = canaryCases();
    [passing, failing] = await Promise.all([
      runSuite(inProcess(ownAdapter()), cases),
      runSuite(inProcess(ownAdapter(withRulesOff('taskCheck'))), cases),
    ]);
  });

  it('of a conforming store matches the schema and passes every rule it checks', () => {
    const report = jsonReport(passing, cases, where, run('conforms', 0));
    expect(conformReportSchema.safeParse(JSON.parse(reportJson(report))).error).toBeUndefined();
    expect(report).toMatchObject({ $schema: REPORT_SCHEMA_ID, outcome: 'conforms', exitCode: 0, durationMs: 1234 });
    expect(report.rules.every((rule) => rule.status !== 'fail')).toBe(true);
    expect(report.summary).toEqual({
      scenarios: cases.length,
      failed: 0,
      notApplicable: 0,
      unsupportedOps: [],
      rulesNotApplicable: 0,
      rules: CANARY_RULES.length,
      rulesConforming: CANARY_RULES.length,
    });
  });

  it('of a failing store matches the schema and holds each failure once, with the text report’s lines', () => {
    const report = jsonReport(failing, cases, where, run('failed', 1));
    expect(conformReportSchema.safeParse(JSON.parse(reportJson(report))).error).toBeUndefined();
    const failed = report.rules.filter((rule) => rule.status === 'fail');
    expect(failed.map((rule) => rule.rule)).toContain('taskCheck');
    const all = report.rules.flatMap((rule) => rule.failures);
    expect(all).toHaveLength(failing.failures.length);
    const text = reportLines(failing, cases, where).lines;
    for (const failure of all) for (const line of failure.text) expect(text).toContain(line);
    expect(report.likelyBroken).toMatch(/^likely broken: .* \(taskCheck\)/);
  });

  it('fails the schema when a field it does not declare appears, or one goes missing', () => {
    const report = jsonReport(passing, cases, where, run('conforms', 0));
    expect(conformReportSchema.safeParse({ ...report, extra: 1 }).success).toBe(false);
    const { summary: _summary, ...without } = report;
    expect(conformReportSchema.safeParse(without).success).toBe(false);
  });

  it('bounds every string and list, whatever the adapter answered', () => {
    const failure = failing.failures[0]!;
    const huge: CaseFailure = {
      ...failure,
      reasons: Array.from({ length: 5_000 }, (_, i) => `reason ${i} ${'x'.repeat(10_000)}`),
      shrunk: {
        ...failure.shrunk,
        failure: {
          ...failure.shrunk.failure,
          mismatch: {
            ...failure.shrunk.failure.mismatch,
            adapter: 'y'.repeat(1_000_000),
            extra: Array.from({ length: 50_000 }, (_, i) => `id-${i}`),
          },
        },
      },
    };
    const report = jsonReport({ ...failing, failures: [huge] }, cases, where, run('failed', 1));
    expect(conformReportSchema.safeParse(report).error).toBeUndefined();
    const entry = report.rules.flatMap((rule) => rule.failures)[0]!;
    expect(entry.adapter).toHaveLength(MAX_TEXT + 1);
    expect(entry.reasons).toHaveLength(MAX_LIST);
    expect([entry.extra.length, entry.extraTotal]).toEqual([MAX_LIST, 50_000]);
    expect(reportJson(report).length).toBeLessThan(2_000_000);
  });

  it('of a broken run says what broke and where, and matches the schema', () => {
    const report = brokenJsonReport(run('broken', 2), {
      message: 'the adapter exited with code 1 before answering',
      case: 'c01 (refuse)',
      step: 0,
      op: null,
      stderrTail: ['Traceback', 'boom'],
    });
    expect(conformReportSchema.safeParse(report).error).toBeUndefined();
    expect(report).toMatchObject({ outcome: 'broken', exitCode: 2, rules: [], reportFile: null });
  });

  it('writes what a terminal would act on as \\u escapes: the same data for a parser', () => {
    const report = brokenJsonReport(run('broken', 2), {
      message: 'the adapter said \u202eko\u009b31m\u2028',
      case: null,
      step: null,
      op: null,
      stderrTail: ['\u001b[2J'],
    });
    const json = reportJson(report);
    // oxlint-disable-next-line no-control-regex -- no control character may be left raw
    expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2028\u2029]/);
    expect(json).toContain('the adapter said \\u202eko\\u009b31m\\u2028');
    expect(JSON.parse(json)).toEqual(report);
  });
});
