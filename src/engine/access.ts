/**
 * The access picture in the engine: who can read what at one step (core/explain/accessMatrix.ts), or
 * the scopes as nested regions (scopeRegions.ts). A big scenario's matrix has thousands of rows by tens
 * of thousands of columns, so it stays here, numbered like the views' long lists, and the page reads its
 * cells a block at a time as the table scrolls (liveCells.ts); the regions are small and go whole.
 * Everything a cell says (in or out, flipped, its sentence) is worded here, once.
 */
import type { Item, Principal } from '../core/store/entities';
import { principalName } from '../core/store/entities';
import type { Timeline } from '../core/replay/replayText';
import { type Rule, ruleNames } from '../core/store/rules';
import {
  type AccessCell,
  type AccessMatrix,
  accessMatrixAt,
  cellIn,
  type ColumnGroup,
  flippedCells,
} from '../core/explain/accessMatrix';
import { type RegionMap, scopeRegionsAt } from '../core/explain/scopeRegions';
import { reasonFor } from '../core/explain/explain';

/**
 * A block of cells the page asks for at a time. A table window (about 13 rows by 8 columns) crosses at
 * most four: 512 cells, some 80 KB of words, where blocks of 24 by 12 sent 1,152 cells (177 KB) a step.
 */
export const BLOCK_ROWS = 16;
export const BLOCK_COLUMNS = 8;
/** Past this many cells the flipped ones are not counted: counting decides every cell. */
export const COUNT_FLIPS_UP_TO = 5000;
/** Pictures whose matrix the engine keeps for the page to read: the last few, as answers cross. */
const KEPT_PICTURES = 4;

/** Rows `rows[0]` to `rows[1]` and columns `columns[0]` to `columns[1]` (each end exclusive). */
export interface CellRange {
  rows: readonly [number, number];
  columns: readonly [number, number];
}

/** What the access picture is asked to show: a step, who asks, whose principals, which picture. */
export interface AccessLook {
  index: number;
  /** The principal asking in the rest of the page: its regions are lit, its row marked. */
  principal: Principal | null;
  /** Only the asking principal's user's principals, by the app items and that user's items. */
  onlyAsker: boolean;
  picture: 'table' | 'regions';
  /** The cells the table draws now: sent with the answer, so a step draws in one round trip. */
  window: CellRange;
}

/** A cell in words: the mark drawn in it, and the sentence a screen reader and a tooltip give. */
export interface CellWords {
  /** "in" or "out": drawn beside a mark, so the cell does not speak by colour alone. */
  state: 'in' | 'out';
  flipped: boolean;
  /** The whole sentence, starting with the drawn words. */
  label: string;
}

/** Rows `row` on by columns `column` on of a matrix: their principals, their items and their cells. */
export interface CellBlock {
  row: number;
  column: number;
  principals: Principal[];
  items: Item[];
  /** Row by row: principals.length × items.length cells. */
  cells: CellWords[];
}

/** The access picture of a look, as it crosses to the page: the matrix's shape and a first few blocks. */
export interface AccessPicture {
  /** Which matrix the blocks are of: the engine answers for its last few only. */
  version: number;
  /** The look answered, its step clamped to the timeline. */
  look: Omit<AccessLook, 'window'>;
  /** The user whose principals the matrix has, or null for everyone's. */
  user: string | null;
  rulesOff: Rule[];
  /** The switched-off rules' names, in words ('' when every rule is on). */
  rulesOffWords: string;
  /** How many principals (rows) and items (columns). */
  rows: number;
  columns: number;
  groups: ColumnGroup[];
  /** How many cells a switched-off rule flips; null when there are too many cells to count. */
  flipped: number | null;
  /** The scopes as nested regions, for the regions picture; null for the table. */
  regions: RegionMap | null;
  /** The blocks covering the look's window (none for the regions). */
  blocks: CellBlock[];
}

