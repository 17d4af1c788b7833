/**
 * `conform --json` and `--junit FILE`, as a CI runs them: the whole report as one JSON object on stdout
 * (nothing else there), matching the report's schema, for a store that conforms, one that fails and
 * one that breaks the protocol; the same report as JUnit XML that an XML parser reads, one testcase per
 * rule, golden case and store lesson, failures with their text, n/a rules skipped, everything escaped
 * and bounded.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { conformReportSchema, type ConformReport, REPORT_SCHEMA_ID } from '../src/core/conformance/jsonReport';
import { junitXml, MAX_BODY } from '../src/core/conformance/junit';
import { npmRun, removeScratch, scratch, scratchDir } from './testing';

afterAll(removeScratch);

const OWN = 'node --import tsx conformance/adapters/own-store.ts';
const PREFIX = 'python3 conformance/adapters/python/broken_prefix_namespaces.py';

/** jsdom (a dev dependency, without type declarations): its DOMParser reads XML as a browser does. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } };
};

/** The XML document, or the parser's complaint. */
function parseXml(text: string): Document {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  const error = doc.querySelector('parsererror');
  if (error !== null) throw new Error(`not XML: ${error.textContent}`);
  return doc;
}

async function conform(...args: string[]) {
  const out = scratchDir('conform-report-');
  const junit = join(out, 'junit.xml');
  const run = await npmRun('conform', ...args, '--out', out, '--json', '--junit', junit);
  const report = JSON.parse(run.stdout) as ConformReport;
  return { run, report, junit: parseXml(readFileSync(junit, 'utf8')) };
}

describe('conform --json --junit FILE', () => {
  it('of a store that conforms: the report alone on stdout, valid; every testcase passes or is skipped', async () => {
    const { run, report, junit } = await conform('--exec', OWN, '--cases', 'canaries,golden');
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(conformReportSchema.safeParse(report).error).toBeUndefined();
    expect(report).toMatchObject({ $schema: REPORT_SCHEMA_ID, outcome: 'conforms', exitCode: 0, error: null });
    expect(report.summary.failed).toBe(0);
    const suites = junit.querySelectorAll('testsuite');
    expect(suites).toHaveLength(1);
    const cases = [...junit.querySelectorAll('testcase')];
    const golden = report.groups.find((g) => g.kind === 'golden')!.cases.length;
    expect(cases).toHaveLength(report.rules.length + golden);
    expect(junit.querySelectorAll('failure, error')).toHaveLength(0);
    expect(suites[0]!.getAttribute('tests')).toBe(String(cases.length));
  }, 60_000);

  it('of a store that fails: exit 1, valid; the rule’s testcase fails with its canaries’ text, n/a is skipped', async () => {
    const { run, report, junit } = await conform('--exec', PREFIX);
    expect([run.code, run.stderr]).toEqual([1, '']);
    expect(conformReportSchema.safeParse(report).error).toBeUndefined();
    expect(report.outcome).toBe('failed');
    const exactKeys = report.rules.find((rule) => rule.rule === 'exactKeys')!;
    expect(exactKeys.status).toBe('fail');
    const testcase = [...junit.querySelectorAll('testcase')].find((c) =>
      c.getAttribute('name')!.startsWith('exactKeys:'),
    )!;
    const failure = testcase.querySelector('failure')!;
    expect(failure.getAttribute('message')).toBe(`${exactKeys.failures.length} failing scenarios`);
    expect(failure.textContent).toContain(exactKeys.failures[0]!.text[0]!);
    expect(failure.textContent).toContain('crossed: c23-corp-task');
    // Without "messages", escaping cannot be checked: skipped, with the reason.
    const escaping = [...junit.querySelectorAll('testcase')].find((c) =>
      c.getAttribute('name')!.startsWith('escaping:'),
    )!;
    expect(escaping.querySelector('skipped')!.getAttribute('message')).toBe(
      report.rules.find((rule) => rule.rule === 'escaping')!.note,
    );
    const failures = junit.querySelector('testsuite')!.getAttribute('failures');
    expect(Number(failures)).toBe(junit.querySelectorAll('failure').length);
  }, 60_000);

  it('of an adapter that breaks the protocol: exit 2, the error in both reports and on stderr', async () => {
    const write = scratch('conform-report-');
    const adapter = write(
      'garbage.py',
      'import sys\nsys.stdin.readline()\nprint("<not json & \\x1b[31m>")\nsys.stdout.flush()\n',
    );
    const { run, report, junit } = await conform('--exec', `python3 ${adapter}`);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^conform: the adapter /);
    expect(conformReportSchema.safeParse(report).error).toBeUndefined();
    expect(report.outcome).toBe('broken');
    expect(report.error!.case).toBe('c01 (refuse)');
    const error = junit.querySelector('testcase > error')!;
    expect(error.getAttribute('message')).toBe(`${report.error!.message} at c01 (refuse), its reset`);
  }, 60_000);

  it('refuses a --junit FILE it could not write before any case runs', async () => {
    const run = await npmRun('conform', '--exec', OWN, '--junit', '/dev/null/x.xml');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--junit "/dev/null/x.xml" is not a file that can be written (ENOTDIR)');
  });
});

