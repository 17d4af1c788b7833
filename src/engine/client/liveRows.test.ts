import { describe, expect, it } from 'vitest';
import { generateScenario } from '../../../bench/scenario';
import { seedAnswerBook } from '../../state/seedData';
import { replayOk } from '../../core/testing/fixtures';
import { storeViewAt } from '../../core/timeline/storeViewIndex';
import { createSession, FIRST_ROWS, WHOLE_UP_TO } from '../worker/session';
import { VIRTUAL_FROM } from '../../ui/common/VirtualList';
import { localEngine } from '../worker/local';
import { liveViews } from './liveRows';

const book = seedAnswerBook();
const scenario = generateScenario({ users: 120, itemsPerUser: 10, queries: 20 });
const text = JSON.stringify(scenario);

describe("the engine's long lists on the page", () => {
  it('sends a first window and the rest of a list as it is read, row for row', async () => {
    const engine = localEngine(book, { later: true });
    const reply = await engine.run({ text, rulesOff: [], mode: 'run' });
    if (reply.kind !== 'ok') throw new Error('the scenario is valid');
    await engine.act({ kind: 'showStore', shown: true });
    const sent = await engine.act({ kind: 'last' });
    const items = sent.view.store!.items;
    expect(items.length).toBeGreaterThan(WHOLE_UP_TO);
    expect(items.rows).toHaveLength(FIRST_ROWS);
    const views = liveViews(sent, (list, version, from, to) => engine.rows(list, version, from, to));
    const live = views.view.store!.items;
    let heard = 0;
    live.subscribe(() => heard++);
    const whole = storeViewAt(replayOk(scenario), sent.index).groups.flatMap((group) => group.items);
    // The rows sent come back as sent; the next one is not here until asked for.
    for (let i = 0; i < FIRST_ROWS; i++) expect(live.at(i)!.item.seq).toBe(whole[i]!.item.seq);
    expect(live.at(FIRST_ROWS)).toBeUndefined();
    const far = live.length - 1;
    expect(live.at(far)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard).toBe(2);
    expect(live.at(FIRST_ROWS)!.item.seq).toBe(whole[FIRST_ROWS]!.item.seq);
    expect([live.at(-1), live.at(live.length)]).toEqual([undefined, undefined]);
    expect(live.length).toBe(whole.length);
    expect(live.at(far)!.item.seq).toBe(whole[far]!.item.seq);
    expect(live.at(0)!.item.seq).toBe(whole[0]!.item.seq);
  });

  it('sends whole every list a VirtualList draws whole', () => {
    expect(WHOLE_UP_TO).toBeGreaterThanOrEqual(VIRTUAL_FROM);
  });

  it('answers for the last few views only', () => {
    const session = createSession(book);
    session.run({ text, rulesOff: [], mode: 'run' });
    session.act({ kind: 'showStore', shown: true });
    const old = session.act({ kind: 'last' }).view.store!.items;
    expect(session.rows('storeItems', old.version, 300, 310)).toHaveLength(10);
    for (let i = 0; i < 5; i++) session.act({ kind: 'move', by: -1 });
    expect(session.rows('storeItems', old.version, 300, 310)).toBeNull();
  });
});
