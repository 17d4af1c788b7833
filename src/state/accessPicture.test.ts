import { describe, expect, it, vi } from 'vitest';
import { inPageEngines } from '../engine/worker/inPage';
import { createPlaygroundStore, type PlaygroundStore } from './playgroundStore';
import { memoryTextStorage } from './storage';
import { SEED_TEXT, seedAnswerBook } from './seedData';
import { localEngine } from '../engine/worker/local';
import type { StoreEngine } from '../engine/protocol';
import type { AccessPicture } from '../engine/accessProtocol';
import { workerEngine } from '../engine/client/client';
import { threadWorkers } from '../engine/worker/testing/threadWorker';

/** The engine that replaces a worker given up: the page's own (main.tsx makes it so too). */
const inPage = (firstVersion: number) => localEngine(seedAnswerBook(), { firstVersion });

const book = seedAnswerBook();
const make = (engine: StoreEngine = localEngine(book, { later: true })) =>
  createPlaygroundStore({
    seedText: SEED_TEXT,
    storage: memoryTextStorage(),
    answers: book,
    engines: inPageEngines(),
    engine,
  });
const shown = (store: PlaygroundStore) => store.getState().access.shown;
const settle = (store: PlaygroundStore) => store.getState().settled();

describe("the store's access picture", () => {
  it('follows the step only while on screen, and catches up when it comes back', async () => {
    const store = make();
    store.getState().stepTo(9);
    await settle(store);
    expect(shown(store)).toBeNull();
    store.getState().seeAccess(true);
    await settle(store);
    expect(shown(store)?.look.index).toBe(9);
    store.getState().seeAccess(false);
    store.getState().next();
    await settle(store);
    expect(store.getState().index).toBe(10);
    expect(shown(store)?.look.index).toBe(9);
    store.getState().seeAccess(true);
    await settle(store);
    expect(shown(store)?.look).toEqual({
      index: 10,
      principal: { user: 'bob', task: 'task-18', agent: 'planner' },
      onlyAsker: false,
      picture: 'table',
    });
    // The picture is drawn in the engine: the page never fetched the timeline for it.
    expect(store.getState().timeline).toBeNull();
  });

  it('asks again after a rule switch and for each choice', async () => {
    const store = make();
    store.getState().stepTo(10);
    store.getState().seeAccess(true);
    await settle(store);
    expect(shown(store)?.flipped).toBe(0);
    store.getState().toggleRule('taskCheck');
    await settle(store);
    expect(shown(store)).toMatchObject({ rulesOff: ['taskCheck'], flipped: 2 });
    store.getState().showOnlyAskersPrincipals(true);
    await settle(store);
    expect(shown(store)).toMatchObject({ user: 'bob', rows: 3 });
    store.getState().showAccessPicture('regions');
    await settle(store);
    expect(shown(store)?.regions?.app.owner).toBe('everyone');
  });

  it('drops an answer a later request superseded, whichever comes first', async () => {
    const inner = localEngine(book);
    const later: Array<() => void> = [];
    // Each answer waits until the test lets it come.
    const engine: StoreEngine = {
      ...inner,
      access: (look) => new Promise<AccessPicture>((resolve) => later.push(() => resolve(inner.access(look)))),
    };
    const store = make(engine);
    store.getState().seeAccess(true);
    store.getState().showAccessPicture('regions');
    expect(later).toHaveLength(2);
    // The later request answers first; the earlier one's answer then comes and must not replace it.
    later[1]!();
    await vi.waitFor(() => expect(shown(store)?.look.picture).toBe('regions'));
    later[0]!();
    await settle(store);
    expect(shown(store)?.look.picture).toBe('regions');
  });

  it('comes with a step’s views in one trip to the worker while shown, and not at all while not', async () => {
    const { workers, start } = threadWorkers();
    const store = make(workerEngine(book, start, inPage));
    store.getState().stepTo(9);
    store.getState().seeAccess(true);
    await settle(store);
    const posted = () => workers[0]!.posted.map(({ request }) => request);
    const before = posted().length;
    store.getState().next();
    await settle(store);
    expect(
      posted()
        .slice(before)
        .map((request) => request.method),
    ).toEqual(['act']);
    expect(store.getState().index).toBe(10);
    expect(shown(store)?.look).toMatchObject({ index: 10, principal: store.getState().principal, picture: 'table' });
    // The same picture a request of its own draws.
    const own = localEngine(book);
    await own.run({ text: SEED_TEXT, rulesOff: [], mode: 'run' });
    const alone = await own.access({ ...shown(store)!.look, window: { rows: [0, 1], columns: [0, 1] } });
    expect(shown(store)).toMatchObject({ rows: alone.rows, columns: alone.columns });
    expect(shown(store)!.cells.cell(0, 0)).toEqual(alone.blocks[0]!.cells[0]);

    store.getState().seeAccess(false);
    store.getState().previous();
    await settle(store);
    const [off] = posted().slice(before + 1);
    // Not on screen: the step's views alone.
    expect(off).toEqual({ id: expect.any(Number), method: 'act', args: [{ kind: 'move', by: -1 }, undefined] });
    expect(shown(store)?.look.index).toBe(10);
  });

  it('draws a choice made while a step is under way, not the picture the step brought', async () => {
    const store = make();
    store.getState().stepTo(9);
    store.getState().seeAccess(true);
    await settle(store);
    store.getState().next();
    store.getState().showAccessPicture('regions');
    await settle(store);
    expect(shown(store)?.look).toMatchObject({ index: 10, picture: 'regions' });
    expect(shown(store)?.regions).not.toBeNull();
  });
});