describe('junitXml', () => {
  const hostile = 'a <b> & "c" \'d\' ]]> \u001b[31m \u202e \ud800 \uffff end';
  const failure = (line: string) => ({
    ...{ case: 'c01 (leak)', kind: 'canary' as const, name: 'c01', rule: 'userCheck', canary: hostile },
    ...{
      firstFailingStep: 1,
      steps: 1,
      shrunk: { steps: 1, failingStep: 1, line: hostile },
      mismatch: 'items' as const,
    },
    ...{ adapter: hostile, reference: 'r', extra: [], extraTotal: 0, missing: [], missingTotal: 0, reasons: [] },
    ...{ crossed: [], likeRulesOff: [], scenarioFile: 'f', link: null, text: Array.from({ length: 100 }, () => line) },
  });
  const report = (failures: number, line: string): ConformReport => ({
    $schema: REPORT_SCHEMA_ID,
    schemaVersion: 1,
    tool: { name: 'conform', version: hostile },
    outcome: 'failed',
    exitCode: 1,
    durationMs: 5,
    options: { anyOrder: false, requireAll: false, cases: ['canaries'] },
    rules: [
      {
        rule: 'userCheck',
        title: hostile,
        status: 'fail',
        note: null,
        canaries: 1,
        failures: Array.from({ length: failures }, () => failure(line)),
      },
      { rule: 'escaping', title: 't', status: 'n/a', note: hostile, canaries: 1, failures: [] },
    ],
    groups: [
      {
        kind: 'lesson',
        cases: [{ case: `lesson ${hostile}`, name: hostile, status: 'pass', note: null }],
        failures: [],
      },
    ],
    likelyBroken: null,
    summary: {
      scenarios: 1,
      failed: 1,
      notApplicable: 0,
      unsupportedOps: [],
      rules: 2,
      rulesConforming: 1,
      rulesNotApplicable: 0,
    },
    error: null,
    reportFile: null,
  });

  it('escapes every text: the document parses, and each text reads back printable', () => {
    const doc = parseXml(junitXml(report(1, hostile)));
    const printed = 'a <b> & "c" \'d\' ]]> \\x1b[31m \\u202e \\ud800 \\uffff end';
    expect(doc.querySelector('testcase')!.getAttribute('name')).toBe(`userCheck: ${printed}`);
    expect(doc.querySelector('failure')!.textContent!.split('\n')[0]).toBe(printed);
    expect(doc.querySelector('skipped')!.getAttribute('message')).toBe(printed);
    expect(doc.querySelectorAll('testcase')[2]!.getAttribute('name')).toBe(printed);
  });

  it('bounds the text of a testcase, cut at a line', () => {
    const xml = junitXml(report(1_000, 'x'.repeat(2_000)));
    const text = parseXml(xml).querySelector('failure')!.textContent!;
    expect(text.length).toBeLessThan(MAX_BODY + 100);
    expect(text.endsWith('\n… (cut here: the full report has the rest)')).toBe(true);
    expect(xml.length).toBeLessThan(MAX_BODY + 10_000);
  });
});
