/**
 * The first-run tour's dialog: non-modal, beside the element its stop names by `data-tour`, closed by
 * Escape or its button at any stop. Loaded only when the tour shows. It takes focus when it appears (and
 * gives it back when it closes); it is positioned out of the page's flow, so nothing on the page moves.
 */
import { focusBack } from '../common/focusBack';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useShallow } from 'zustand/react/shallow';
import { TOUR_STOPS } from '../../state/exercises/tourStops';
import { openPane } from '../common/openPane';
import { useTour } from '../common/exercisesContext';

const WIDTH = 320;
/** How many frames (about two seconds) a stop waits for its pane's lazily loaded view. */
const MAX_FRAMES = 120;

/** Beside the anchor; null: in the corner (no anchor found); 'finding': not shown yet, so it never jumps. */
type Place = { top: number; left: number } | null | 'finding';

/** The rows that make a step's point (useEvidenceInView's): a stop never covers them. */
const EVIDENCE = '.landing-headline, .request .request-items:not(.left-out) > li, .request .verdict-line';
/** A leaked row in a request: what a stop on the requests is about. */
const LEAKED = '.request .request-items:not(.left-out) > li.leak';

const overlaps = (a: DOMRect, top: number, left: number, height: number) =>
  left < a.right && left + WIDTH > a.left && top < a.bottom && top + height > a.top;

/**
 * Where the dialog goes for an anchor, in viewport coordinates (the dialog is fixed, so it never adds
 * height to the page): beside the anchor when the viewport has room (so it hides none of the pane), else
 * over its top right corner below its heading; always wholly inside the viewport. On a wide screen it
 * never covers the evidence (the requests' rows and verdicts): the first of beside, over the anchor and
 * the viewport's bottom corners that keeps them clear wins.
 */
function placeFor(anchor: Element | null, height: number): Exclude<Place, 'finding'> {
  if (anchor === null) return null;
  const rect = anchor.getBoundingClientRect();
  const below = rect.top + Math.min(rect.height, 56);
  const top = Math.max(8, Math.min(below, window.innerHeight - height - 8));
  const gap = 12;
  let left: number;
  if (rect.right + gap + WIDTH <= window.innerWidth - 8) left = rect.right + gap;
  else if (rect.left - gap - WIDTH >= 8) left = rect.left - gap - WIDTH;
  else left = Math.max(8, Math.min(rect.right - WIDTH - 16, window.innerWidth - WIDTH - 8));
  // A phone's page scrolls under the dialog: there it stays beside its anchor.
  if (window.innerWidth < 768) return { top, left };
  const evidence = [...document.querySelectorAll(EVIDENCE)]
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.bottom > 0 && r.top < window.innerHeight);
  const bottom = window.innerHeight - height - 8;
  const candidates = [
    { top, left },
    { top: Math.max(8, Math.min(rect.top + 8, bottom)), left: Math.max(8, rect.left + 8) },
    { top: bottom, left: window.innerWidth - WIDTH - 8 },
    { top: bottom, left: 8 },
  ];
  return candidates.find((c) => !evidence.some((r) => overlaps(r, c.top, c.left, height))) ?? { top, left };
}

export default function Tour() {
  const { stop, next, back, dismiss } = useTour(
    useShallow((s) => ({ stop: s.stop, next: s.next, back: s.back, dismiss: s.dismiss })),
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  // Read while rendering, before the layout effect below moves focus to the dialog.
  const before = useRef<Element | null>(document.activeElement);
  const [place, setPlace] = useState<Place>('finding');
  const shown = place !== 'finding';
  const current = stop === null ? null : TOUR_STOPS[stop]!;

  // Give focus back to what had it when the tour closes, or to the start of the page.
  useEffect(() => {
    const back = before.current;
    return () => focusBack(back);
  }, []);

  // Focus moves once the dialog is drawn where it stays (a hidden element takes no focus).
  useLayoutEffect(() => {
    if (current !== null && shown) heading.current?.focus({ preventScroll: true });
  }, [current, shown]);

  useLayoutEffect(() => {
    if (current === null) return;
    // The stop's pane may be a dock tab that is not open, or one whose view loads lazily (its pane mounts
    // when it opens): open it, then look for the anchor on each frame for a bounded while. Until found the
    // dialog stays where it was, or, at the first stop, is not drawn at all: a dialog drawn in the corner
    // and then moved beside its anchor is a layout shift. Not found: it shows in the corner.
    openPane(current.pane);
    let anchor: Element | null = null;
    let frame = 0;
    let tries = 0;
    const place = () => setPlace(placeFor(anchor, dialog.current?.offsetHeight ?? 0));
    const find = () => {
      anchor = document.querySelector(`[data-tour="${current.anchor}"]`);
      // An anchor in a pane that is mounted but not yet shown has no box to stand beside: wait for it.
      if (anchor !== null && anchor.getClientRects().length === 0) anchor = null;
      if (anchor === null) {
        if (++tries < MAX_FRAMES) frame = requestAnimationFrame(find);
        else place();
        return;
      }
      anchor.setAttribute('data-tour-active', '');
      // 'nearest' moves only a pane that holds the anchor out of sight; on a workbench that fills the
      // viewport the page itself has nothing to scroll, so its top bar stays in view.
      anchor.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      // A phone's requests are taller than its screen, the leaked row far down: the stop brings that row
      // to the middle, below the dialog (which then stands at the top). The page scrolls; nothing on it moves.
      if (window.innerWidth < 768) anchor.querySelector(LEAKED)?.scrollIntoView({ block: 'center', inline: 'nearest' });
      place();
    };
    // First looked for at the next frame, not inside this commit: the look lays the page out, and at the
    // first stop that is the first layout of the whole page, which made the first screen's commit a task
    // of 176 ms on a phone (4x slower CPU, npm run lighthouse -- --mobile) instead of two shorter ones.
    frame = requestAnimationFrame(find);
    window.addEventListener('resize', place);
    // On a phone the page scrolls: keep the dialog beside its anchor as it moves.
    window.addEventListener('scroll', place, { capture: true, passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
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
  const corner = { position: 'fixed' as const, right: 8, bottom: 8 };
  const style = place === 'finding' ? { ...corner, visibility: 'hidden' as const } : (place ?? corner);
  return createPortal(
    <div
      ref={dialog}
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
