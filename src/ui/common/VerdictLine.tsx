/** A panel's one-line verdict: a mark and a sentence, coloured by tone and readable without colour. */
import type { ReactNode } from 'react';
import { assertNever } from '../../core/store/errors';

/** ok: all is well (✓); warn: a leak or a red check to look at (⚠); fail: refused or failed (✕). */
export type Tone = 'ok' | 'warn' | 'fail';

function mark(tone: Tone): string {
  switch (tone) {
    case 'ok':
      return '✓ ';
    case 'warn':
      return '⚠ ';
    case 'fail':
      return '✕ ';
    default:
      return assertNever(tone);
  }
}

/** `status`: announced when it changes (role="status"), for verdicts that follow the learner's actions. */
export function VerdictLine({ tone, status = false, children }: { tone: Tone; status?: boolean; children: ReactNode }) {
  return (
    <p className={`verdict-line ${tone === 'ok' ? 'ok' : 'bad'}`} role={status ? 'status' : undefined}>
      <span aria-hidden="true">{mark(tone)}</span>
      {children}
    </p>
  );
}

/**
 * In place of a verdict the learner is asked to find first (core/exercises/reveal.ts): the rows stay on
 * screen, unlabelled, until the task about this step is answered or given up ("Show me" in Tasks).
 */
export const Withheld = () => (
  <p className="verdict-line withheld">Yours to find: answer the task about this step in Tasks, or “Show me” there.</p>
);
