/**
 * Where later steps' `note` and `expect` stand in a scenario's text: while a task about step K is
 * pending (core/exercises/reveal.ts `notesUpTo`), the editor masks these members of the steps after it,
 * since they would give the answer away. Only where they are: the text itself is never changed, so the
 * learner's work is never replaced by a hidden copy. Linear: jsonc-parser's scanner over each step that
 * may hold one. A text that never spells a telling key is not scanned at all: at 20,000 steps (3.3 MB)
 * the scans were 75–90 ms of one main-thread task after an import or a reload (bench:paste profile).
 */
import { createScanner } from 'jsonc-parser';
import { type StepSpan, stepSpans } from './stepSpans';

/** jsonc-parser's SyntaxKind values (a const enum, which isolated modules cannot read). */
const OPEN = new Set([1, 3]);
const CLOSE = new Set([2, 4]);
const COMMA = 5;
const COLON = 6;
const STRING = 10;
const EOF = 17;

/** The members a later step may hold that tell what the step will show. */
const TELLING = new Set(['note', 'expect']);
/** Where such a key may be written: by its name, or with a \u escape that could spell it. */
const SPELLED = /note|expect|\\u/g;

/** Where the next possible telling key is at or after `from` (Infinity: none). */
function spelledFrom(text: string, from: number): number {
  SPELLED.lastIndex = from;
  return SPELLED.exec(text)?.index ?? Number.POSITIVE_INFINITY;
}

/** The `note` and `expect` members (key to value's end) of the steps after step `upTo` (1-based). */
export function laterNotes(text: string, upTo: number): StepSpan[] {
  if (!Number.isFinite(upTo) || spelledFrom(text, 0) === Number.POSITIVE_INFINITY) return [];
  const spans: StepSpan[] = [];
  // Found once per stretch of steps it skips, so the search stays linear in the text.
  let spelled = -1;
  stepSpans(text).forEach((step, i) => {
    if (i + 1 <= upTo) return;
    if (spelled < step.start) spelled = spelledFrom(text, step.start);
    if (spelled >= step.end) return;
    const scanner = createScanner(text.slice(step.start, step.end), true);
    let depth = 0;
    let key: string | null = null;
    let keyAt = -1;
    let member: StepSpan | null = null;
    for (let token: number = scanner.scan(); token !== EOF; token = scanner.scan()) {
      const at = step.start + scanner.getTokenOffset();
      const end = at + scanner.getTokenLength();
      if (member !== null) {
        // The value ends at the comma or brace that closes it at the step's own depth.
        if (depth === 1 && (token === COMMA || CLOSE.has(token))) {
          spans.push(member);
          member = null;
        } else member.end = end;
      }
      if (OPEN.has(token)) depth++;
      else if (CLOSE.has(token)) depth--;
      else if (depth === 1 && token === STRING && member === null) {
        key = scanner.getTokenValue();
        keyAt = at;
      } else if (depth === 1 && token === COLON && key !== null && TELLING.has(key)) {
        member = { start: keyAt, end };
        key = null;
      }
    }
    if (member !== null) spans.push(member);
  });
  return spans;
}
