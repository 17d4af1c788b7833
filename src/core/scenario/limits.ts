/**
 * What one scenario may hold, in one place: the editor's Run, the import and share links all refuse past
 * these, with the limit in the reason, before any parsing or replay. They are far above any scenario a
 * person writes (the 20,000-step benchmark scenario is 3.3 MB, its longest text 79 characters) and far
 * below what would freeze the page (a 20 MB question took 15 s to render).
 */
import type { Problem } from './scenario';

/** The largest scenario text run, imported or opened from a link, in UTF-8 bytes. */
export const MAX_SCENARIO_BYTES = 4_000_000;
/**
 * The longest text of one item (a write's text, a configuration item, a handoff's brief), in characters.
 * A 1 MB note still replays (the page shows it truncated, with a way to see it all); a 20 MB one does not.
 */
export const MAX_ITEM_TEXT_CHARS = 2_000_000;
/** The longest question (a query step's, or one asked in the page or carried by a link), in characters. */
export const MAX_QUESTION_CHARS = 10_000;

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
  return `the scenario is ${bytes.toLocaleString('en')} bytes; scenarios are limited to ${MAX_SCENARIO_BYTES.toLocaleString('en')} bytes (typed, pasted, imported or linked)`;
}

/** The located problem of a scenario text past MAX_SCENARIO_BYTES, or null: checked before any parsing. */
export function oversizedScenario(text: string): Problem | null {
  // Each UTF-16 unit is one to three bytes: most texts are judged by their length alone.
  if (text.length * 3 <= MAX_SCENARIO_BYTES) return null;
  const problem = scenarioSizeProblem(text.length > MAX_SCENARIO_BYTES ? text.length : utf8Length(text));
  return problem === null ? null : { message: problem, path: '(scenario)', line: 1, column: 1 };
}
