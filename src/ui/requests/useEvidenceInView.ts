/**
 * Keep the rows that make the step's point whole in the centre pane: every row of the scoped request and
 * the naive list's leaked rows, with the panels' titles and verdicts and a first visit's headline above
 * them when they fit too (or, when the rows cannot all fit, the leaked rows alone). Runs in the next
 * animation frame, before its paint, whenever the request or the pane's size changes, so the learner
 * never scrolls to find the evidence (nor sees the rows before they are placed), and scrolls the pane only
 * (never the page). Not in the commit itself: measuring there forced the whole page's layout inside the
 * render of a 20,000-step import's reply, 11 ms of that task (npm run bench:paste, profiled); in the frame
 * the layout is the one the paint needs anyway.
 */
import { useLayoutEffect } from 'react';
import { usePlayground } from '../common/playground';
import { evidenceScroll, type Span } from './evidenceScroll';

const HEADLINE = '.landing-headline';
/** The two panels' titles and verdicts: kept in view with the rows when there is room. */
const HEADS = '.request > .panel-head, .request > .verdict-line';
const ROWS = '.request.scoped .request-items:not(.left-out) > li, .request.naive .request-item.leak';
const LEAKED = '.request .request-items:not(.left-out) > li.leak';

function place(pane: HTMLElement) {
  const box = pane.getBoundingClientRect();
  const span = (el: Element): Span => {
    const r = el.getBoundingClientRect();
    return { top: r.top - box.top + pane.scrollTop, bottom: r.bottom - box.top + pane.scrollTop };
  };
  const rows = [...pane.querySelectorAll(ROWS)].map(span);
  const headline = [...pane.querySelectorAll(HEADLINE)].map(span);
  const heads = [...pane.querySelectorAll(HEADS)].map(span);
  const leaked = [...pane.querySelectorAll(LEAKED)].map(span);
  const to = evidenceScroll(pane.scrollTop, pane.clientHeight, [
    [...headline, ...heads, ...rows],
    [...heads, ...rows],
    rows,
    leaked,
  ]);
  if (to !== null) pane.scrollTop = to;
}

/** Bring the evidence into view in the workbench's centre pane (a phone's page scrolls as the learner likes). */
export function useEvidenceInView() {
  const request = usePlayground((s) => s.view.request);
  // The first visit's headline sits above the requests: its coming or going moves them.
  const landing = usePlayground((s) => s.landing);
  useLayoutEffect(() => {
    const pane = document.querySelector<HTMLElement>('.wb-centre');
    if (pane === null) return;
    let height = -1;
    // In the frame (and again when the pane's height changes): the layout read is the one the paint needs.
    const again = () => {
      if (pane.clientHeight === height) return;
      height = pane.clientHeight;
      place(pane);
    };
    const frame = requestAnimationFrame(again);
    const resized = new ResizeObserver(again);
    resized.observe(pane);
    return () => {
      cancelAnimationFrame(frame);
      resized.disconnect();
    };
  }, [request, landing]);
}
