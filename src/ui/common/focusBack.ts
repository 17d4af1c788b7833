/**
 * Where focus goes when a dialog or popover closes: back to where the learner was, or, when that was
 * nothing (the page's body) or is gone, to the start of the page, just before "Skip to the steps". A
 * removed dialog otherwise leaves the browser's Tab starting point where the dialog was: the next Tab
 * then reached whatever followed it (the offline note's "Dismiss") instead of the workbench's first control.
 */

/** The id of the unfocusable-by-Tab mark at the start of the page (SkipToSteps draws it). */
export const PAGE_START_ID = 'page-start';

export function focusBack(back: Element | null): void {
  if (back instanceof HTMLElement && back !== document.body && back.isConnected) {
    back.focus({ preventScroll: true });
    return;
  }
  document.getElementById(PAGE_START_ID)?.focus({ preventScroll: true });
}
