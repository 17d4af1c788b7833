/**
 * The views' one windowing piece: which part of a scrolling element is in view, kept current on scroll
 * and resize, and which rows (or columns) of known sizes fall in it. VirtualList (a long list) and the
 * access table (rows and columns) both draw from it. Nothing is measured per row: a window costs the rows
 * in view, whatever the length.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** The part of the scrolling element in view, in pixels. */
export interface ScrollView {
  top: number;
  left: number;
  width: number;
  height: number;
  /** Moved by the view (to bring a row into view), not by a scroll: the element follows to `top`. */
  kept?: boolean;
}

/**
 * The view of the element `ref` is put on: read on each scroll (`readView` is the onScroll handler) and
 * resize; `setView` with `kept` scrolls the element there.
 */
export function useScrollView<E extends HTMLElement>(initial: ScrollView) {
  const ref = useRef<E>(null);
  const [view, setView] = useState(initial);
  const readView = useCallback(() => {
    const el = ref.current;
    // Not laid out (hidden, or no layout engine at all): keep the window it had rather than draw none.
    if (!el || (el.clientWidth === 0 && el.clientHeight === 0)) return;
    setView((v) =>
      v.top === el.scrollTop && v.left === el.scrollLeft && v.width === el.clientWidth && v.height === el.clientHeight
        ? v
        : { top: el.scrollTop, left: el.scrollLeft, width: el.clientWidth, height: el.clientHeight },
    );
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    // Without a ResizeObserver, read now. With one, its first report comes after the page's next layout
    // and before that frame is painted: reading here would force a layout of the whole page inside the
    // commit (26 ms of a 71 ms task when a 20,000-step run first drew its long lists, bench:paste).
    if (!el || typeof ResizeObserver === 'undefined') {
      readView();
      return;
    }
    const observer = new ResizeObserver(readView);
    observer.observe(el);
    return () => observer.disconnect();
  }, [readView]);
  useLayoutEffect(() => {
    if (ref.current && view.kept) ref.current.scrollTop = view.top;
  }, [view]);
  return { ref, view, setView, readView };
}

/** The row of `size` pixels at offset `y`, within `count` rows. */
export const fixedRowAt = (y: number, size: number, count: number): number =>
  Math.min(Math.max(0, Math.floor(y / size)), Math.max(0, count - 1));

/**
 * The rows of `size` pixels a window at `offset` of `extent` pixels shows: the first, and how many (one
 * more than fit, for the one cut at the bottom), within `count`.
 */
export function fixedSpan(offset: number, extent: number, size: number, count: number): [number, number] {
  const first = fixedRowAt(offset, size, count);
  return [first, Math.max(0, Math.min(count - first, Math.ceil(extent / size) + 1))];
}
