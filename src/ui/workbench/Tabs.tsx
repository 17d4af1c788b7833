/**
 * Tabs in the ARIA tabs pattern (arrow keys move between tabs, Home and End jump). A pane is mounted the
 * first time its tab opens, not before: the first paint renders the open pane only (a phone's first
 * screen is one of fifteen). From then on it stays mounted and is only hidden, so what a learner opened
 * in one (the database view, a question to their model) is still there when they come back, and
 * switching back re-renders nothing.
 *
 * Progressive disclosure: tabs marked `more` wait behind one "More (n)" button after the tab list (a
 * disclosure, not a tab); choosing one opens it and shows it in the list while it is open. Nothing is
 * removed: every tab is one click away, by mouse or keyboard.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface TabItem {
  id: string;
  label: string;
  pane: ReactNode;
  /** Not among the few a beginner needs: listed under "More" until opened. */
  more?: boolean;
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
  /** Put the tabs marked `more` behind a "More (n)" disclosure (the dock); otherwise every tab is listed. */
  disclose?: boolean;
}

export function Tabs({ label, items, selected, onSelect, className, header, eager = [], disclose = false }: TabsProps) {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const [moreOpen, setMoreOpen] = useState(false);
  const current = items.some((item) => item.id === selected) ? selected : items[0]?.id;
  const listed = disclose ? items.filter((item) => item.more !== true || item.id === current) : items;
  const more = disclose ? items.filter((item) => item.more === true && item.id !== current) : [];
  const [opened, setOpened] = useState<ReadonlySet<string | undefined>>(() => new Set([current, ...eager]));
  // Opening a tab mounts its pane in this render; the set is kept for the next (no effect, no extra paint).
  const mounted = opened.has(current) ? opened : new Set(opened).add(current);
  if (mounted !== opened) setOpened(mounted);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = listed.findIndex((item) => item.id === current);
    const to: Record<string, number> = {
      ArrowRight: (at + 1) % listed.length,
      ArrowLeft: (at - 1 + listed.length) % listed.length,
      Home: 0,
      End: listed.length - 1,
    };
    const next = to[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(listed[next]!.id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <div className={`tabs ${className ?? ''}`}>
      {!disclose && header}
      <div className={disclose ? 'tabs-head' : 'tabs-plain'}>
        <div role="tablist" aria-label={label} className="tab-list" ref={list} onKeyDown={onKeyDown}>
          {listed.map((item) => (
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
        {more.length > 0 && (
          <div
            className="tabs-more"
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || !moreOpen) return;
              setMoreOpen(false);
              event.currentTarget.querySelector<HTMLButtonElement>('.tabs-more-toggle')?.focus();
            }}
          >
            <button
              type="button"
              className="tabs-more-toggle"
              aria-expanded={moreOpen}
              aria-controls={`${base}-more`}
              onClick={() => setMoreOpen(!moreOpen)}
            >
              More ({more.length})
            </button>
            <ul id={`${base}-more`} className="tabs-more-list" hidden={!moreOpen}>
              {more.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    data-more-tab={item.id}
                    onClick={() => {
                      setMoreOpen(false);
                      onSelect(item.id);
                      // The chosen tab joins the list in this render: give it focus once it is there.
                      requestAnimationFrame(() =>
                        list.current?.querySelector<HTMLButtonElement>(`[data-tab="${item.id}"]`)?.focus(),
                      );
                    }}
                  >
                    {item.label}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {disclose && header}
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
