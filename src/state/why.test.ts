import { describe, expect, it } from 'vitest';
import { inPageEngines } from '../engine/worker/inPage';
import { createPlaygroundStore } from './playgroundStore';
import { memoryTextStorage, type TextStorage, webTextStorage } from './storage';
import { SEED_TEXT, seedAnswerBook } from './seedData';
import { whyRows } from '../core/explain/whyRequest';
import { rowsToArray } from '../core/timeline/rows';

const book = seedAnswerBook();
const make = (storage: TextStorage = memoryTextStorage()) =>
  createPlaygroundStore({ seedText: SEED_TEXT, storage, answers: book, engines: inPageEngines() });
const red = (store: ReturnType<typeof make>) =>
  store
    .getState()
    .checks.filter((c) => !c.ok)
    .map((c) => c.id);

describe('rule switches in the store', () => {
  it('turn the checks a rule protects red, locate the failures, and turn them green again', async () => {
    const store = make();
    expect(store.getState().checks.length).toBe(9);
    expect(red(store)).toEqual([]);
    store.getState().toggleRule('taskCheck');
    await store.getState().settled();
    expect(red(store)).toEqual(['task-boundary']);
    expect(store.getState().checkFailures[0]).toMatchObject({ check: 'task-boundary', step: 10, path: 'steps[9]' });
    expect(store.getState().checkFailures[0]?.line).toBeGreaterThan(100);
    store.getState().setRulesOff([]);
    await store.getState().settled();
    expect(red(store)).toEqual([]);
    expect(store.getState().checkFailures).toEqual([]);
  });

  it('are saved with the text and come back after a reload, until every rule is back on', async () => {
    const storage = memoryTextStorage();
    const store = make(storage);
    store.getState().toggleRule('cacheKeyPrincipal');
    await store.getState().settled();
    expect(storage.savedRulesOff).toEqual(['cacheKeyPrincipal']);
    const again = make(storage);
    expect(again.getState().rulesOff).toEqual(['cacheKeyPrincipal']);
    expect(again.getState().cache.find((row) => row.index === 9)).toMatchObject({
      hit: true,
      otherPrincipal: true,
      builtAtStep: 7,
    });
    again.getState().reset();
    await again.getState().settled();
    expect(again.getState().rulesOff).toEqual(['cacheKeyPrincipal']);
    expect(make(storage).getState().rulesOff).toEqual(['cacheKeyPrincipal']);
    again.getState().setRulesOff([]);
    await again.getState().settled();
    expect(make(storage).getState().rulesOff).toEqual([]);
  });

  it('survive a round trip through web storage, and unknown rule names are dropped', async () => {
    const map = new Map<string, string>();
    const backing = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    const storage = webTextStorage('k', () => backing);
    storage.save('text', ['escaping']);
    expect(storage.load()).toEqual({ kind: 'text', text: 'text', rulesOff: ['escaping'] });
    // A text saved as JSON with its rules, as pages wrote it before the text had a key of its own.
    map.clear();
    map.set('k', JSON.stringify({ format: 1, text: 'text', rulesOff: ['noSuchRule', 'taskCheck'] }));
    expect(storage.load()).toEqual({ kind: 'text', text: 'text', rulesOff: ['taskCheck'] });
  });

  it('know which checks each rule protects in the scenario on screen, once a view asks', async () => {
    const store = make();
    // Not found at start: the first paint does not replay the scenario once per rule.
    expect(store.getState().coverage).toBeUndefined();
    store.getState().needCoverage();
    await store.getState().settled();
    expect(store.getState().coverage?.taskCheck).toEqual(['task-boundary']);
    expect(store.getState().coverage?.escaping).toEqual([]);
  });

  it('finds coverage again for a new run, not for a rule switch', async () => {
    const store = make();
    store.getState().needCoverage();
    await store.getState().settled();
    const found = store.getState().coverage;
    store.getState().toggleRule('taskCheck');
    await store.getState().settled();
    expect(store.getState().coverage).toBe(found);
    store.getState().editText(store.getState().text.replace('task-17', 'task-18'));
    store.getState().run();
    await store.getState().settled();
    expect(store.getState().coverage).toBeUndefined();
    store.getState().needCoverage();
    await store.getState().settled();
    expect(store.getState().coverage?.taskCheck).toEqual(['task-boundary']);
  });
});

