import { describe, expect, it } from 'vitest';
import { generateScenario } from '../../../bench/scenario';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import { replayOk, seedScenario } from '../../core/testing/fixtures';
import { accessMatrixAt, flippedCells } from '../../core/explain/accessMatrix';
import { scopeRegionsAt } from '../../core/explain/scopeRegions';
import { withRulesOff } from '../../core/store/rules';
import type { Principal } from '../../core/store/entities';
import { accessPictures, cellWords, COUNT_FLIPS_UP_TO } from './access';
import { type AccessLook, BLOCK_COLUMNS, BLOCK_ROWS } from '../accessProtocol';
import { createSession } from './session';
import { liveCells } from '../client/liveCells';
import { localEngine } from './local';

const book = seedAnswerBook();
const BOB: Principal = { user: 'bob', task: 'task-18', agent: 'planner' };
const big = generateScenario({ users: 60, itemsPerUser: 10, queries: 40 });
const bigText = JSON.stringify(big);

const look = (change: Partial<AccessLook> = {}): AccessLook => ({
  index: 10,
  principal: BOB,
  onlyAsker: false,
  picture: 'table',
  window: { rows: [0, BLOCK_ROWS], columns: [0, BLOCK_COLUMNS] },
  ...change,
});

/** The access pictures of an engine that ran `text`, as the worker answers them. */
function sessionOf(text: string, rulesOff: Parameters<typeof withRulesOff> = []) {
  const session = createSession(book);
  const reply = session.run({ text, rulesOff, mode: 'run' });
  if (reply.kind !== 'ok') throw new Error('the scenario is valid');
  return accessPictures(session.timeline);
}

describe("the engine's access picture", () => {
  it.each([
    ['every rule on, everyone', [], false],
    ['the task check off, everyone', ['taskCheck'], false],
    ["the task check off, bob's principals", ['taskCheck'], true],
  ] as const)("sends the core's matrix for the look (%s): shape, flips and a window's cells", (_, off, onlyAsker) => {
    const session = sessionOf(SEED_TEXT, [...off]);
    const picture = session.access(look({ onlyAsker }));
    const matrix = accessMatrixAt(replayOk(seedScenario(), withRulesOff(...off)), 10, onlyAsker ? 'bob' : null);
    expect(picture.look).toEqual({ index: 10, principal: BOB, onlyAsker, picture: 'table' });
    expect(picture.user).toBe(onlyAsker ? 'bob' : null);
    expect([picture.rows, picture.columns]).toEqual([matrix.rows.length, matrix.columns]);
    expect(picture.groups).toEqual(matrix.groups);
    expect(picture.rulesOff).toEqual(off);
    expect(picture.rulesOffWords).toBe(off.length === 0 ? '' : '“A task item stays in its task”');
    expect(picture.flipped).toBe(flippedCells(matrix)!.length);
    expect(picture.regions).toBeNull();
    // The seed's matrix is one block: every cell comes with the picture.
    expect(picture.blocks).toHaveLength(1);
    const [block] = picture.blocks;
    expect(block!.principals).toEqual(matrix.rows);
    expect(block!.items).toEqual(Array.from({ length: matrix.columns }, (_, c) => matrix.item(c)));
    for (let r = 0; r < matrix.rows.length; r++)
      for (let c = 0; c < matrix.columns; c++)
        expect(block!.cells[r * matrix.columns + c]).toEqual(cellWords(matrix.cell(r, c)));
  });

  it("reads any window of a big matrix cell for cell as the core's, a block at a time", async () => {
    const engine = localEngine(book, { later: true });
    await engine.run({ text: bigText, rulesOff: ['agentCheck'], mode: 'run' });
    const timeline = replayOk(big, withRulesOff('agentCheck'));
    const at = timeline.entries.length - 1;
    const window = {
      rows: [BLOCK_ROWS + 1, BLOCK_ROWS + 3],
      columns: [4 * BLOCK_COLUMNS + 1, 5 * BLOCK_COLUMNS + 1],
    } as const;
    const picture = await engine.access(look({ index: at, principal: null, window }));
    const matrix = accessMatrixAt(timeline, at);
    expect(matrix.rows.length).toBeGreaterThan(BLOCK_ROWS * 2);
    expect(matrix.columns).toBeGreaterThan(BLOCK_COLUMNS * 6);
    // The blocks sent are those the window crosses, aligned.
    expect(picture.blocks.map((b) => [b.row, b.column])).toEqual([
      [BLOCK_ROWS, 4 * BLOCK_COLUMNS],
      [BLOCK_ROWS, 5 * BLOCK_COLUMNS],
    ]);
    // Too many cells to count the flipped ones: the table marks those it draws.
    expect(matrix.rows.length * matrix.columns).toBeGreaterThan(COUNT_FLIPS_UP_TO);
    expect(picture.flipped).toBeNull();

    const cells = liveCells(picture, (version, range) => engine.accessCells(version, range));
    let heard = 0;
    cells.subscribe(() => heard++);
    const far = { row: matrix.rows.length - 1, column: matrix.columns - 1 };
    expect(cells.cell(far.row, far.column)).toBeUndefined();
    expect(cells.cell(BLOCK_ROWS + 2, 5 * BLOCK_COLUMNS)).toEqual(
      cellWords(matrix.cell(BLOCK_ROWS + 2, 5 * BLOCK_COLUMNS)),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toBe(1);
    expect(cells.cell(far.row, far.column)).toEqual(cellWords(matrix.cell(far.row, far.column)));
    expect(cells.principal(far.row)).toEqual(matrix.rows[far.row]);
    expect(cells.item(far.column)).toEqual(matrix.item(far.column));
    expect(cells.cell(far.row + 1, 0)).toBeUndefined();
  });

  it('words a flipped cell with its verdict both ways', () => {
    const [block] = sessionOf(SEED_TEXT, ['taskCheck']).access(look()).blocks;
    const flipped = block!.cells.filter((cell) => cell.flipped);
    expect(flipped.map((cell) => cell.state)).toEqual(['in', 'in']);
    expect(flipped[0]!.label).toMatch(
      /^in, flipped: bob\/task-18\/planner and bob-export-plan: .*\. With every rule on it is out: bob's task-17 item, you are in task-18$/,
    );
  });

  it('sends the regions whole, and no cells with them', () => {
    const picture = sessionOf(SEED_TEXT, ['taskCheck']).access(look({ picture: 'regions' }));
    expect(picture.regions).toEqual(scopeRegionsAt(replayOk(seedScenario(), withRulesOff('taskCheck')), 10, BOB));
    expect(picture.blocks).toEqual([]);
  });

  it('clamps the step to the timeline', () => {
    expect(sessionOf(SEED_TEXT).access(look({ index: 99 })).look.index).toBe(12);
  });

  it('keeps the last few pictures for the page to read, and answers null for older ones', () => {
    const session = sessionOf(bigText);
    const first = session.access(look({ principal: null }));
    const range = { rows: [0, 2], columns: [0, 2] } as const;
    expect(session.accessCells(first.version, range)?.cells).toHaveLength(4);
    for (let i = 0; i < 4; i++) session.access(look({ principal: null, index: i }));
    expect(session.accessCells(first.version, range)).toBeNull();
  });
});
