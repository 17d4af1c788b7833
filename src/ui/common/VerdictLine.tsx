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
