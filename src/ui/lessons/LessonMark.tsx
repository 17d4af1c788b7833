/** A lesson's done mark in icon and words, never colour alone. */
import { type LessonStatus, statusWords } from '../../state/lessons/status';

const ICON: Record<LessonStatus['kind'], string> = { unopened: '○', checking: '…', green: '✓', red: '✕', invalid: '✕' };

/** `side` names what was judged (the long form, in the lesson bar): "the safe side", "the store with every rule on". */
export function LessonMark({ status, side }: { status: LessonStatus; side?: string }) {
  const long = side !== undefined;
  const detail = long && status.kind === 'red' ? `; the first at ${status.first}` : '';
  const judged = long && ((status.kind === 'green' && status.total > 0) || status.kind === 'red') ? ` for ${side}` : '';
  return (
    <p className={`lesson-mark mark-${status.kind}`}>
      <span aria-hidden="true">{ICON[status.kind]} </span>
      {statusWords(status)}
      {judged}
      {detail}.
    </p>
  );
}
