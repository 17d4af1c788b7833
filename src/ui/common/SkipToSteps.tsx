/**
 * The skip link to the steps. Its target section is not focusable, so following the bare link left focus
 * on <body>: it focuses the step in view instead (or the timeline's heading), where the arrow keys work.
 */
import type { MouseEvent } from 'react';
import { PAGE_START_ID } from './focusBack';

function skip(event: MouseEvent<HTMLAnchorElement>) {
  const target =
    document.querySelector<HTMLElement>('#timeline [aria-current="step"]') ??
    document.querySelector<HTMLElement>('#timeline h2');
  if (target === null) return;
  event.preventDefault();
  target.focus();
}

export function SkipToSteps() {
  return (
    <>
      {/* Where focus returns when a closed dialog had no other place to give it back to (focusBack.ts). */}
      <span id={PAGE_START_ID} className="page-start" tabIndex={-1} />
      <a className="skip-link" href="#timeline" onClick={skip}>
        Skip to the steps
      </a>
    </>
  );
}
