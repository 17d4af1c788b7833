/**
 * Where each step of a scenario stands in its text, for the editor's link with the timeline: the span
 * of `steps[i]` (step i + 1, core/timeline/stepNumbers.ts) in the top-level `steps` array. One pass of
 * jsonc-parser's scanner with a depth counter, no recursion and no tree: linear in the text, whatever
 * its nesting (a pasted 100,000-deep bracket run costs one counter), and tolerant of a half-typed text.
 */
import { createScanner } from 'jsonc-parser';

/** jsonc-parser's SyntaxKind values (a const enum, which isolated modules cannot read). */
const SyntaxKind = {
  OpenBraceToken: 1,
  CloseBraceToken: 2,
  OpenBracketToken: 3,
  CloseBracketToken: 4,
  CommaToken: 5,
  ColonToken: 6,
  StringLiteral: 10,
  EOF: 17,
} as const;

/** A step's text: from its first character to just past its last (offsets in UTF-16 units). */
export interface StepSpan {
  start: number;
  end: number;
}

/** The spans of the last top-level `steps` array's elements, in order; empty when there is none. */
export function stepSpans(text: string): StepSpan[] {
  // Trivia and comments skipped by the scanner itself.
  const scanner = createScanner(text, true);
  let spans: StepSpan[] = [];
  let depth = 0;
  // The last key read at depth 1 (a property of the root object), and whether a value follows it.
  let rootKey: string | null = null;
  let afterColon = false;
  // Inside the steps array (its elements sit at depth 2), and the element being read.
  let inSteps = false;
  let current: StepSpan | null = null;
  for (let token: number = scanner.scan(); token !== SyntaxKind.EOF; token = scanner.scan()) {
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    const opens = token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken;
    const closes = token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken;
    if (inSteps) {
      if (depth === 2 && !closes && token !== SyntaxKind.CommaToken && current === null) {
        current = { start, end };
        spans.push(current);
      } else if (current !== null && (depth > 2 || (!closes && token !== SyntaxKind.CommaToken))) {
        current.end = end;
      }
    }
    if (opens) {
      if (depth === 1 && token === SyntaxKind.OpenBracketToken && afterColon && rootKey === 'steps') {
        inSteps = true;
        spans = [];
      }
      depth++;
    } else if (closes) {
      depth = Math.max(0, depth - 1);
      if (depth === 2) current = null;
      if (depth <= 1) {
        inSteps = false;
        current = null;
      }
    } else if (token === SyntaxKind.CommaToken) {
      if (depth === 2) current = null;
      if (depth === 1) afterColon = false;
    } else if (depth === 1 && token === SyntaxKind.StringLiteral && !afterColon) {
      rootKey = scanner.getTokenValue();
    } else if (depth === 1 && token === SyntaxKind.ColonToken) {
      afterColon = true;
    }
  }
  return spans;
}

/**
 * The step number (from 1) whose span holds `offset`, or null outside every step. A caret just past a
 * step's closing brace still counts as in it. Binary search: the spans are in order.
 */
export function stepAt(spans: readonly StepSpan[], offset: number): number | null {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const span = spans[mid]!;
    if (offset < span.start) hi = mid - 1;
    else if (offset > span.end) lo = mid + 1;
    else return mid + 1;
  }
  return null;
}
