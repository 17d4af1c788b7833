/**
 * npm run --silent conform -- (--exec "CMD" | --url http://127.0.0.1:PORT/PATH) [options]: run an
 * adapter through the canaries, the golden cases and the store lessons, and report per rule. Its
 * options and exit codes: cli/spec/conform.ts (`conform --help`).
 */
import { accessSync, constants, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { encodeShare } from '../src/core/sharing/shareLink';
import { failureFile, failureShareState, reportLines, scenarioText } from '../src/core/conformance/report';
import { caseLabel } from '../src/core/conformance/report';
import { ProtocolError, type Session } from '../src/core/conformance/run';
import { type CaseFailure, conforms, runSuite, type TestCase } from '../src/core/conformance/suite';
import type { RequestLine } from '../src/core/conformance/protocol';
import { CASE_KINDS, type CaseKind, suiteCases } from './conform/cases';
import { processSession } from './conform/processSession';
import { urlSession, checkAdapterUrl } from './conform/urlSession';
import { printable } from '../src/core/text/escape';
import { count } from '../src/core/text/plural';
import { timerMs } from './timerMs';
import { commandArgs, flagOption, stringOption, usageError, VERSION } from './args';
import { brokenJsonReport, type ConformReport, jsonReport, reportJson } from '../src/core/conformance/jsonReport';
import { junitXml } from '../src/core/conformance/junit';
import { CONFORM, CONFORM_EXIT } from './spec/conform';

const EXIT = CONFORM_EXIT;
/** Failures of one rule or group described in full on the terminal. */
const SHOWN_PER_RULE = 2;

/** The whole run's deadline passed; reported, like a protocol error, with exit 2. */
class SuiteTimeout extends ProtocolError {}

interface Options {
  exec: string | null;
  url: string | null;
  anyOrder: boolean;
  /** A case the store cannot run (it lacks an operation) fails the run instead of being n/a. */
  requireAll: boolean;
  lineTimeoutMs: number;
  timeoutMs: number;
  kinds: CaseKind[];
  out: string;
  page: string;
  /** The whole report as one JSON object on stdout instead of the text. */
  json: boolean;
  /** Where to write the report as JUnit XML. */
  junit: string | null;
}

function usage(message: string): never {
  return usageError(CONFORM, message);
}

function readOptions(argv: string[]): Options {
  const args = commandArgs(CONFORM, argv);
  if (args.positionals.length > 0) usage(`unexpected argument ${args.positionals[0]}`);
  const number = (name: string, fallback: number) => {
    const text = stringOption(args, name);
    if (text === null) return fallback;
    const read = timerMs(`--${name}`, text);
    return read.kind === 'ok' ? read.ms : usage(read.message);
  };
  const cases = stringOption(args, 'cases');
  const kinds = cases === null ? [...CASE_KINDS] : cases.split(',');
  const unknown = kinds.filter((k) => !(CASE_KINDS as readonly string[]).includes(k));
  if (unknown.length > 0) usage(`--cases takes ${CASE_KINDS.join(', ')}; not ${unknown.join(', ')}`);
  const options: Options = {
    exec: stringOption(args, 'exec'),
    url: stringOption(args, 'url'),
    anyOrder: flagOption(args, 'any-order'),
    requireAll: flagOption(args, 'require-all'),
    lineTimeoutMs: number('line-timeout-ms', 5_000),
    timeoutMs: number('timeout-ms', 120_000),
    kinds: kinds as CaseKind[],
    out: stringOption(args, 'out') ?? 'build/conform',
    page: stringOption(args, 'page') ?? 'http://localhost:4173/',
    json: flagOption(args, 'json'),
    junit: stringOption(args, 'junit'),
  };
  if ((options.exec === null) === (options.url === null)) usage('give exactly one of --exec and --url');
  // The reports' folder is made and tried before any case runs, not found unwritable after the whole suite.
  try {
    mkdirSync(options.out, { recursive: true });
    accessSync(options.out, constants.W_OK);
  } catch (error) {
    usage(
      `--out ${JSON.stringify(options.out)} is not a folder the reports can be written to (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  // The JUnit file's folder is tried before any case runs too.
  if (options.junit !== null) {
    let problem: string | null = null;
    try {
      const folder = dirname(resolve(options.junit));
      accessSync(folder, constants.W_OK);
      if (!statSync(folder).isDirectory()) problem = 'ENOTDIR';
      else if (existsSync(options.junit) && statSync(options.junit).isDirectory()) problem = 'EISDIR';
    } catch (error) {
      problem = (error as NodeJS.ErrnoException).code ?? 'error';
    }
    if (problem !== null)
      usage(`--junit ${JSON.stringify(options.junit)} is not a file that can be written (${problem})`);
  }
  return options;
}

/** The report's other forms, when asked for: JSON on stdout (--json), JUnit XML to its file (--junit). */
function writeReports(options: Options, report: () => ConformReport): void {
  if (!options.json && options.junit === null) return;
  const made = report();
  if (options.junit !== null) writeFileSync(options.junit, junitXml(made));
  if (options.json) process.stdout.write(reportJson(made));
}

/** Remembers the case and line in flight, so a protocol error can say where it happened. */
function located(session: Session) {
  const where = { testCase: null as TestCase | null, line: 0, op: '' };
  return {
    where,
    session: {
      async send(line: RequestLine) {
        where.line = line.op === 'reset' ? 0 : where.line + 1;
        where.op = line.op;
        return session.send(line);
      },
    } satisfies Session,
  };
}

/** What every form of the report says of the run itself. */
function runOf(options: Options, started: number) {
  return {
    version: VERSION,
    durationMs: Date.now() - started,
    anyOrder: options.anyOrder,
    requireAll: options.requireAll,
    cases: options.kinds,
  };
}

async function main(): Promise<number> {
  const options = readOptions(process.argv.slice(2));
  let adapter: { session: Session; close(): Promise<void>; kill(): void; stderrTail(): string };
  if (options.exec !== null) {
    const proc = processSession(options.exec, options.lineTimeoutMs);
    adapter = { session: proc, close: () => proc.close(), kill: proc.kill, stderrTail: proc.stderrTail };
  } else {
    const checked = checkAdapterUrl(options.url!);
    if (checked.kind === 'refused') usage(checked.message);
    const session = urlSession(checked.url, options.lineTimeoutMs);
    adapter = {
      session,
      close: async () => void (await session.send({ op: 'end' }).catch(() => undefined)),
      kill: () => undefined,
      stderrTail: () => '',
    };
  }
  const cases = suiteCases(options.kinds);
  const { where, session } = located(adapter.session);
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const overall = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SuiteTimeout(`the suite did not finish within ${options.timeoutMs} ms (--timeout-ms)`)),
      options.timeoutMs,
    );
  });
  try {
    const result = await Promise.race([
      runSuite(session, cases, { anyOrder: options.anyOrder, onStart: (c) => (where.testCase = c) }),
      overall,
    ]);
    // What goes wrong from here happens after the end line, not at the last case's last step.
    where.testCase = null;
    await Promise.race([adapter.close(), overall]);
    clearTimeout(timer);
    mkdirSync(options.out, { recursive: true });
    // Each failure's shrunk scenario is written once; both reports name the same file and link.
    const written = new Map<CaseFailure, { file: string; link: string | null }>();
    const whereOf = (failure: CaseFailure) => {
      let place = written.get(failure);
      if (place === undefined) {
        const file = join(options.out, failureFile(failure));
        writeFileSync(file, scenarioText(failure.shrunk.scenario));
        const link = encodeShare(failureShareState(failure));
        place = {
          file: relative(process.cwd(), file).startsWith('..') ? file : relative(process.cwd(), file),
          link: link.kind === 'ok' ? `${options.page}${link.fragment}` : null,
        };
        written.set(failure, place);
      }
      return place;
    };
    const reportFile = join(options.out, 'report.txt');
    writeFileSync(reportFile, `${reportLines(result, cases, whereOf).lines.map(printable).join('\n')}\n`);
    const code = conforms(result, options.requireAll) ? EXIT.conforms : EXIT.failed;
    writeReports(options, () =>
      jsonReport(result, cases, whereOf, {
        ...runOf(options, started),
        outcome: code === EXIT.conforms ? 'conforms' : 'failed',
        exitCode: code,
        reportFile,
      }),
    );
    if (options.json) return code;
    // On the terminal, the first failures of each rule in full; the report file holds them all.
    const shown = reportLines(result, cases, whereOf, SHOWN_PER_RULE).lines;
    if (options.requireAll && result.skipped.length > 0)
      shown.push(`--require-all: the ${count(result.skipped.length, 'scenario')} n/a count as failures`);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `${shown.map(printable).join('\n')}\n(${seconds} s; full report in ${printable(reportFile)})\n`,
    );
    return code;
  } catch (error) {
    clearTimeout(timer);
    adapter.kill();
    if (!(error instanceof ProtocolError)) throw error;
    const at =
      where.testCase === null
        ? ''
        : ` at ${caseLabel(where.testCase)}, ${where.line === 0 ? 'its reset' : `step ${where.line} (${where.op})`}`;
    const tail = adapter.stderrTail();
    const what = error instanceof SuiteTimeout ? error.message : `the adapter ${error.message}`;
    writeReports(options, () =>
      brokenJsonReport(
        { ...runOf(options, started), outcome: 'broken', exitCode: EXIT.broken, reportFile: null },
        {
          message: what,
          case: where.testCase === null ? null : caseLabel(where.testCase),
          step: where.testCase === null ? null : where.line,
          op: where.testCase === null || where.line === 0 ? null : where.op,
          stderrTail: tail === '' ? [] : tail.split('\n').slice(-15),
        },
      ),
    );
    process.stderr.write(
      `conform: ${printable(`${what}${at}`)}\n` +
        (tail === ''
          ? ''
          : `its standard error ended with:\n${tail
              .split('\n')
              .slice(-15)
              .map((l) => `  ${printable(l)}`)
              .join('\n')}\n`),
    );
    return EXIT.broken;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`conform: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(EXIT.broken);
  },
);
