/**
 * Where the centre pane should scroll so that the rows that make a step's point are whole on screen:
 * pure, so it is tested without a layout engine. Positions are in the pane's content coordinates.
 */

/** A row's top and bottom edge inside the scrolling pane's content. */
export interface Span {
  top: number;
  bottom: number;
}

/**
 * The scroll position that shows every span in `rows` whole, moving as little as possible from
 * `current` (so the step's header stays in view when there is room for it), or null when they already
 * show. When not all fit in `height`, the same for `fallback` (the leaked rows alone); when those do not
 * fit either, the first of them at the top.
 */
export function evidenceScroll(current: number, height: number, rows: readonly Span[], fallback: readonly Span[] = []) {
  for (const spans of [rows, fallback]) {
    if (spans.length === 0) continue;
    const top = Math.min(...spans.map((s) => s.top));
    const bottom = Math.max(...spans.map((s) => s.bottom));
    if (bottom - top > height) continue;
    const lowest = bottom - height;
    if (current >= lowest && current <= top) return null;
    return Math.max(0, current < lowest ? lowest : top);
  }
  const first = fallback[0] ?? rows[0];
  return first === undefined || first.top === current ? null : first.top;
}
