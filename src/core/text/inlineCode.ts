/**
 * Inline code in a task's, hint's or answer's text: `expect` between backticks. Split into runs of
 * plain text and code, for a view to render as text and <code> elements (never as HTML). An unpaired
 * backtick stays a backtick. Linear in the text.
 */
export interface TextRun {
  code: boolean;
  text: string;
}

export function inlineCode(text: string): TextRun[] {
  const runs: TextRun[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('`', at);
    // With no opening backtick, `close` may find one before `at`; the test below reads `open` first.
    const close = text.indexOf('`', open + 1);
    if (open === -1 || close === -1) {
      runs.push({ code: false, text: text.slice(at) });
      break;
    }
    if (open > at) runs.push({ code: false, text: text.slice(at, open) });
    if (close > open + 1) runs.push({ code: true, text: text.slice(open + 1, close) });
    at = close + 1;
  }
  return runs;
}

/** The text as a reader hears it, without the backticks (for labels and titles). */
export function plainText(text: string): string {
  return inlineCode(text)
    .map((run) => run.text)
    .join('');
}

/**
 * An identifier cut where it may wrap: after each '-' or '_', never inside a word ("alice-export-" and
 * "limit", not "alice-export-l" and "imit"). Joined, the parts are the identifier.
 */
export function wrapParts(id: string): string[] {
  return id.match(/[^-_]*[-_]+|[^-_]+/g) ?? [id];
}
