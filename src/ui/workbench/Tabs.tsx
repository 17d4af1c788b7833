/**
 * Tabs in the ARIA tabs pattern (arrow keys move between tabs, Home and End jump). A pane is mounted the
 * first time its tab opens, not before: the first paint renders the open pane only (a phone's first
 * screen is one of fifteen). From then on it stays mounted and is only hidden, so what a learner opened
 * in one (the database view, a question to their model) is still there when they come back, and
 * switching back re-renders nothing.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface TabItem {
  id: string;
  label: string;
  pane: ReactNode;
}

interface TabsProps {
  label: string;
  items: readonly TabItem[];
  selected: string;
  onSelect(id: string): void;
  className?: string;
  /** Shown above the tab list (the checks verdict). */
  header?: ReactNode;
  /** Tabs whose panes are mounted from the start, open or not (what a skip link or a live region needs). */
  eager?: readonly string[];
}

export function Tabs({ label, items, selected, onSelect, className, header, eager = [] }: TabsProps) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const current = items.some((item) => item.id === selected) ? selected : items[0]?.id;
  const [opened, setOpened] = useState<ReadonlySet<string | undefined>>(() => new Set([current, ...eager]));
  // Opening a tab mounts its pane in this render; the set is kept for the next (no effect, no extra paint).
  const mounted = opened.has(current) ? opened : new Set(opened).add(current);
  if (mounted !== opened) setOpened(mounted);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = items.findIndex((item) => item.id === current);
    const to: Record<string, number> = {
      ArrowRight: (at + 1) % items.length,
      ArrowLeft: (at - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    const next = to[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(items[next]!.id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className={`tabs ${className ?? ''}`}>
      {header}
      <div role="tablist" aria-label={label} className="tab-list" ref={list} onKeyDown={onKeyDown}>
        {items.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`${base}-tab-${item.id}`}
            aria-selected={item.id === current}
            aria-controls={`${base}-pane-${item.id}`}
            tabIndex={item.id === current ? 0 : -1}
            data-tab={item.id}
            onClick={() => onSelect(item.id)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${base}-pane-${item.id}`}
          aria-labelledby={`${base}-tab-${item.id}`}
          className="tab-pane"
          data-pane={item.id}
          hidden={item.id !== current}
        >
          {mounted.has(item.id) ? item.pane : null}
        </div>
      ))}
    </div>
  );
}