describe('the explainer in the store', () => {
  it("explains the request in view, and names the cache that served Bob's context to Alice", async () => {
    const store = make();
    store.getState().stepTo(9);
    await store.getState().settled();
    const why = store.getState().why.explained!;
    expect(
      whyRows(why)
        .filter((i) => i.inRequest)
        .map((i) => i.item.id),
    ).toEqual(['app-policy', 'alice-contact', 'alice-export-limit']);
    store.getState().toggleRule('cacheKeyPrincipal');
    await store.getState().settled();
    expect(store.getState().index).toBe(9);
    const broken = store.getState().why.explained!;
    expect(broken.wrongCache).toMatchObject({ builtAtStep: 7 });
    expect(whyRows(broken).find((i) => i.item.id === 'bob-style')?.mismatch).toMatch(
      /built for bob\/task-17\/planner at step 7/,
    );
  });

  it('marks the leaked items of the request in view, and none once every rule is back on', async () => {
    const store = make();
    store.getState().stepTo(9);
    await store.getState().settled();
    expect(store.getState().why.leaked.size).toBe(0);
    store.getState().toggleRule('cacheKeyPrincipal');
    await store.getState().settled();
    const { explained, leaked } = store.getState().why;
    const ids = explained!.inRequest.filter((i) => leaked.has(i.item.seq)).map((i) => i.item.id);
    expect(ids).toEqual(['bob-style', 'bob-export-plan', 'planner-scratch']);
    store.getState().setRulesOff([]);
    await store.getState().settled();
    expect(store.getState().why.leaked.size).toBe(0);
  });
});

describe('compare mode', () => {
  it('compares with another user asking the same question, and marks what only one of them gets', async () => {
    const store = make();
    store.getState().stepTo(7);
    await store.getState().settled();
    store.getState().compareWith();
    await store.getState().settled();
    const { comparing, why } = store.getState();
    expect(comparing).toEqual({ user: 'alice', task: 'task-9', agent: 'planner' });
    const only = (side: 'left' | 'right') =>
      why.compare!.rows!.filter((r) => r[side] && !r[side === 'left' ? 'right' : 'left']).map((r) => r.item.id);
    expect(only('left')).toEqual(['bob-style', 'bob-export-plan', 'planner-scratch']);
    expect(only('right')).toEqual(['alice-contact', 'alice-export-limit']);
    expect(why.compare!.rows!.filter((r) => r.left && r.right).map((r) => r.item.id)).toEqual(['app-policy']);
  });

  it('follows the steps, can change the principal compared with, and stops', async () => {
    const store = make();
    store.getState().compareWith({ user: 'bob', task: 'task-18' });
    await store.getState().settled();
    store.getState().stepTo(10);
    await store.getState().settled();
    expect(store.getState().why.compare?.principal).toEqual({ user: 'bob', task: 'task-18', agent: 'planner' });
    store.getState().stopComparing();
    await store.getState().settled();
    expect(store.getState().why.compare).toBeNull();
    expect(store.getState().comparing).toBeNull();
  });
});

describe('the naive list in view', () => {
  it("flags each leaked item's own line of the naive message, escaped or not as the rules built it", async () => {
    const text = SEED_TEXT.replace('alice@example.com.', '<alice@example.com> & co.');
    const store = createPlaygroundStore({
      seedText: text,
      storage: memoryTextStorage(),
      answers: book,
      engines: inPageEngines(),
    });
    for (const off of [[], ['escaping']] as const) {
      store.getState().setRulesOff(off);
      await store.getState().settled();
      let flagged = 0;
      for (const entry of rowsToArray(store.getState().words)) {
        if (entry.op !== 'query') continue;
        store.getState().stepTo(entry.index);
        await store.getState().settled();
        const request = store.getState().view.request;
        if (request.kind !== 'ok') continue;
        const lines = request.result.naiveMessages[1].content.split('\n');
        expect(request.naiveLeakLines.size).toBe(request.result.leaked.length);
        for (const line of request.naiveLeakLines.keys()) expect(lines).toContain(line);
        flagged += [...request.naiveLeakLines.keys()].filter((line) => line.includes('alice@example.com')).length;
      }
      expect(flagged).toBeGreaterThan(0);
    }
  });
});
