/**
 * The first-run tour's dialog: non-modal, beside the element its stop names by `data-tour`, closed by
 * Escape or its button at any stop. Loaded only when the tour shows. It takes focus when it appears (and
 * gives it back when it closes); it is positioned out of the page's flow, so nothing on the page moves.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useShallow } from 'zustand/react/shallow';
import { TOUR_STOPS } from '../../state/exercises/tourStops';
import { useTour } from './context';

const WIDTH = 320;

type Place = { top: number; left: number } | null;

/**
 * Where the dialog goes for an anchor: beside it when the viewport has room (so it hides none of the
 * pane), else over its top right corner below its heading; always inside the viewport.
 */
function placeFor(anchor: Element | null): Place {
  if (anchor === null) return null;
  const rect = anchor.getBoundingClientRect();
  const top = rect.top + window.scrollY + Math.min(rect.height, 56);
  const gap = 12;
  let left: number;
  if (rect.right + gap + WIDTH <= window.innerWidth - 8) left = rect.right + gap;
  else if (rect.left - gap - WIDTH >= 8) left = rect.left - gap - WIDTH;
  else left = Math.max(8, Math.min(rect.right - WIDTH - 16, window.innerWidth - WIDTH - 8));
  return { top, left: left + window.scrollX };
}

export default function Tour() {
  const { stop, next, back, dismiss } = useTour(
    useShallow((s) => ({ stop: s.stop, next: s.next, back: s.back, dismiss: s.dismiss })),
  );
  const heading = useRef<HTMLHeadingElement>(null);
  // Read while rendering, before the layout effect below moves focus to the dialog.
  const before = useRef<Element | null>(document.activeElement);
  const [place, setPlace] = useState<Place>(null);
  const current = stop === null ? null : TOUR_STOPS[stop]!;

  // Give focus back to what had it when the tour closes.
  useEffect(() => {
    const back = before.current;
    return () => {
      if (back instanceof HTMLElement && back !== document.body && back.isConnected) back.focus();
    };
  }, []);

  useLayoutEffect(() => {
    if (current === null) return;
    const anchor = document.querySelector(`[data-tour="${current.anchor}"]`);
    anchor?.setAttribute('data-tour-active', '');
    anchor?.scrollIntoView({ block: 'start' });
    const place = () => setPlace(placeFor(anchor));
    place();
    heading.current?.focus({ preventScroll: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('resize', place);
      anchor?.removeAttribute('data-tour-active');
    };
  }, [current]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) dismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dismiss]);

  if (stop === null || current === null) return null;
  const last = stop === TOUR_STOPS.length - 1;
  const style = place === null ? { position: 'fixed' as const, right: 8, bottom: 8 } : { ...place };
  return createPortal(
    <div
      className="tour"
      role="dialog"
      aria-modal="false"
      aria-labelledby="tour-title"
      style={{ ...style, width: WIDTH }}
    >
      <p className="tour-count">
        Tour: stop {stop + 1} of {TOUR_STOPS.length}
      </p>
      <h2 id="tour-title" ref={heading} tabIndex={-1}>
        {current.title}
      </h2>
      <p>{current.text}</p>
      <div className="tour-actions">
        {stop > 0 && (
          <button type="button" onClick={back}>
            Back
          </button>
        )}
        <button type="button" className="primary" onClick={() => next(TOUR_STOPS.length)}>
          {last ? 'Finish the tour' : 'Next'}
        </button>
        <button type="button" onClick={dismiss}>
          Close the tour
        </button>
      </div>
      <p className="tour-hint muted">Escape closes it too; “Take the tour” in the Tasks panel brings it back.</p>
    </div>,
    document.body,
  );
}
