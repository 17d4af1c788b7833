/** A lesson's done mark in icon and words, never colour alone. */
import { type LessonStatus, statusWords } from './status';

const ICON: Record<LessonStatus['kind'], string> = { unopened: '○', checking: '…', done: '✓', red: '✕', invalid: '✕' };

export function LessonMark({ status, long = false }: { status: LessonStatus; long?: boolean }) {
  const detail = long && status.kind === 'red' ? `; the first at ${status.first}` : '';
  const side = long && (status.kind === 'done' || status.kind === 'red') ? ' for the safe side' : '';
  return (
    <p className={`lesson-mark mark-${status.kind}`}>
      <span aria-hidden="true">{ICON[status.kind]} </span>
      {statusWords(status)}{side}{detail}.
    </p>
  );
}
