/**
 * Every command's command line, as a user meets it: `--help` and `-h` print the usage, every option and
 * the exit codes (exit 0); `--version` prints the package's version; `--flag=value` works wherever
 * `--flag value` does; an unknown option exits 2 and names it, escaped. The exit codes each command
 * declares (cli/spec/) are the ones the tables of docs/exit-codes.md list.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COURSE_EXIT } from '../src/core/courses/courseReport';
import { type CommandSpec, helpText, readArgs, VERSION } from './args';
import { parseRecordArgs } from './record/args';
import { CONFORM } from './spec/conform';
import { GRADE } from './spec/grade';
import { RECORD } from './spec/record';
import { REPLAY, REPLAY_EXIT } from './spec/replay';
import { SQL } from './spec/sql';
import { npmRun, projectText, removeScratch, ROOT, scratchDir, STACK_LINE } from './testing';

afterAll(removeScratch);

const SPECS: readonly CommandSpec[] = [REPLAY, GRADE, CONFORM, SQL, RECORD];

describe('readArgs', () => {
  it('reads --flag=value as --flag value, keeps repeated options in order, and takes FILE after --', () => {
    const spaced = readArgs(REPLAY, ['--lesson', 'seed-alice-bob', '--see', '3', '--mark', '4:x', '--see', '5', 'f']);
    const joined = readArgs(REPLAY, ['--lesson=seed-alice-bob', '--see=3', '--mark=4:x', '--see=5', 'f']);
    expect(joined).toEqual(spaced);
    expect(spaced).toMatchObject({
      kind: 'ok',
      args: {
        values: { lesson: 'seed-alice-bob', see: ['3', '5'], mark: ['4:x'] },
        positionals: ['f'],
        given: [
          { name: 'lesson', value: 'seed-alice-bob' },
          { name: 'see', value: '3' },
          { name: 'mark', value: '4:x' },
          { name: 'see', value: '5' },
        ],
      },
    });
    expect(readArgs(REPLAY, ['--step=-1'])).toMatchObject({ kind: 'ok', args: { values: { step: '-1' } } });
    expect(readArgs(REPLAY, ['--', '--help'])).toMatchObject({ kind: 'ok', args: { positionals: ['--help'] } });
  });

  it.each([
    [['--lessn', 'x'], 'unknown option --lessn'],
    [['--lessn=x'], 'unknown option --lessn'],
    [['-x'], 'unknown option -x'],
    [['--check=yes'], '--check takes no value'],
    [['--lesson'], '--lesson needs a value'],
    [['--lesson', '--check'], '--lesson needs a value'],
  ])('refuses %j: %s', (argv, message) => {
    expect(readArgs(REPLAY, argv)).toEqual({ kind: 'usage', message });
  });

  it('answers --help and -h before anything else on the line, --version after them', () => {
    expect(readArgs(CONFORM, ['--bogus', '-h']).kind).toBe('help');
    expect(readArgs(CONFORM, ['--exec', '--help']).kind).toBe('help');
    expect(readArgs(CONFORM, ['--version', '--help']).kind).toBe('help');
    expect(readArgs(CONFORM, ['--out', 'x', '--version']).kind).toBe('version');
  });

  it("gives record's options the same reading", () => {
    const root = new URL('file:///project/');
    expect(parseRecordArgs(['--timeout-ms=5', '--host=http://gpu:1'], {}, root)).toMatchObject({
      kind: 'ok',
      options: { timeoutMs: 5, host: 'http://gpu:1' },
    });
    expect(parseRecordArgs(['extra'], {}, root)).toEqual({ kind: 'usage', message: 'unexpected argument extra' });
  });
});

describe('the exit codes', () => {
  it("replay's agree with a course pack's (src/core/courses/courseReport.ts)", () => {
    expect(COURSE_EXIT).toEqual({
      ok: REPLAY_EXIT.ok,
      usage: REPLAY_EXIT.invalid,
      solutionMisses: REPLAY_EXIT.checkFailed,
      unsolvedMeets: REPLAY_EXIT.taskUnmet,
      invalid: REPLAY_EXIT.packInvalid,
      lessonFails: REPLAY_EXIT.lessonFails,
    });
    for (const code of Object.values(REPLAY_EXIT)) expect(REPLAY.exits.map((e) => e.code)).toContain(code);
  });

  /** The rows of the table that follows `<!-- exit codes: NAME -->` in the README or a page of docs/. */
  function documentedExits(name: string): string[][] | null {
    const docs = existsSync(join(ROOT, 'docs'))
      ? readdirSync(join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md'))
      : [];
    for (const page of ['README.md', ...docs.map((file) => join('docs', file))]) {
      const lines = projectText(page).split('\n');
      const at = lines.indexOf(`<!-- exit codes: ${name} -->`);
      if (at === -1) continue;
      let start = at + 1;
      while (lines[start] === '') start++;
      let end = start;
      while (lines[end]?.startsWith('|')) end++;
      // Past the header and its separator, each row's cells.
      return lines.slice(start + 2, end).map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    }
    return null;
  }

  it.each(SPECS.map((spec) => [spec.name, spec] as const))(
    "%s's table in the docs is the one --help prints",
    (_, spec) => {
      expect(documentedExits(spec.name)).toEqual(spec.exits.map(({ code, meaning }) => [String(code), meaning]));
    },
  );
});

describe.each(SPECS.map((spec) => [spec.name, spec] as const))('%s', (name, spec) => {
  it('--help and -h print the usage, every option and the exit codes, and exit 0', async () => {
    const [long, short] = await Promise.all([npmRun(name, '--help'), npmRun(name, '-h')]);
    expect(long).toEqual({ code: 0, stdout: helpText(spec), stderr: '' });
    expect(short).toEqual(long);
    expect(long.stdout).toMatch(/^Usage: /);
    for (const option of Object.keys(spec.options)) expect(long.stdout).toContain(`--${option}`);
    expect(long.stdout).toContain('\nExit codes:\n');
    for (const { code, meaning } of spec.exits)
      expect(long.stdout).toMatch(new RegExp(`^ +${code}  ${meaning.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  });

  it('--version prints the version of package.json and exits 0', async () => {
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(VERSION).toBe(version);
    expect(await npmRun(name, '--version')).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('exits 2 naming an unknown option, escaped, without running', async () => {
    const typo = await npmRun(name, '--lessn', 'x');
    expect(typo).toEqual({ code: 2, stdout: '', stderr: `${name}: unknown option --lessn (see ${name} --help)\n` });
    const hostile = await npmRun(name, '--\u001b[32mok\u202e');
    expect(hostile.code).toBe(2);
    expect(hostile.stderr).toBe(`${name}: unknown option --\\x1b[32mok\\u202e (see ${name} --help)\n`);
    expect(hostile.stderr).not.toMatch(STACK_LINE);
  });
});

describe('--flag=value on the command line', () => {
  it('replay: --lesson=ID is the lesson, not a file', async () => {
    const [joined, spaced] = await Promise.all([
      npmRun('replay', '--lesson=seed-alice-bob', '--solution'),
      npmRun('replay', '--lesson', 'seed-alice-bob', '--solution'),
    ]);
    expect(joined.code).toBe(0);
    expect(joined).toEqual(spaced);
  });

  it('conform: --exec=CMD --cases=LIST --out=DIR', async () => {
    const out = scratchDir('cli-args-');
    const run = await npmRun(
      'conform',
      '--exec=node --import tsx conformance/adapters/own-store.ts',
      '--cases=canaries',
      `--out=${out}`,
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`full report in ${out}/report.txt`);
  }, 60_000);
});
