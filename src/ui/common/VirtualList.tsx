/**
 * A list that draws only the rows near the visible part once it is long, so a 20,000-step timeline or
 * a 24,000-item store costs a screenful of DOM. Short lists render whole, exactly as a plain list.
 * Screen readers still hear the whole list's size: each drawn row carries aria-setsize and aria-posinset.
 */
import { type CSSProperties, type Key, type ReactNode, type Ref, useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import './virtual.css';

/** Past this many rows the list is drawn a window at a time. */
export const VIRTUAL_FROM = 200;

export interface VirtualListProps<T> {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** The row's content, inside its <li>. */
  render(item: T, index: number): ReactNode;
  rowKey(item: T, index: number): Key;
  rowClassName?(item: T, index: number): string | undefined;
  /** A first guess at a row's height in pixels; rows are measured once drawn. */
  estimate: number;
  as?: 'ul' | 'ol';
  className?: string;
  /** Keep this row in view when it changes (the current step). */
  keepInView?: number;
  /** The height a long list scrolls within (default from CSS, .virtual-scroll); a short list takes the room it needs. */
  maxHeight?: string;
  /** The scrolling element when the list sits inside one the caller owns (the timeline's panel). */
  listRef?: Ref<HTMLOListElement & HTMLUListElement>;
  onKeyDown?: React.KeyboardEventHandler<HTMLElement>;
}

export function VirtualList<T>(props: VirtualListProps<T>) {
  return props.items.length > VIRTUAL_FROM ? <WindowedList {...props} /> : <WholeList {...props} />;
}

function WholeList<T>({ items, label, render, rowKey, rowClassName, as: List = 'ul', className, keepInView, listRef, onKeyDown }: VirtualListProps<T>) {
  const own = useRef<HTMLOListElement & HTMLUListElement>(null);
  useEffect(() => {
    if (keepInView === undefined) return;
    const row = own.current?.children[keepInView];
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [keepInView]);
  return (
    <List className={className} aria-label={label} onKeyDown={onKeyDown} ref={(el) => {
      own.current = el;
      if (typeof listRef === 'function') listRef(el);
      else if (listRef) listRef.current = el;
    }}>
      {items.map((item, i) => <li key={rowKey(item, i)} className={rowClassName?.(item, i)}>{render(item, i)}</li>)}
    </List>
  );
}

function WindowedList<T>({ items, label, render, rowKey, rowClassName, estimate, as: List = 'ul', className, keepInView, maxHeight, listRef, onKeyDown }: VirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimate,
    overscan: 6,
    // Rows are absolutely placed, so a list's CSS gap does not apply: the virtualizer leaves it.
    gap: 6,
    getItemKey: (i) => rowKey(items[i]!, i),
  });
  useEffect(() => {
    if (keepInView !== undefined && keepInView >= 0 && keepInView < items.length) virtualizer.scrollToIndex(keepInView, { align: 'auto' });
  }, [keepInView, items.length, virtualizer]);
  const rows = virtualizer.getVirtualItems();
  const listStyle: CSSProperties = { height: virtualizer.getTotalSize(), position: 'relative', margin: 0 };
  return (
    <div ref={scroller} className="virtual-scroll" style={maxHeight === undefined ? undefined : { maxHeight }}>
      <List className={className} aria-label={label} style={listStyle} onKeyDown={onKeyDown} ref={listRef}>
        {rows.map((row) => {
          const item = items[row.index]!;
          return (
            <li
              key={row.key}
              data-index={row.index}
              ref={virtualizer.measureElement}
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              className={rowClassName?.(item, row.index)}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${row.start}px)` }}
            >
              {render(item, row.index)}
            </li>
          );
        })}
      </List>
    </div>
  );
}
