/**
 * Bring a row into view inside the list's own scrolling box, as little as needed. Element.scrollIntoView
 * also scrolls every ancestor, the document included: on load that moved the whole page to the timeline's
 * current step (the jump of 170–500 px at laptop sizes), and in the workbench it would scroll panes that
 * clip on purpose.
 */
export function keepRowInView(row: Element | null | undefined) {
  if (!(row instanceof HTMLElement)) return;
  let box = row.parentElement;
  while (box !== null && !scrolls(box)) box = box.parentElement;
  if (box === null) return;
  const r = row.getBoundingClientRect();
  const b = box.getBoundingClientRect();
  if (r.top < b.top) box.scrollTop -= b.top - r.top;
  else if (r.bottom > b.bottom) box.scrollTop += Math.min(r.bottom - b.bottom, r.top - b.top);
}

function scrolls(el: HTMLElement): boolean {
  if (el.scrollHeight <= el.clientHeight) return false;
  const { overflowY } = getComputedStyle(el);
  return overflowY === 'auto' || overflowY === 'scroll';
}
