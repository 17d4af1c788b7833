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
 * The scroll position that shows every span of the first set in `sets` that fits in `height` whole,
 * moving as little as possible from `current` (so what is above stays in view when there is room), or
 * null when they already show. The sets go from the most to the least (the rows with the headline above
 * them, the rows alone, the leaked rows alone); when none fits, the last set's first span goes to the top.
 */
export function evidenceScroll(current: number, height: number, sets: ReadonlyArray<readonly Span[]>): number | null {
  for (const spans of sets) {
    if (spans.length === 0) continue;
    const top = Math.min(...spans.map((s) => s.top));
    const bottom = Math.max(...spans.map((s) => s.bottom));
    if (bottom - top > height) continue;
    const lowest = bottom - height;
    if (current >= lowest && current <= top) return null;
    return Math.max(0, current < lowest ? lowest : top);
  }
  const first = sets.findLast((spans) => spans.length > 0)?.[0];
  return first === undefined || first.top === current ? null : first.top;
}
