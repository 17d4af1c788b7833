/**
 * A scenario's size, measured and judged: the editor's Run, the import and share links all refuse one
 * past MAX_SCENARIO_BYTES, with the limit in the reason, before any parsing or replay. The limits
 * themselves live in core/limits.ts, with every other limit.
 */
import { MAX_FILE_BYTES, MAX_SCENARIO_BYTES } from '../limits';
import type { Problem } from './scenario';
import { digits } from '../text/digits';

export { MAX_ITEM_TEXT_CHARS, MAX_QUESTION_CHARS, MAX_SCENARIO_BYTES } from '../limits';

/** The UTF-8 length of `text`, counted without building the bytes (a lone surrogate counts as three, as U+FFFD). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a surrogate pair: 2 units, 4 bytes
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** Why a scenario of `bytes` UTF-8 bytes is refused, or null when it is within MAX_SCENARIO_BYTES. */
export function scenarioSizeProblem(bytes: number): string | null {
  if (bytes <= MAX_SCENARIO_BYTES) return null;
  return `the scenario is ${digits(bytes)} bytes; scenarios are limited to ${digits(MAX_SCENARIO_BYTES)} bytes (typed, pasted, imported or linked)`;
}

/**
 * Why the command line refuses a file before reading it: its size (`known`), or for a pipe or a device
 * the bytes that had arrived when reading stopped, past `limit` (MAX_FILE_BYTES unless told).
 */
export function fileSizeProblem(bytes: number, known: boolean, limit = MAX_FILE_BYTES): string {
  const size = known ? `the file is ${digits(bytes)} bytes` : `more than ${digits(limit)} bytes arrived`;
  return `${size}; the command line reads files of at most ${digits(limit)} bytes`;
}

/** The located problem of a scenario text past MAX_SCENARIO_BYTES, or null: checked before any parsing. */
export function oversizedScenario(text: string): Problem | null {
  // Each UTF-16 unit is one to three bytes: most texts are judged by their length alone.
  if (text.length * 3 <= MAX_SCENARIO_BYTES) return null;
  const problem = scenarioSizeProblem(utf8Length(text));
  return problem === null ? null : { message: problem, path: '(scenario)', line: 1, column: 1 };
}
