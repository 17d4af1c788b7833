/**
 * Text helpers that must behave exactly like the seed's Python string methods.
 * Nothing in this file may know about scopes or the store.
 */

/** Characters Python's str.strip() removes (str.isspace): differs from JS \s by \x1c-\x1f, \x85 and \ufeff. */
// oxlint-disable-next-line no-control-regex -- the seed's (Python's) character classes name these control characters on purpose
const PY_BLANK = /^[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/** True when Python's `not text.strip()` would be true. */
export function isBlank(text: string): boolean {
  return PY_BLANK.test(text);
}

/** The seed's escape(): &, < and > only, so item text can never close its <item> block. */
export function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const WORD = /[a-z0-9]+/g;

/** The naive baseline's words: Python's set(re.findall(r'[a-z0-9]+', text.lower())). */
export function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

function isWordUnit(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

/**
 * `words(text).has(word)` for a `word` from words(), given `lower` = text.toLowerCase(), without
 * building the set: an occurrence of `word` with no [a-z0-9] on either side. The naive ranking asks
 * this for every stored item, and building a Set per item was most of its cost.
 */
export function hasWord(lower: string, word: string): boolean {
  for (let at = lower.indexOf(word); at !== -1; at = lower.indexOf(word, at + 1)) {
    const end = at + word.length;
    if (
      (at === 0 || !isWordUnit(lower.charCodeAt(at - 1))) &&
      (end === lower.length || !isWordUnit(lower.charCodeAt(end)))
    ) {
      return true;
    }
  }
  return false;
}

/** Python's default ordering of str (code points), which differs from UTF-16 order only past U+FFFF. */
export function comparePy(a: string, b: string): number {
  if (a === b) return 0;
  const ca = Array.from(a, (c) => c.codePointAt(0)!);
  const cb = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
    if (ca[i] !== cb[i]) return ca[i]! - cb[i]!;
  }
  return ca.length - cb.length;
}

/** Fast path for comparePy when both strings are identifiers (ASCII): plain comparison is exact. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
