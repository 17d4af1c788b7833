import { describe, expect, it } from 'vitest';
import { inPageEngines } from '../engine/worker/inPage';
import { createPlaygroundStore, type PlaygroundStore } from './playgroundStore';
import { memoryTextStorage, type TextStorage, webTextStorage } from './storage';
import { SEED_TEXT, seedAnswerBook } from './seedData';
import { rowsToArray } from '../core/timeline/rows';

const book = seedAnswerBook();
const make = (storage: TextStorage = memoryTextStorage()) =>
  createPlaygroundStore({ seedText: SEED_TEXT, storage, answers: book, engines: inPageEngines() });
const ids = (items: ReadonlyArray<{ id: string }>) => items.map((item) => item.id);
/** Wait for the engine's answers: every action sends the engine a request. */
const settle = (store: PlaygroundStore) => store.getState().settled();
/** The last good timeline, fetched from the engine as a view that needs it does. */
const timelineOf = async (store: PlaygroundStore) => {
  await settle(store);
  store.getState().needTimeline();
  await settle(store);
  return store.getState().timeline!;
};

describe('createPlaygroundStore', () => {
  it('starts on the configuration of the seed scenario, asking as the first query’s principal', () => {
    const state = make().getState();
    expect(state.index).toBe(0);
    expect(state.entries).toBe(13);
    expect(state.principal).toEqual({ user: 'bob', task: 'task-17', agent: 'planner' });
    expect(state.view.question).toBe('What is the plan for the export job?');
    expect(state.words.at(4)!.summary).toBe("bob's planner writes a task item bob-export-plan");
  });

  it('each store is its own: stepping one leaves another where it was', async () => {
    const a = make();
    const b = make();
    a.getState().last();
    await settle(a);
    expect(a.getState().index).toBe(12);
    expect(b.getState().index).toBe(0);
  });
});

describe('stepping', () => {
  it('moves next, previous, first and last, and clamps at the ends', async () => {
    const store = make();
    const { next, previous, first, last } = store.getState();
    previous();
    await settle(store);
    expect(store.getState().index).toBe(0);
    next();
    next();
    await settle(store);
    expect(store.getState().index).toBe(2);
    last();
    next();
    await settle(store);
    expect(store.getState().index).toBe(12);
    first();
    await settle(store);
    expect(store.getState().index).toBe(0);
  });

  it("uses a query step's own outcome when the step's principal is asking", async () => {
    const store = make();
    store.getState().stepTo(9);
    const timeline = await timelineOf(store);
    const { principal, view } = store.getState();
    expect(principal).toEqual({ user: 'alice', task: 'task-9', agent: 'planner' });
    if (view.request.kind !== 'ok') throw new Error('expected a request');
    expect(view.request.fromStep).toBe(true);
    expect(view.request.result).toEqual(timeline.entries[9]!.outcome);
    expect(ids(view.request.result.leaked)).toEqual(['bob-export-plan', 'handoff-1-item-1']);
    expect(view.request.recorded).toEqual(['alice/task-9/planner scoped', 'alice/task-9/planner naive']);
  });

  it('keeps the chosen principal on steps that are not queries', async () => {
    const store = make();
    store.getState().selectPrincipal({ user: 'alice', task: 'task-9' });
    store.getState().stepTo(3);
    await settle(store);
    expect(store.getState().principal).toEqual({ user: 'alice', task: 'task-9', agent: 'planner' });
  });
});

describe('selectPrincipal and askQuestion', () => {
  it('builds the request any principal would get at the current step', async () => {
    const store = make();
    store.getState().stepTo(7);
    store.getState().selectPrincipal({ task: 'task-18' });
    await settle(store);
    const { request } = store.getState().view;
    if (request.kind !== 'ok') throw new Error('expected a request');
    expect(request.fromStep).toBe(false);
    expect(request.result.context.item_ids).toEqual(['app-policy', 'bob-style']);
  });

  it('reports an unknown agent as a rejected request, not an error', async () => {
    const store = make();
    store.getState().selectPrincipal({ agent: 'auditor' });
    await settle(store);
    expect(store.getState().view.request).toEqual({ kind: 'rejected', reason: 'unknown agent auditor' });
  });

  it("asks the learner's question, and a blank one returns to the step's", async () => {
    const store = make();
    store.getState().stepTo(7);
    store.getState().askQuestion('  Where does Alice get billed?  ');
    await settle(store);
    const { view } = store.getState();
    expect(view.question).toBe('Where does Alice get billed?');
    if (view.request.kind !== 'ok') throw new Error('expected a request');
    expect(ids(view.request.result.leaked)).toContain('alice-contact');
    store.getState().askQuestion('   ');
    await settle(store);
    expect(store.getState().view.question).toBe('What is the plan for the export job?');
  });
});

