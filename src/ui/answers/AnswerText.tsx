/** A graded answer's text with the evidence that decided it marked, for recorded and live answers alike. */
import type { Segment } from '../../core/grading/segments';
import type { AnswerVerdict } from '../../core/grading/answerCheck';

/** The mark before a verdict's word, so it reads without colour. */
export const VERDICT_ICON: Readonly<Record<AnswerVerdict, string>> = { pass: '✓', fail: '✗', incomplete: '…' };

/** The answer's segments; `empty` stands in when there is no text (an empty answer has no segments). */
export function AnswerText({ segments, empty }: { segments: readonly Segment[]; empty: string }) {
  return (
    <blockquote className="answer-text">
      {segments.length === 0 ? (
        <em>{empty}</em>
      ) : (
        segments.map((s, i) =>
          s.kind === null ? (
            <span key={i}>{s.text}</span>
          ) : (
            <mark
              key={i}
              className={`evidence evidence-${s.kind}`}
              title={s.kind === 'own' ? 'own fact' : "other user's data"}
            >
              {s.text}
            </mark>
          ),
        )
      )}
    </blockquote>
  );
}
