/**
 * The access matrix on the page: the blocks of cells the engine sent with its picture, and the rest
 * asked for a block at a time when the table reads them (it reads only the cells it draws). A cell not
 * yet here reads as undefined (the table draws a placeholder), and the table hears when it comes.
 */
import type { Item, Principal } from '../../core/store/entities';
import type { Answer } from '../protocol';
import { arrivals } from './arrivals';
import type { AccessPicture, CellBlock, CellRange, CellWords } from '../accessProtocol';
import { BLOCK_COLUMNS, BLOCK_ROWS } from '../accessProtocol';

/** Blocks the page keeps of one picture; the oldest go first (a long scroll through a huge matrix). */
const KEPT_BLOCKS = 256;

export interface LiveCells {
  readonly rows: number;
  readonly columns: number;
  /** The principal of row `row`, once a block of that row is here. */
  principal(row: number): Principal | undefined;
  /** The item of column `column`, once a block of that column is here. */
  item(column: number): Item | undefined;
  /** The cell of `row` and `column` in words; undefined until its block is here (then it is asked for). */
  cell(row: number, column: number): CellWords | undefined;
  /** Call `listener` when cells arrive; returns the unsubscription. */
  subscribe(listener: () => void): () => void;
}

export type FetchCells = (version: number, range: CellRange) => Answer<CellBlock | null>;

const keyOf = (blockRow: number, blockColumn: number) => `${blockRow}:${blockColumn}`;

export function liveCells(picture: AccessPicture, fetch: FetchCells): LiveCells {
  const { rows, columns, version } = picture;
  const blocks = new Map<string, CellBlock>();
  const principals = new Map<number, Principal[]>();
  const items = new Map<number, Item[]>();
  const parts = arrivals<string>();

  const keep = (block: CellBlock) => {
    const key = keyOf(block.row / BLOCK_ROWS, block.column / BLOCK_COLUMNS);
    if (blocks.size >= KEPT_BLOCKS && !blocks.has(key)) {
      const oldest = blocks.keys().next().value!;
      blocks.delete(oldest);
      parts.forget(oldest);
    }
    blocks.set(key, block);
    principals.set(block.row / BLOCK_ROWS, block.principals);
    items.set(block.column / BLOCK_COLUMNS, block.items);
  };
  for (const block of picture.blocks) keep(block);

  const load = (blockRow: number, blockColumn: number) => {
    const row = blockRow * BLOCK_ROWS;
    const column = blockColumn * BLOCK_COLUMNS;
    const range: CellRange = {
      rows: [row, Math.min(rows, row + BLOCK_ROWS)],
      columns: [column, Math.min(columns, column + BLOCK_COLUMNS)],
    };
    parts.ask(keyOf(blockRow, blockColumn), () => fetch(version, range), keep);
  };

  return {
    rows,
    columns,
    principal: (row) => principals.get(Math.floor(row / BLOCK_ROWS))?.[row % BLOCK_ROWS],
    item: (column) => items.get(Math.floor(column / BLOCK_COLUMNS))?.[column % BLOCK_COLUMNS],
    cell(row, column) {
      if (row < 0 || row >= rows || column < 0 || column >= columns) return undefined;
      const blockRow = Math.floor(row / BLOCK_ROWS);
      const blockColumn = Math.floor(column / BLOCK_COLUMNS);
      const block = blocks.get(keyOf(blockRow, blockColumn));
      if (block === undefined) {
        load(blockRow, blockColumn);
        return undefined;
      }
      return block.cells[(row - block.row) * block.items.length + (column - block.column)];
    },
    subscribe: parts.subscribe,
  };
}