export function cellWords(cell: AccessCell): CellWords {
  const state = cellIn(cell) ? 'in' : 'out';
  const who = `${principalName(cell.principal)} and ${cell.item.id}`;
  if (cell.kind === 'unknown-agent' || !cell.flipped)
    return { state, flipped: false, label: `${state}: ${who}: ${cell.because}` };
  const before = cell.allOn.visible ? 'in' : 'out';
  return {
    state,
    flipped: true,
    label: `${state}, flipped: ${who}: ${cell.because}. With every rule on it is ${before}: ${reasonFor(cell.allOn, cell.item, cell.principal)}`,
  };
}

const clamp = (value: number, most: number) => Math.max(0, Math.min(Math.floor(value), most));

/** The cells of `range` (clamped to the matrix), decided now. */
function blockOf(matrix: AccessMatrix, range: CellRange): CellBlock {
  const [rowFrom, rowTo] = range.rows.map((r) => clamp(r, matrix.rows.length)) as [number, number];
  const [colFrom, colTo] = range.columns.map((c) => clamp(c, matrix.columns)) as [number, number];
  const principals = matrix.rows.slice(rowFrom, Math.max(rowFrom, rowTo));
  const items = Array.from({ length: Math.max(0, colTo - colFrom) }, (_, i) => matrix.item(colFrom + i));
  const cells: CellWords[] = [];
  for (let r = 0; r < principals.length; r++)
    for (let c = 0; c < items.length; c++) cells.push(cellWords(matrix.cell(rowFrom + r, colFrom + c)));
  return { row: rowFrom, column: colFrom, principals, items, cells };
}

/** The aligned blocks (BLOCK_ROWS × BLOCK_COLUMNS) a range crosses, as ranges. */
export function blocksCovering(range: CellRange, rows: number, columns: number): CellRange[] {
  const out: CellRange[] = [];
  const [rowFrom, rowTo] = [clamp(range.rows[0], rows), clamp(range.rows[1], rows)];
  const [colFrom, colTo] = [clamp(range.columns[0], columns), clamp(range.columns[1], columns)];
  for (let r = Math.floor(rowFrom / BLOCK_ROWS) * BLOCK_ROWS; r < rowTo; r += BLOCK_ROWS)
    for (let c = Math.floor(colFrom / BLOCK_COLUMNS) * BLOCK_COLUMNS; c < colTo; c += BLOCK_COLUMNS)
      out.push({ rows: [r, Math.min(rows, r + BLOCK_ROWS)], columns: [c, Math.min(columns, c + BLOCK_COLUMNS)] });
  return out;
}

export interface AccessPictures {
  access(look: AccessLook): AccessPicture;
  accessCells(version: number, range: CellRange): CellBlock | null;
}

/** The engine's access pictures of the timeline `held` gives (the last good one). */
export function accessPictures(held: () => Timeline): AccessPictures {
  let version = 0;
  const kept = new Map<number, AccessMatrix>();
  return {
    access(asked) {
      const timeline = held();
      const { window, ...look } = asked;
      const user = look.onlyAsker && look.principal !== null ? look.principal.user : null;
      const matrix = accessMatrixAt(timeline, look.index, user);
      kept.set(++version, matrix);
      kept.delete(version - KEPT_PICTURES);
      const table = look.picture === 'table';
      const flipped = flippedCells(matrix, COUNT_FLIPS_UP_TO);
      return {
        version,
        look: { ...look, index: matrix.at },
        user,
        rulesOff: [...matrix.rulesOff],
        rulesOffWords: ruleNames(matrix.rulesOff),
        rows: matrix.rows.length,
        columns: matrix.columns,
        groups: [...matrix.groups],
        flipped: flipped === null ? null : flipped.length,
        regions: table ? null : scopeRegionsAt(timeline, matrix.at, look.principal),
        blocks: table ? blocksCovering(window, matrix.rows.length, matrix.columns).map((b) => blockOf(matrix, b)) : [],
      };
    },
    accessCells(of, range) {
      const matrix = kept.get(of);
      return matrix === undefined ? null : blockOf(matrix, range);
    },
  };
}
