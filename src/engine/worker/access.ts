/**
 * The access picture in the engine: who can read what at one step (core/explain/accessMatrix.ts), or
 * the scopes as nested regions (scopeRegions.ts). A big scenario's matrix has thousands of rows by tens
 * of thousands of columns, so it stays here, numbered like the views' long lists, and the page reads its
 * cells a block at a time as the table scrolls (liveCells.ts); the regions are small and go whole.
 * Everything a cell says (in or out, flipped, its sentence) is worded here, once.
 */
import { principalName } from '../../core/store/entities';
import type { Timeline } from '../../core/replay/replayText';
import { ruleNames } from '../../core/store/rules';
import {
  type AccessCell,
  type AccessMatrix,
  accessMatrixAt,
  cellIn,
  flippedCells,
} from '../../core/explain/accessMatrix';
import { scopeRegionsAt } from '../../core/explain/scopeRegions';
import { reasonFor } from '../../core/explain/explain';
import {
  type AccessLook,
  type AccessPicture,
  BLOCK_COLUMNS,
  BLOCK_ROWS,
  type CellBlock,
  type CellRange,
  type CellWords,
} from '../accessProtocol';

/** Past this many cells the flipped ones are not counted: counting decides every cell. */
export const COUNT_FLIPS_UP_TO = 5000;
/** Pictures whose matrix the engine keeps for the page to read: the last few, as answers cross. */
const KEPT_PICTURES = 4;

/** A cell in words: in or out, flipped or not, and its sentence (explain's reasonFor, both ways when flipped). */
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

/** The engine's access pictures of the timeline `held` gives (the last good one), numbered from `firstVersion`. */
export function accessPictures(held: () => Timeline, firstVersion = 0): AccessPictures {
  let version = firstVersion;
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
