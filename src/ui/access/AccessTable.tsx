/**
 * The access matrix as an HTML table, drawn a window at a time in both directions: the 20,000-step
 * scenario names thousands of principals and holds tens of thousands of items, and only the rows and
 * columns in view are rendered (and decided). The table keeps its semantics: a caption, column headers
 * grouped by scope, row headers, and aria-rowcount/colcount with each drawn row's and cell's index.
 * One cell at a time is in the tab order; the arrow keys move between cells and scroll the window.
 */
import { Fragment, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { wrapParts } from '../../core/text/inlineCode';
import type { AccessMatrix } from '../../core/explain/accessMatrix';
import { type Principal, principalName, type Scope } from '../../core/store/entities';
import { ScopeIcon } from '../common/labels';
import { fixedSpan as span, useScrollView } from '../common/scrollWindow';
import { cellWords } from './cellWords';

/** Sizes in pixels; the CSS uses the same (access.css), so a window is computed, never measured per cell. */
export const ROW_H = 34;
export const COL_W = 104;
export const HEAD_W = 240;
export const HEAD_H = 26 + 44;

const SCOPE_WORDS: Record<Scope, string> = { app: 'app', user: 'user', task: 'task', agent: 'agent' };

interface Props {
  matrix: AccessMatrix;
  /** The principal asking in the rest of the page: its row is marked. */
  asker: Principal | null;
  caption: string;
  onOpen(row: number, column: number): void;
}

export function AccessTable({ matrix, asker, caption, onOpen }: Props) {
  const { ref: scroller, view, readView } = useScrollView<HTMLDivElement>({ top: 0, left: 0, width: 900, height: 420 });
  const [active, setActive] = useState({ row: 0, column: 0 });
  const focusAfterMove = useRef(false);
  const rows = matrix.rows.length;
  const columns = matrix.columns;

  const [firstRow, rowCount] = span(view.top, view.height - HEAD_H, ROW_H, rows);
  const [firstCol, colCount] = span(view.left, view.width - HEAD_W, COL_W, columns);
  const inWindow = (r: number, c: number) =>
    r >= firstRow && r < firstRow + rowCount && c >= firstCol && c < firstCol + colCount;
  // The tabbable cell: the active one when drawn, else the window's first, so Tab always reaches the table.
  const tabCell = inWindow(active.row, active.column) ? active : { row: firstRow, column: firstCol };

  useLayoutEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    scroller.current
      ?.querySelector<HTMLButtonElement>(`[data-cell="${active.row}:${active.column}"]`)
      ?.focus({ preventScroll: true });
  });

  const move = (event: KeyboardEvent, row: number, column: number) => {
    const keys: Record<string, [number, number]> = {
      ArrowUp: [row - 1, column],
      ArrowDown: [row + 1, column],
      ArrowLeft: [row, column - 1],
      ArrowRight: [row, column + 1],
      Home: [row, 0],
      End: [row, columns - 1],
      PageUp: [row - Math.max(1, rowCount - 2), column],
      PageDown: [row + Math.max(1, rowCount - 2), column],
    };
    const to = keys[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = { row: Math.max(0, Math.min(rows - 1, to[0])), column: Math.max(0, Math.min(columns - 1, to[1])) };
    const el = scroller.current;
    if (el) {
      // Scroll just enough to bring the cell into the window, as scrollIntoView's 'nearest' would.
      const lastFullRow = firstRow + Math.floor((view.height - HEAD_H) / ROW_H) - 1;
      const lastFullCol = firstCol + Math.floor((view.width - HEAD_W) / COL_W) - 1;
      if (next.row < firstRow) el.scrollTop = next.row * ROW_H;
      else if (next.row > lastFullRow) el.scrollTop = (next.row - (lastFullRow - firstRow)) * ROW_H;
      if (next.column < firstCol) el.scrollLeft = next.column * COL_W;
      else if (next.column > lastFullCol) el.scrollLeft = (next.column - (lastFullCol - firstCol)) * COL_W;
      readView();
    }
    focusAfterMove.current = true;
    setActive(next);
  };

  // The scope groups the drawn columns cross, each cut to the window.
  const segments = matrix.groups
    .map((group) => {
      const from = Math.max(group.start, firstCol);
      const to = Math.min(group.start + group.count, firstCol + colCount);
      return { group, from, span: to - from };
    })
    .filter((s) => s.span > 0);
  const drawnCols = Array.from({ length: colCount }, (_, i) => firstCol + i);
  const items = drawnCols.map((c) => matrix.item(c));
  const width = HEAD_W + columns * COL_W;
  const height = HEAD_H + rows * ROW_H;

  return (
    <div ref={scroller} className="access-scroll" onScroll={readView} style={{ height: Math.min(height + 18, 460) }}>
      <div className="access-sizer" style={{ width, height }}>
        <div
          className="access-window"
          style={{ width: Math.min(view.width, width), height: Math.min(view.height, height) }}
        >
          <table
            className="access-table"
            aria-rowcount={rows + 2}
            aria-colcount={columns + 1}
            style={{ width: HEAD_W + colCount * COL_W }}
          >
            <caption className="visually-hidden">{caption}</caption>
            <colgroup>
              <col style={{ width: HEAD_W }} />
            </colgroup>
            {segments.map((s) => (
              <colgroup key={s.group.scope}>
                {Array.from({ length: s.span }, (_, i) => (
                  <col key={i} style={{ width: COL_W }} />
                ))}
              </colgroup>
            ))}
            <thead>
              <tr aria-rowindex={1}>
                <th scope="col" rowSpan={2} aria-colindex={1} className="access-corner">
                  Principal \ item
                </th>
                {segments.map((s) => (
                  <th
                    key={s.group.scope}
                    scope="colgroup"
                    colSpan={s.span}
                    aria-colindex={s.from + 2}
                    className={`access-group scope-${s.group.scope}`}
                  >
                    <ScopeIcon scope={s.group.scope} /> {SCOPE_WORDS[s.group.scope]} ({s.group.count})
                  </th>
                ))}
              </tr>
              <tr aria-rowindex={2}>
                {items.map((item, i) => (
                  <th
                    key={item.seq}
                    scope="col"
                    aria-colindex={drawnCols[i]! + 2}
                    className={`access-item scope-${item.scope}`}
                    title={`${item.id}: ${item.text}`}
                  >
                    <code>
                      {wrapParts(item.id).map((part, p) => (
                        <Fragment key={p}>
                          {part}
                          <wbr />
                        </Fragment>
                      ))}
                    </code>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rowCount }, (_, i) => {
                const r = firstRow + i;
                const principal = matrix.rows[r]!;
                const name = principalName(principal);
                const asking = asker !== null && principalName(asker) === name;
                return (
                  <tr key={name} aria-rowindex={r + 3} className={asking ? 'access-asking' : undefined}>
                    <th scope="row" aria-colindex={1} title={name}>
                      {asking && <span aria-hidden="true">▸ </span>}
                      {name}
                      {asking && <span className="visually-hidden"> (asking)</span>}
                    </th>
                    {drawnCols.map((c) => {
                      const words = cellWords(matrix.cell(r, c));
                      const tabbable = tabCell.row === r && tabCell.column === c;
                      return (
                        <td
                          key={c}
                          aria-colindex={c + 2}
                          className={`access-cell access-${words.state}${words.flipped ? ' access-flipped' : ''}`}
                        >
                          <button
                            type="button"
                            data-cell={`${r}:${c}`}
                            tabIndex={tabbable ? 0 : -1}
                            aria-label={words.label}
                            title={words.label}
                            onClick={() => {
                              setActive({ row: r, column: c });
                              onOpen(r, c);
                            }}
                            onFocus={() =>
                              (active.row !== r || active.column !== c) && setActive({ row: r, column: c })
                            }
                            onKeyDown={(event) => move(event, r, c)}
                          >
                            <span aria-hidden="true">{words.state === 'in' ? '✓' : '⊘'}</span> {words.state}
                            {words.flipped && <span className="access-flip-mark"> ⚑ flipped</span>}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
