/**
 * JSON text as every file the project reads arrives: parsed with one depth limit, every problem located
 * by line and column through one line index per text, so reporting N problems costs O(text + N log lines).
 * Nothing here knows what the JSON means; scenario.ts, the grader and the lessons build on it.
 */
import { type ParseError, parse as parseJsonc } from 'jsonc-parser';
import type { PathSegment } from './jsonPath';
import { MAX_DEPTH } from '../limits';

/** One located problem with a file. Lines and columns count from 1. */
export interface Problem {
  message: string;
  path: string;
  /** The same path as segments, where it is known. */
  segments?: PathSegment[];
  line?: number;
  column?: number;
  endLine?: number;
  endColumn?: number;
}

/** A line and column, from 1, in UTF-16 units as editors count. */
export interface Position {
  line: number;
  column: number;
}

// Deeper JSON than MAX_DEPTH (core/limits.ts) is refused before parsing, so no parser recurses without bound.
export { MAX_DEPTH };

/** The one message for JSON nested too deep, whichever file it is in. */
export const TOO_DEEP = `JSON nested deeper than ${MAX_DEPTH} levels`;

/** Line and column of one offset. It indexes the whole text: for many offsets in one text, call `lineIndex` once. */
export function lineColumn(text: string, offset: number): Position {
  return lineIndex(text)(offset);
}

/**
 * A locator for many offsets in one text: the line starts are found once (O(text)), each offset is
 * then a binary search (O(log lines)). Located errors were quadratic when each scanned from offset 0.
 */
export function lineIndex(text: string): (offset: number) => Position {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    // The last line start at or before the offset (a newline at the offset itself ends that line).
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - starts[low]! + 1 };
  };
}

/** A problem spanning `length` units from `offset` (at least one, so an editor can mark it). */
export function located(
  at: (offset: number) => Position,
  message: string,
  path: string,
  offset: number,
  length: number,
): Problem {
  const from = at(offset);
  const to = at(offset + Math.max(length, 1));
  return { message, path, line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

/** Offset of the first bracket nested deeper than MAX_DEPTH, or -1. Strings are skipped. */
function tooDeep(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 91 || c === 123) {
      if (++depth > MAX_DEPTH) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}

/** The located "nested too deep" problem for text holding a bracket deeper than MAX_DEPTH, else undefined. */
export function depthProblem(text: string): Problem | undefined {
  const deep = tooDeep(text);
  return deep === -1 ? undefined : located(lineIndex(text), TOO_DEEP, '(syntax)', deep, 1);
}

const SYNTAX: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected ":"',
  CommaExpected: 'expected "," or a closing bracket',
  CloseBraceExpected: 'expected "}"',
  CloseBracketExpected: 'expected "]"',
  EndOfFileExpected: 'unexpected text after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'control character inside a string (escape it)',
};
const CODE_NAMES = [
  '',
  'InvalidSymbol',
  'InvalidNumberFormat',
  'PropertyNameExpected',
  'ValueExpected',
  'ColonExpected',
  'CommaExpected',
  'CloseBraceExpected',
  'CloseBracketExpected',
  'EndOfFileExpected',
  'InvalidCommentToken',
  'UnexpectedEndOfComment',
  'UnexpectedEndOfString',
  'UnexpectedEndOfNumber',
  'InvalidUnicode',
  'InvalidEscapeCharacter',
  'InvalidCharacter',
];

/**
 * The located problem for text JSON.parse refused: too deep, else jsonc-parser's first error (it
 * recurses, so it runs only on text the depth check passed). `fallback` is JSON.parse's own message.
 */
export function syntaxProblem(text: string, fallback: string): Problem {
  const deep = depthProblem(text);
  if (deep !== undefined) return deep;
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  // Only the first: a parser that recovers reports every later token as another error.
  const first = errors[0];
  if (first === undefined) return { message: `JSON syntax: ${fallback}`, path: '(syntax)', line: 1, column: 1 };
  // Python's json reads these three (the lab's json.loads would take them); JSON has no such values.
  NON_JSON_NUMBER.lastIndex = first.offset;
  const number = NON_JSON_NUMBER.exec(text)?.[0];
  if (number !== undefined) {
    const message = `JSON syntax: ${number} is not a JSON value (JSON has no NaN or Infinity)`;
    return located(lineIndex(text), message, '(syntax)', first.offset, number.length);
  }
  const message = `JSON syntax: ${SYNTAX[CODE_NAMES[first.error] ?? ''] ?? 'invalid JSON'}`;
  return located(lineIndex(text), message, '(syntax)', first.offset, first.length);
}

const NON_JSON_NUMBER = /(?:NaN|-?Infinity)(?![\w$])/y;

/** True when `value` holds arrays or objects nested more than `levels` deep (the root counts as one). */
export function deeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels === 0) return true;
  if (Array.isArray(value)) return value.some((child) => deeperThan(child, levels - 1));
  for (const key in value) if (deeperThan((value as Record<string, unknown>)[key], levels - 1)) return true;
  return false;
}

/** The JSON object `text` holds; null when it is not JSON, or is JSON of another kind (an array, a string, ...). */
export function jsonObjectOf(text: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export type JsonOutcome = { kind: 'ok'; value: unknown } | { kind: 'invalid'; problem: Problem };

/**
 * Parse JSON text with the project's depth limit. JSON.parse first: jsonc-parser is ten times slower
 * on large files and is needed only to locate a syntax error. Both accept exactly JSON, so this is the
 * same outcome as checking with jsonc-parser first. The depth check scans the text only when JSON.parse
 * failed or the parsed value is too deep (its brackets are the text's).
 */
export function parseJson(text: string): JsonOutcome {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'invalid', problem: syntaxProblem(text, (error as Error).message) };
  }
  if (deeperThan(value, MAX_DEPTH)) return { kind: 'invalid', problem: depthProblem(text)! };
  return { kind: 'ok', value };
}