describe('editing and running', () => {
  it('saves every edit and replays only on run', async () => {
    const storage = memoryTextStorage();
    const store = make(storage);
    const edited = SEED_TEXT.replace('Bob prefers short answers.', 'Bob prefers long answers.');
    store.getState().editText(edited);
    expect(storage.saved).toBe(edited);
    expect(store.getState().ranText).toBe(SEED_TEXT);
    store.getState().run();
    await settle(store);
    expect(store.getState().running).toBeNull();
    expect(store.getState().ranText).toBe(edited);
    expect((await timelineOf(store)).lives.map((l) => l.item.text)).toContain('Bob prefers long answers.');
  });

  it('keeps the last good timeline and lists located problems when the text is invalid', async () => {
    const store = make();
    store.getState().stepTo(5);
    await settle(store);
    const before = store.getState().words;
    store.getState().loadScenario(SEED_TEXT.replace('"op": "close_task"', '"op": "close_task",,'));
    await settle(store);
    const { problems, words, index } = store.getState();
    expect(words).toBe(before);
    expect(index).toBe(5);
    expect(problems[0]).toMatchObject({
      message: 'JSON syntax: expected a property name in double quotes',
      line: 141,
      column: 26,
    });
    store.getState().loadScenario(SEED_TEXT);
    await settle(store);
    expect(store.getState().problems).toEqual([]);
  });

  it('writes the text again when asked (before an update reloads the page), the untouched seed not at all', () => {
    const storage = memoryTextStorage();
    const store = make(storage);
    store.getState().saveText();
    expect(storage.saved).toBeUndefined();
    store.getState().editText('{ "mine": 1');
    storage.saved = undefined;
    store.getState().saveText();
    expect(storage.saved).toBe('{ "mine": 1');
  });

  it('has the engine group the store while a view draws it, from the first visit’s landing on', async () => {
    const store = make();
    const release = store.getState().showStore();
    store.getState().landOnFirstLeak();
    await settle(store);
    const { view, index } = store.getState();
    expect(index).toBeGreaterThan(0);
    expect(view.store?.present).toBe(view.present);
    expect(view.store!.sizes.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(view.present);
    release();
    await settle(store);
    expect(store.getState().view.store).toBeNull();
    expect(store.getState().view.present).toBe(view.present);
  });

  it('starts from a saved edit, and reset forgets it', async () => {
    const edited = SEED_TEXT.replace('app-policy', 'house-rules');
    const storage = memoryTextStorage(edited);
    const store = make(storage);
    expect(store.getState().text).toBe(edited);
    store.getState().showStore();
    await settle(store);
    const { groups, items } = store.getState().view.store!;
    const first = Array.from({ length: groups.at(0)!.size }, (_, i) => items.at(i)!.item);
    expect(ids(first)).toEqual(['house-rules']);
    store.getState().stepTo(3);
    store.getState().reset();
    await settle(store);
    expect(store.getState().text).toBe(SEED_TEXT);
    expect(store.getState().ranText).toBe(SEED_TEXT);
    expect(store.getState().index).toBe(3);
    expect(storage.saved).toBeUndefined();
  });

  it('shows the seed timeline and the problems when the saved edit is invalid', async () => {
    const store = make(memoryTextStorage('{"agents": []'));
    await settle(store);
    expect(store.getState().text).toBe('{"agents": []');
    expect(store.getState().problems.length).toBeGreaterThan(0);
    expect(store.getState().entries).toBe(13);
  });
});

describe('storage trouble', () => {
  const failing = (error: unknown) => ({
    getItem: () => {
      throw error;
    },
    setItem: () => {
      throw error;
    },
    removeItem: () => {
      throw error;
    },
  });

  it('turns disabled storage into a notice, never an exception', () => {
    const store = make(webTextStorage('k', () => failing(new DOMException('denied', 'SecurityError'))));
    expect(store.getState().notice).toMatch(/does not let the page store data/);
    store.getState().dismissNotice();
    store.getState().editText('{}');
    expect(store.getState().notice).toMatch(/will not survive a reload/);
  });

  it('says so when storage is full', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    };
    const store = make(webTextStorage('k', () => full));
    expect(store.getState().notice).toBeNull();
    store.getState().editText('{}');
    expect(store.getState().notice).toMatch(/storage is full/);
  });

  it('ignores a saved value it cannot read and says so', () => {
    // Under the key texts were saved as JSON before they had a key of their own.
    const garbage = {
      getItem: (k: string) => (k === 'k' ? 'not json' : null),
      setItem: () => {},
      removeItem: () => {},
    };
    const store = make(webTextStorage('k', () => garbage));
    expect(store.getState().text).toBe(SEED_TEXT);
    expect(store.getState().notice).toMatch(/could not be read/);
  });

  it('round-trips text through a web storage', () => {
    const map = new Map<string, string>();
    const backing = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
    };
    const storage = webTextStorage('k', () => backing);
    expect(storage.save('hello')).toBeNull();
    expect(storage.load()).toEqual({ kind: 'text', text: 'hello' });
    storage.clear();
    expect(storage.load()).toEqual({ kind: 'empty' });
  });
});

