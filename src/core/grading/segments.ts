/**
 * An answer's text cut at the evidence the grader used, as the answer views show it. Its own module, below
 * both graders (the seed's recorded answers in answerRows.ts, a scenario's own in scenarioGrading.ts).
 */

/** A piece of an answer's text, tagged when it is evidence the grader used. */
export interface Segment {
  text: string;
  kind: 'own' | 'other' | null;
}

/** Split text at evidence spans; an overlapping span is cut where the earlier one ends. */
export function segments(
  text: string,
  spans: ReadonlyArray<{ start: number; end: number; kind: 'own' | 'other' }>,
): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const span of [...spans].sort((a, b) => a.start - b.start)) {
    const start = Math.max(span.start, at);
    if (span.end <= start) continue;
    if (start > at) out.push({ text: text.slice(at, start), kind: null });
    out.push({ text: text.slice(start, span.end), kind: span.kind });
    at = span.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), kind: null });
  return out;
}
