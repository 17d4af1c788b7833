import { describe, expect, it, vi } from 'vitest';
import { createPlaygroundStore, type PlaygroundStore } from './playgroundStore';
import { memoryTextStorage } from './storage';
import { SEED_TEXT, seedAnswerBook } from './seedData';
import { localEngine } from '../engine/local';
import type { Engine } from '../engine/protocol';
import type { AccessPicture } from '../engine/accessProtocol';

const book = seedAnswerBook();
const make = (engine: Engine = localEngine(book, { later: true })) =>
  createPlaygroundStore({ seedText: SEED_TEXT, storage: memoryTextStorage(), answers: book, engine });
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
    const engine: Engine = {
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
});