describe('answers', () => {
  it('filters by principal, kind and verdict, and shows one principal in one call', () => {
    const store = make();
    store.getState().filterAnswers({ kind: 'naive', verdict: 'fail' });
    expect(store.getState().shownAnswers.map((r) => r.id)).toEqual(
      [1, 2, 3, 4, 5].map((s) => `alice/task-9/planner naive#${s}`),
    );
    store.getState().showAnswersFor('bob/task-17/planner');
    expect(store.getState().answerFilter).toEqual({ principal: 'bob/task-17/planner', kind: null, verdict: null });
    expect(store.getState().shownAnswers).toHaveLength(10);
  });
});

describe('rule switches', () => {
  it('replays the last good scenario without the rules switched off, keeping the step and principal in view', async () => {
    const store = make();
    store.getState().stepTo(12);
    store.getState().selectPrincipal({ task: 'task-18' });
    store.getState().setRulesOff(['taskCheck']);
    const timeline = await timelineOf(store);
    const { rulesOff, index, principal } = store.getState();
    expect(rulesOff).toEqual(['taskCheck']);
    expect(timeline.rules.taskCheck).toBe(false);
    expect(index).toBe(12);
    expect(principal?.task).toBe('task-18');
    const query = timeline.entries.find(
      (entry) => entry.outcome.kind === 'queried' && entry.outcome.principal.task === 'task-18',
    );
    expect(query?.outcome.kind === 'queried' && query.outcome.context.item_ids).toContain('bob-export-plan');
  });

  it('toggles one rule at a time, keeps them in rule order, and runs edits under them', async () => {
    const store = make();
    store.getState().toggleRule('escaping');
    store.getState().toggleRule('taskCheck');
    expect(store.getState().rulesOff).toEqual(['taskCheck', 'escaping']);
    store.getState().toggleRule('escaping');
    expect(store.getState().rulesOff).toEqual(['taskCheck']);
    store.getState().loadScenario(SEED_TEXT.replace('short answers', 'long answers'));
    expect((await timelineOf(store)).rules.taskCheck).toBe(false);
    store.getState().reset();
    expect((await timelineOf(store)).rules.taskCheck).toBe(false);
    store.getState().setRulesOff([]);
    expect((await timelineOf(store)).rules.taskCheck).toBe(true);
  });
});

describe('explaining one cell of the access picture', () => {
  it('asks as the principal of the cell and points the explainer at its item, until the timeline changes', async () => {
    const store = make();
    store.getState().stepTo(9);
    const alice = { user: 'alice', task: 'task-9', agent: 'planner' };
    const bobStyle = (await timelineOf(store)).lives.find((life) => life.item.id === 'bob-style')!.item;
    store.getState().explainItemFor(alice, bobStyle.seq);
    await settle(store);
    expect(store.getState().principal).toEqual(alice);
    expect(store.getState().index).toBe(9);
    expect(store.getState().focusedItem).toBe(bobStyle.seq);
    expect(rowsToArray(store.getState().why.explained!.leftOut).map((why) => why.item.id)).toContain('bob-style');
    store.getState().toggleRule('taskCheck');
    await settle(store);
    expect(store.getState().focusedItem).toBeNull();
  });
});
