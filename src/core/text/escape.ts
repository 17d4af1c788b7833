/**
 * One way to print a text that came from input (a title, an ID, a file name, an adapter's answer): its
 * control characters and bidirectional formatting characters written as escapes. Raw, an ESC starts a
 * terminal sequence that can recolour, hide or rewrite earlier lines ("FAILED" turned into "ok"), a BEL
 * rings, a newline forges a line of its own, and U+202E reverses what follows on the screen and in a
 * CI log. Everything else, accents and emoji included, is printed as it is.
 */

/** C0 controls, DEL, C1 controls, the bidi marks and overrides (U+061C, U+200E-F, U+202A-E, U+2066-9), U+2028-9. */
// oxlint-disable-next-line no-control-regex -- matching the control characters is this file's purpose
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED = new Map([
  ['\t', '\\t'],
  ['\n', '\\n'],
  ['\r', '\\r'],
]);

function escaped(ch: string): string {
  const named = NAMED.get(ch);
  if (named !== undefined) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` safe to print on one line of a terminal or a log: each unsafe character as `\xHH`, `\uHHHH`, `\t`, `\n` or `\r`. */
export function printable(text: string): string {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text) ? text.replace(UNSAFE, escaped) : text;
}
