/**
 * A list that draws only the rows near the visible part once it is long, so a 20,000-step timeline or
 * a 24,000-item store costs a screenful of DOM. Short lists render whole, exactly as a plain list.
 * Screen readers still hear the whole list's size: each drawn row carries aria-setsize and aria-posinset.
 */
import {
  type CSSProperties,
  type Key,
  type ReactNode,
  type Ref,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { type Rows, rowAt } from '../../core/timeline/rows';
import type { LiveRows } from '../../engine/client/liveRows';
import { keepRowInView } from './keepRowInView';
import { fixedRowAt, useScrollView } from './scrollWindow';
import './virtual.css';

/** Past this many rows the list is drawn a window at a time. */
export const VIRTUAL_FROM = 200;

/**
 * Past this many rows a list drawn anew at every step (the items a request left out, the explainer's
 * rows, the store's items) is drawn a window at a time: each step's rows are new elements, and 200 of
 * them drawn whole were 5–10 ms of layout at each step (npm run bench:browser, traced).
 */
export const STEP_LIST_WHOLE_UP_TO = 24;

/** Where the rows of a long list are, by a rule rather than an array of every row's top (StoreView's groups). */
export interface RowPlaces {
  /** Row i's top in pixels; row `length`'s is the list's height. */
  top(i: number): number;
  /** The row at offset `y` (the first or last row past either end). */
  at(y: number): number;
}

/** Space between drawn rows, in pixels (rows are placed absolutely, so a CSS gap does not apply). */
const ROW_GAP = 6;

export interface VirtualListProps<T> {
  /** An array, or rows made when read: a long list reads only the rows it draws. */
  items: Rows<T>;
  /** The list's accessible name. */
  label: string;
  /** The row's content, inside its <li>. */
  render(item: T, index: number): ReactNode;
  rowKey(item: T, index: number): Key;
  rowClassName?(item: T, index: number): string | undefined;
  /**
   * Each row's height in pixels once the list is long: one number, or one per row kind (a function
   * of the row, which must return the same for the same row), or every row's top made by the caller
   * (one more entry for the total height) from a view model, so no row is read to place them, or a rule
   * that places them (RowPlaces). Long rows are clipped to it.
   */
  rowHeight: number | ((item: T) => number) | Float64Array | RowPlaces;
  as?: 'ul' | 'ol';
  className?: string;
  /** Drawn whole up to this many rows (default VIRTUAL_FROM), a window at a time past it. */
  wholeUpTo?: number;
  /** Keep this row in view when it changes (the current step). */
  keepInView?: number;
  /** The height a long list scrolls within (default from CSS, .virtual-scroll); a short list takes the room it needs. */
  maxHeight?: string;
  /** The scrolling element when the list sits inside one the caller owns (the timeline's panel). */
  listRef?: Ref<HTMLOListElement & HTMLUListElement>;
  onKeyDown?: React.KeyboardEventHandler<HTMLElement>;
}

/** Draw again when rows of an engine's long list arrive (liveRows.ts); nothing for other rows. */
export function useLiveRows(rows: Rows<unknown>) {
  const [, drawAgain] = useReducer((n: number) => n + 1, 0);
  useEffect(() => (rows as Partial<LiveRows<unknown>>).subscribe?.(drawAgain), [rows]);
}

export function VirtualList<T>(props: VirtualListProps<T>) {
  return props.items.length > (props.wholeUpTo ?? VIRTUAL_FROM) ? (
    <WindowedList {...props} />
  ) : (
    <WholeList {...props} />
  );
}

function WholeList<T>({
  items,
  label,
  render,
  rowKey,
  rowClassName,
  as: List = 'ul',
  className,
  keepInView,
  listRef,
  onKeyDown,
}: VirtualListProps<T>) {
  const own = useRef<HTMLOListElement & HTMLUListElement>(null);
  // Not on the first render: a page opened at a later step (a share link) must not scroll its banner away.
  const mounted = useRef(false);
  useEffect(() => {
    const first = !mounted.current;
    mounted.current = true;
    if (keepInView === undefined || first) return;
    keepRowInView(own.current?.children[keepInView]);
  }, [keepInView]);
  return (
    <List
      className={className}
      aria-label={label}
      onKeyDown={onKeyDown}
      ref={(el) => {
        own.current = el;
        if (typeof listRef === 'function') listRef(el);
        else if (listRef) listRef.current = el;
      }}
    >
      {Array.from({ length: items.length }, (_, i) => {
        const item = items.at(i)!;
        return (
          <li key={rowKey(item, i)} className={rowClassName?.(item, i)}>
            {render(item, i)}
          </li>
        );
      })}
    </List>
  );
}

/** Row tops made, by list with its height function: a list shown again (a jump back) does not sum its heights again. */
const offsetsMade = new WeakMap<object, { height: unknown; tops: Float64Array }>();

/** Row tops for rows of the given heights (px), with one more entry for the total height. */
function offsetsOf<T>(items: Rows<T>, height: (item: T) => number): Float64Array {
  let made = offsetsMade.get(items);
  if (made?.height !== height) {
    const tops = new Float64Array(items.length + 1);
    for (let i = 0; i < items.length; i++) tops[i + 1] = tops[i]! + height(items.at(i)!);
    offsetsMade.set(items, (made = { height, tops }));
  }
  return made.tops;
}

const OVERSCAN = 2;
/** The window before the element is read: a screenful of rows. */
const FIRST_VIEW = { top: 0, left: 0, width: 0, height: 600 };

/**
 * Rows of fixed heights (per row kind), so drawing costs the rows in view whatever the list's length:
 * no row is measured, and a new list only sums its heights. Rows clip what does not fit (CSS).
 */
function WindowedList<T>({
  items,
  label,
  render,
  rowKey,
  rowClassName,
  rowHeight,
  as: List = 'ul',
  className,
  keepInView,
  maxHeight,
  listRef,
  onKeyDown,
}: VirtualListProps<T>) {
  /** The window's place; `kept` says it was moved to bring the kept row into view, so the element follows. */
  const { ref: scroller, view, setView, readView } = useScrollView<HTMLDivElement>(FIRST_VIEW);
  useLiveRows(items);
  const places = useMemo((): RowPlaces => {
    if (typeof rowHeight === 'number')
      return { top: (i) => i * rowHeight, at: (y) => fixedRowAt(y, rowHeight, items.length) };
    if (typeof rowHeight !== 'function' && !(rowHeight instanceof Float64Array)) return rowHeight;
    const tops = typeof rowHeight === 'function' ? offsetsOf(items, rowHeight) : rowHeight;
    return { top: (i) => tops[i]!, at: (y) => rowAt(tops, y) };
  }, [items, rowHeight]);
  const topOf = places.top;
  const total = topOf(items.length);
  const indexAt = places.at;

  // Bring the kept row into view, as little as needed (like scrollIntoView's 'nearest'), while rendering:
  // React's "adjust state during render" pattern, so the rows drawn are already the right window (a layout
  // effect would first commit the old window, then draw again). The window's place comes from state, not
  // from reading the element, which would force a layout of the whole page.
  const [kept, setKept] = useState<{ row: number | undefined; items: Rows<T> }>({ row: undefined, items });
  if (kept.row !== keepInView || kept.items !== items) {
    setKept({ row: keepInView, items });
    if (keepInView !== undefined && keepInView >= 0 && keepInView < items.length) {
      const top = topOf(keepInView);
      const bottom = topOf(keepInView + 1);
      const next = top < view.top ? top : bottom > view.top + view.height ? bottom - view.height : view.top;
      if (next !== view.top) setView({ ...view, top: next, kept: true });
    }
  }

  const first = Math.max(0, indexAt(view.top) - OVERSCAN);
  const last = Math.min(items.length - 1, indexAt(view.top + view.height) + OVERSCAN);
  const rows: ReactNode[] = [];
  for (let i = first; i <= last; i++) {
    const item = items.at(i);
    if (item === undefined) {
      // A row the engine has not sent yet (liveRows.ts): its place, until it comes.
      rows.push(
        <li
          key={`arriving-${i}`}
          aria-setsize={items.length}
          aria-posinset={i + 1}
          className="virtual-row arriving"
          style={{ top: topOf(i), height: topOf(i + 1) - topOf(i) - ROW_GAP }}
        >
          <p className="muted">…</p>
        </li>,
      );
      continue;
    }
    rows.push(
      <li
        key={rowKey(item, i)}
        aria-setsize={items.length}
        aria-posinset={i + 1}
        className={`virtual-row ${rowClassName?.(item, i) ?? ''}`}
        style={{ top: topOf(i), height: topOf(i + 1) - topOf(i) - ROW_GAP }}
      >
        {render(item, i)}
      </li>,
    );
  }
  const listStyle: CSSProperties = { height: total, position: 'relative', margin: 0 };
  return (
    <div
      ref={scroller}
      className="virtual-scroll"
      onScroll={readView}
      style={maxHeight === undefined ? undefined : { maxHeight }}
    >
      <List className={className} aria-label={label} style={listStyle} onKeyDown={onKeyDown} ref={listRef}>
        {rows}
      </List>
    </div>
  );
}
