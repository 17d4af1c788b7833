/**
 * The access picture as it crosses between the page and the engine (access.ts draws it, liveCells.ts
 * reads it on the page): plain data, and nothing of the core, so the page's entry JavaScript does not
 * carry the matrix's code.
 */
import type { Item, Principal } from '../core/store/entities';
import type { Rule } from '../core/store/rules';
import type { ColumnGroup } from '../core/explain/accessMatrix';
import type { RegionMap } from '../core/explain/scopeRegions';

/**
 * A block of cells the page asks for at a time. A table window (about 13 rows by 8 columns) crosses at
 * most four: 512 cells, some 80 KB of words, where blocks of 24 by 12 sent 1,152 cells (177 KB) a step.
 */
export const BLOCK_ROWS = 16;
export const BLOCK_COLUMNS = 8;
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
