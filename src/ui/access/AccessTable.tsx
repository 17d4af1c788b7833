/**
 * The access matrix as an HTML table, drawn a window at a time in both directions: the 20,000-step
 * scenario names thousands of principals and holds tens of thousands of items, and only the rows and
 * columns in view are rendered. The cells are the engine's (engine/worker/access.ts), read a block at a time as
 * the table scrolls: one not here yet is drawn as "…" until it comes. The table keeps its semantics: a caption, column headers
 * grouped by scope, row headers, and aria-rowcount/colcount with each drawn row's and cell's index.
 * One cell at a time is in the tab order; the arrow keys move between cells and scroll the window.
 */
import { Fragment, type KeyboardEvent, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { wrapParts } from '../../core/text/inlineCode';
import type { ColumnGroup } from '../../core/explain/accessMatrix';
import { type Principal, principalName, type Scope } from '../../core/store/entities';
import type { LiveCells } from '../../engine/client/liveCells';
import { ScopeIcon } from '../common/labels';
import { fixedSpan as span, useScrollView } from '../common/scrollWindow';
import { usePlayground } from '../common/playground';

/** Sizes in pixels; the CSS uses the same (access.css), so a window is computed, never measured per cell. */
export const ROW_H = 34;
export const COL_W = 104;
export const HEAD_W = 240;
export const HEAD_H = 26 + 44;

const SCOPE_WORDS: Record<Scope, string> = { app: 'app', user: 'user', task: 'task', agent: 'agent' };

/** What a cell not here yet says, drawn and spoken. */
const NOT_YET = 'loading this cell';

interface Props {
  cells: LiveCells;
  groups: readonly ColumnGroup[];
  /** The principal asking in the rest of the page: its row is marked. */
  asker: Principal | null;
  caption: string;
  /** A cell was chosen: its principal and its item's seq. */
  onOpen(principal: Principal, seq: number): void;
}

export function AccessTable({ cells, groups, asker, caption, onOpen }: Props) {
  const { ref: scroller, view, readView } = useScrollView<HTMLDivElement>({ top: 0, left: 0, width: 900, height: 420 });
  const [active, setActive] = useState({ row: 0, column: 0 });
  const focusAfterMove = useRef(false);
  const { rows, columns } = cells;
  // Cells come from the engine as they are read: draw again when some arrive.
  const [, drawAgain] = useReducer((n: number) => n + 1, 0);
  useEffect(() => cells.subscribe(drawAgain), [cells]);
  const drawAccessWindow = usePlayground((s) => s.drawAccessWindow);

  const [firstRow, rowCount] = span(view.top, view.height - HEAD_H, ROW_H, rows);
  const [firstCol, colCount] = span(view.left, view.width - HEAD_W, COL_W, columns);
  const inWindow = (r: number, c: number) =>
    r >= firstRow && r < firstRow + rowCount && c >= firstCol && c < firstCol + colCount;
  // The tabbable cell: the active one when drawn, else the window's first, so Tab always reaches the table.
  const tabCell = inWindow(active.row, active.column) ? active : { row: firstRow, column: firstCol };
  // The next step's picture comes with the cells of this window.
  useLayoutEffect(
    () => drawAccessWindow({ rows: [firstRow, firstRow + rowCount], columns: [firstCol, firstCol + colCount] }),
    [drawAccessWindow, firstRow, rowCount, firstCol, colCount],
  );

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
  const segments = groups
    .map((group) => {
      const from = Math.max(group.start, firstCol);
      const to = Math.min(group.start + group.count, firstCol + colCount);
      return { group, from, span: to - from };
    })
    .filter((s) => s.span > 0);
  const drawnCols = Array.from({ length: colCount }, (_, i) => firstCol + i);
  const items = drawnCols.map((c) => cells.item(c));
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
                {items.map((item, i) =>
                  item === undefined ? (
                    <th key={drawnCols[i]} scope="col" aria-colindex={drawnCols[i]! + 2} className="access-item">
                      …
                    </th>
                  ) : (
                    <th
                      key={drawnCols[i]}
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
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: rowCount }, (_, i) => {
                const r = firstRow + i;
                const principal = cells.principal(r);
                const name = principal === undefined ? null : principalName(principal);
                const asking = asker !== null && principalName(asker) === name;
                return (
                  <tr key={r} aria-rowindex={r + 3} className={asking ? 'access-asking' : undefined}>
                    <th scope="row" aria-colindex={1} title={name ?? undefined}>
                      {asking && <span aria-hidden="true">▸ </span>}
                      {name ?? '…'}
                      {asking && <span className="visually-hidden"> (asking)</span>}
                    </th>
                    {drawnCols.map((c) => {
                      const words = cells.cell(r, c);
                      const tabbable = tabCell.row === r && tabCell.column === c;
                      const item = items[c - firstCol];
                      return (
                        <td
                          key={c}
                          aria-colindex={c + 2}
                          className={
                            words === undefined
                              ? 'access-cell access-loading'
                              : `access-cell access-${words.state}${words.flipped ? ' access-flipped' : ''}`
                          }
                        >
                          <button
                            type="button"
                            data-cell={`${r}:${c}`}
                            tabIndex={tabbable ? 0 : -1}
                            aria-label={words?.label ?? NOT_YET}
                            title={words?.label ?? NOT_YET}
                            onClick={() => {
                              setActive({ row: r, column: c });
                              if (principal !== undefined && item !== undefined) onOpen(principal, item.seq);
                            }}
                            onFocus={() =>
                              (active.row !== r || active.column !== c) && setActive({ row: r, column: c })
                            }
                            onKeyDown={(event) => move(event, r, c)}
                          >
                            {words === undefined ? (
                              '…'
                            ) : (
                              <>
                                <span aria-hidden="true">{words.state === 'in' ? '✓' : '⊘'}</span> {words.state}
                                {words.flipped && <span className="access-flip-mark"> ⚑ flipped</span>}
                              </>
                            )}
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
