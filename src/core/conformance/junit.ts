/**
 * The suite's report as JUnit XML (`conform --junit FILE`), made from the JSON report so the two never
 * disagree: one testsuite, one testcase per rule (its canaries' failures as the failure's text), per
 * golden case and per store lesson; a rule that is n/a is skipped; a run the adapter broke is one
 * testcase with an error. Every text is made printable, stripped of what XML 1.0 cannot hold and
 * escaped; each failure's text is bounded (MAX_BODY characters).
 */
import { printable } from '../text/escape';
import type { ConformReport } from './jsonReport';
import { count } from '../text/plural';

/** Most characters of one testcase's failure text; the rest is in the text report. */
export const MAX_BODY = 20_000;

/** Lone surrogates and U+FFFE, U+FFFF: not characters XML 1.0 allows (printable() has escaped the controls). */
const NOT_XML = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;

/** One line of text as XML character data or an attribute value: printable, then escaped. */
function xml(line: string): string {
  return printable(line)
    .replace(NOT_XML, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Lines as the text of an element, each escaped on its own, the whole bounded. */
function body(lines: readonly string[]): string {
  let text = lines.map(xml).join('\n');
  if (text.length > MAX_BODY) {
    // Cut at a line's end, never inside an entity.
    const cut = text.lastIndexOf('\n', MAX_BODY);
    text = `${text.slice(0, cut > 0 ? cut : 0)}\n… (cut here: the full report has the rest)`;
  }
  return text;
}

interface Case {
  classname: string;
  name: string;
  failure?: { message: string; lines: string[] };
  skipped?: string;
  error?: { message: string; lines: string[] };
}

function testcase(c: Case): string {
  const open = `    <testcase classname="${xml(c.classname)}" name="${xml(c.name)}" time="0"`;
  if (c.failure !== undefined)
    return `${open}>\n      <failure message="${xml(c.failure.message)}" type="mismatch">${body(c.failure.lines)}</failure>\n    </testcase>`;
  if (c.error !== undefined)
    return `${open}>\n      <error message="${xml(c.error.message)}" type="protocol">${body(c.error.lines)}</error>\n    </testcase>`;
  if (c.skipped !== undefined) return `${open}>\n      <skipped message="${xml(c.skipped)}"/>\n    </testcase>`;
  return `${open}/>`;
}

function cases(report: ConformReport): Case[] {
  if (report.error !== null) {
    const { error } = report;
    const step =
      error.step === null ? '' : error.step === 0 ? ', its reset' : `, step ${error.step} (${error.op ?? '?'})`;
    const at = error.case === null ? '' : ` at ${error.case}${step}`;
    return [
      {
        classname: 'conform',
        name: 'the adapter',
        error: { message: `${error.message}${at}`, lines: error.stderrTail },
      },
    ];
  }
  const failed = (n: number) => count(n, 'failing scenario');
  return [
    ...report.rules.map((rule): Case => {
      const base = { classname: 'conform.rules', name: `${rule.rule}: ${rule.title}` };
      if (rule.status === 'fail')
        return {
          ...base,
          failure: { message: failed(rule.failures.length), lines: rule.failures.flatMap((f) => f.text) },
        };
      if (rule.status === 'n/a') return { ...base, skipped: rule.note ?? 'n/a' };
      return base;
    }),
    ...report.groups.flatMap((group) =>
      group.cases.map((c): Case => {
        const base = { classname: `conform.${group.kind}`, name: c.name };
        const failures = group.failures.filter((f) => f.case === c.case);
        return c.status === 'fail'
          ? {
              ...base,
              failure: {
                message:
                  failures[0] === undefined
                    ? 'failed'
                    : `step ${failures[0].firstFailingStep}: the adapter ${failures[0].adapter}`,
                lines: failures.flatMap((f) => f.text),
              },
            }
          : c.status === 'n/a'
            ? { ...base, skipped: c.note ?? 'n/a' }
            : base;
      }),
    ),
  ];
}

/** The report as a JUnit XML document. */
export function junitXml(report: ConformReport): string {
  const all = cases(report);
  const failures = all.filter((c) => c.failure !== undefined).length;
  const errors = all.filter((c) => c.error !== undefined).length;
  const skipped = all.filter((c) => c.skipped !== undefined).length;
  const counts = `tests="${all.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${(report.durationMs / 1000).toFixed(3)}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conform" ${counts}>`,
    `  <testsuite name="conform" ${counts}>`,
    '    <properties>',
    `      <property name="version" value="${xml(report.tool.version)}"/>`,
    `      <property name="schema" value="${xml(report.$schema)}"/>`,
    '    </properties>',
    ...all.map(testcase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
