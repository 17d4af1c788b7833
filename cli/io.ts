/** Shared command-line plumbing: read a file, report an expected error without a stack trace. */
import { isAscii } from 'node:buffer';
import type { Problem } from '../src/core/scenario/scenario';
import { cappedLines } from '../src/core/scenario/shown';
import { decodeUtf8Strict } from '../src/core/scenario/utf8';
import { pathWithStep } from '../src/core/timeline/stepNumbers';
import { fileSizeProblem } from '../src/core/scenario/limits';
import { MAX_FILE_BYTES } from '../src/core/limits';
import { readBytesBounded } from './readFile';
import { printable } from '../src/core/text/escape';

/** Exit codes: 0 done, 1 the store rejected a step, 2 the input is invalid or unreadable. */
export const EXIT = { ok: 0, rejected: 1, invalid: 2 } as const;

/** Lines for the terminal, each made printable: any of them may hold a title, an ID or a file name from input. */
export function linesText(lines: readonly string[]): string {
  return lines.map((line) => `${printable(line)}\n`).join('');
}

export function fail(code: number, lines: string[]): never {
  process.stderr.write(linesText(lines));
  process.exit(code);
}

/** Exit 2 with the file's problems, located, the first SHOWN_PROBLEMS of them and a count of the rest. */
export function failWithProblems(file: string, problems: readonly Problem[]): never {
  fail(EXIT.invalid, cappedLines(problems.map((p) => formatProblem(file, p))));
}

/** How a command reads its file: the most bytes, the words past them, the exit code of a file too large or not UTF-8. */
export interface ReadRule {
  maxBytes: number;
  tooLarge: (bytes: number, known: boolean) => string;
  invalidCode: number;
}

/** Any file: a scenario, an answers file. */
export const FILE_READ: ReadRule = { maxBytes: MAX_FILE_BYTES, tooLarge: fileSizeProblem, invalidCode: EXIT.invalid };

export type TextRead =
  | { kind: 'ok'; text: string }
  /** Cannot be opened or read: usage, exit 2. */
  | { kind: 'unreadable'; line: string }
  /** Too large, or not UTF-8: the rule's invalidCode. */
  | { kind: 'invalid'; line: string };

/** A file's text, read as every command reads one (readBytesBounded, then strict UTF-8), or the located line why not. */
export function readTextFile(file: string, rule: ReadRule = FILE_READ): TextRead {
  const read = readBytesBounded(file, rule.maxBytes);
  if (read.kind === 'unreadable') return { kind: 'unreadable', line: `${file}: cannot read: ${read.code}` };
  if (read.kind === 'too-large') {
    const message = rule.tooLarge(read.bytes, read.known);
    return { kind: 'invalid', line: formatProblem(file, { message, path: '(size)', line: 1, column: 1 }) };
  }
  const decoded = decodeFile(file, read.bytes);
  return decoded.kind === 'ok' ? decoded : { kind: 'invalid', line: decoded.line };
}

/**
 * The file named on the command line (`files`: the arguments that are not options), or exit with a plain
 * message: 2 unreadable, the rule's code otherwise.
 */
export function readInput(
  command: string,
  rule: ReadRule = FILE_READ,
  files: readonly string[] = process.argv.slice(2),
): { file: string; text: string } {
  const file = files[0];
  if (file === undefined || files.length > 1) fail(EXIT.invalid, [`usage: npm run --silent ${command} -- FILE`]);
  const read = readTextFile(file, rule);
  if (read.kind === 'unreadable') fail(EXIT.invalid, [read.line]);
  if (read.kind === 'invalid') fail(rule.invalidCode, [read.line]);
  return { file, text: read.text };
}

/**
 * A file's bytes as text, as the seed's Python reads them: strict UTF-8, or the located line saying
 * where the first bad byte is. ASCII decodes the same as Latin-1, which is several times faster to
 * decode: 1.5 ms instead of 5 ms for a 4 MB scenario.
 */
export function decodeFile(
  file: string,
  bytes: Buffer,
): { kind: 'ok'; text: string } | { kind: 'invalid'; line: string } {
  if (isAscii(bytes)) return { kind: 'ok', text: bytes.toString('latin1') };
  const decoded = decodeUtf8Strict(bytes);
  if (decoded.kind === 'ok') return decoded;
  return { kind: 'invalid', line: formatProblem(file, { ...decoded, path: '(encoding)' }) };
}

/**
 * Write the command's output, then `done`. A reader that closed the pipe early (`| head`) wanted no
 * more of it: the rest is dropped without a word and `done` still runs, so the exit code stays the
 * command's verdict. Any other write error is reported and exits 2.
 */
export function writeOutput(text: string, done: () => void): void {
  let finished = false;
  const finish = (error?: Error | null) => {
    if (finished) return;
    finished = true;
    if (error && (error as NodeJS.ErrnoException).code !== 'EPIPE') {
      fail(EXIT.invalid, [`cannot write the output: ${(error as NodeJS.ErrnoException).code ?? error.message}`]);
    }
    done();
  };
  // The stream also emits the error; without a listener Node would print it with a stack trace.
  process.stdout.on('error', finish);
  process.stdout.write(text, finish);
}

/** "scenario.json:3:14: steps[0].as: expected ..."; a problem of the whole file has no path. */
export function formatProblem(file: string, problem: Problem): string {
  const where = problem.line !== undefined ? `${file}:${problem.line}:${problem.column}` : file;
  return problem.path === ''
    ? `${where}: ${problem.message}`
    : `${where}: ${pathWithStep(problem.path)}: ${problem.message}`;
}
