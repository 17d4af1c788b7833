/**
 * A text that may be very long (an item's text may hold up to two million characters): its first
 * SHOWN_CHARS are shown, with a button to show it all. Laying out a megabyte of text on each step made
 * Next take 1–2 s; the text also wraps anywhere (styles.css), so it can never widen the page.
 */
import { useState } from 'react';
import { digits } from '../../core/text/digits';

/** How many characters of a long text are shown until the learner asks for all of it. */
export const SHOWN_CHARS = 2_000;

export function LongText({ text, className }: { text: string; className?: string }) {
  const [all, setAll] = useState(false);
  if (all || text.length <= SHOWN_CHARS) return <p className={className}>{text}</p>;
  return (
    <p className={className}>
      {text.slice(0, SHOWN_CHARS)}…{' '}
      <button type="button" className="link" onClick={() => setAll(true)}>
        Show all {digits(text.length)} characters
      </button>
    </p>
  );
}

/** A line cut to SHOWN_CHARS unless `all`: for views that show a long text line by line. */
export function shownLine(line: string, all: boolean): string {
  return all || line.length <= SHOWN_CHARS ? line : `${line.slice(0, SHOWN_CHARS)}…`;
}
