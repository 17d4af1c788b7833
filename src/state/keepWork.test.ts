import { afterEach, describe, expect, it, vi } from 'vitest';
import { inPageEngines } from '../engine/worker/inPage';
import { createPlaygroundStore, type PlaygroundStore, RESTARTED_NOTICE } from './playgroundStore';
import { localEngine } from '../engine/worker/local';
import type { StoreEngine } from '../engine/protocol';
import { memoryTextStorage, type TextStorage, webTextStorage } from './storage';
import { SEED_TEXT, seedAnswerBook } from './seedData';
import { replayText } from '../core/replay/replayText';

const book = seedAnswerBook();
const EDITED = SEED_TEXT.replace('Bob prefers short answers.', 'Bob prefers long answers.');
const BOOM = SEED_TEXT.replace('Bob prefers short answers.', 'Bob prefers a replay that throws.');

/** A replay with a bug that throws on one text, as a core regression might. */
const buggyReplay: typeof replayText = (text, rules) => {
  if (text === BOOM) throw new TypeError("Cannot read properties of undefined (reading 'seq')");
  return replayText(text, rules);
};

const make = (
  storage: TextStorage = memoryTextStorage(),
  engine: StoreEngine = localEngine(book, { replay: buggyReplay }),
) => createPlaygroundStore({ seedText: SEED_TEXT, storage, answers: book, engines: inPageEngines(), engine });
const settle = (store: PlaygroundStore) => store.getState().settled();

afterEach(() => vi.restoreAllMocks());

describe('a replay that throws', () => {
  it('becomes a problem on screen; the text stays and the last good timeline stays', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryTextStorage();
    const store = make(storage);
    store.getState().stepTo(4);
    await settle(store);
    const before = store.getState().words;
    expect(() => store.getState().loadScenario(BOOM)).not.toThrow();
    await settle(store);
    const { text, problems, words, index } = store.getState();
    expect(text).toBe(BOOM);
    expect(storage.saved).toBe(BOOM);
    expect(words).toBe(before);
    expect(index).toBe(4);
    expect(problems).toEqual([
      {
        path: '(replay)',
        message: expect.stringContaining("the replay failed (Cannot read properties of undefined (reading 'seq'))"),
      },
    ]);
    expect(error).toHaveBeenCalledWith('The replay failed', expect.any(TypeError));
  });

  it('does not stop the page from starting when the saved text is the one that throws', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = make(memoryTextStorage(BOOM));
    await settle(store);
    expect(store.getState().text).toBe(BOOM);
    expect(store.getState().entries).toBe(13);
    expect(store.getState().problems[0]?.message).toMatch(/^the replay failed/);
    // Fixing the text and running it recovers.
    store.getState().loadScenario(EDITED);
    await settle(store);
    expect(store.getState().problems).toEqual([]);
  });
});

describe('reset', () => {
  it('can be undone: the discarded edit comes back, is saved again and runs', async () => {
    const storage = memoryTextStorage();
    const store = make(storage);
    store.getState().loadScenario(EDITED);
    store.getState().reset();
    await settle(store);
    expect(store.getState().text).toBe(SEED_TEXT);
    expect(storage.saved).toBeUndefined();
    expect(store.getState().discarded).toBe(EDITED);
    store.getState().undoReset();
    await settle(store);
    expect(store.getState().text).toBe(EDITED);
    expect(storage.saved).toBe(EDITED);
    expect(store.getState().ranText).toBe(EDITED);
    expect(store.getState().discarded).toBeNull();
  });

  it('brings back an invalid edit too, with its problems', async () => {
    const store = make();
    store.getState().editText('{"agents": [');
    store.getState().reset();
    store.getState().undoReset();
    await settle(store);
    expect(store.getState().text).toBe('{"agents": [');
    expect(store.getState().problems.length).toBeGreaterThan(0);
  });

  it('offers no undo when nothing was edited, and forgets the offer at the next edit', () => {
    const store = make();
    store.getState().reset();
    expect(store.getState().discarded).toBeNull();
    store.getState().editText(EDITED);
    store.getState().reset();
    expect(store.getState().discarded).toBe(EDITED);
    store.getState().editText('{}');
    expect(store.getState().discarded).toBeNull();
    store.getState().undoReset();
    expect(store.getState().text).toBe('{}');
  });
});

describe('storage that is full, disabled or holds garbage', () => {
  it('keeps working in memory when every storage call throws', async () => {
    const throwing = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const store = make(webTextStorage('k', throwing));
    expect(store.getState().notice).toMatch(/does not let the page store data/);
    store.getState().loadScenario(EDITED);
    await settle(store);
    expect(store.getState().ranText).toBe(EDITED);
    store.getState().reset();
    store.getState().undoReset();
    expect(store.getState().text).toBe(EDITED);
  });

  it.each([
    ['not JSON', '{"format": 1, "te'],
    ['another format', JSON.stringify({ format: 99, text: '{}' })],
    ['a text that is not a string', JSON.stringify({ format: 1, text: 42 })],
    ['null', 'null'],
  ])('ignores a saved value that is %s, says so, and starts from the seed', (_what, raw) => {
    // Under the key texts were saved as JSON before they had a key of their own.
    const garbage = { getItem: (key: string) => (key === 'k' ? raw : null), setItem: () => {}, removeItem: () => {} };
    const store = make(webTextStorage('k', () => garbage));
    expect(store.getState().text).toBe(SEED_TEXT);
    expect(store.getState().notice).toMatch(/could not be read/);
  });
});

/** An in-process engine whose restart a test sets off, as the worker's client does after a crash. */
function restartable(): { engine: StoreEngine; restart(): void } {
  let inner = localEngine(book, { later: true });
  const listeners: Array<() => void> = [];
  const engine: StoreEngine = {
    run: (request) => inner.run(request),
    act: (act, access) => inner.act(act, access),
    rows: (list, version, from, to) => inner.rows(list, version, from, to),
    access: (look) => inner.access(look),
    accessCells: (version, range) => inner.accessCells(version, range),
    coverage: () => inner.coverage(),
    timeline: () => inner.timeline(),
    seedResult: () => inner.seedResult(),
    judge: (text) => inner.judge(text),
    gradeAnswer: (principal, answer) => inner.gradeAnswer(principal, answer),
    verify: (request) => inner.verify(request),
    onRestart: (listener) => void listeners.push(listener),
    close: () => undefined,
  };
  return {
    engine,
    restart() {
      // A new engine knows nothing: the store must send it the last good text again.
      inner = localEngine(book, { later: true });
      for (const listener of listeners) listener();
    },
  };
}

describe('an engine that crashed and was started again', () => {
  it('gets the last good text and the look back, the edit stays in the editor, and the learner is told', async () => {
    const { engine, restart } = restartable();
    const storage = memoryTextStorage();
    const store = make(storage, engine);
    store.getState().loadScenario(EDITED);
    store.getState().stepTo(9);
    store.getState().selectPrincipal({ task: 'task-9' });
    // The Store tab is open: the new engine groups the store again without being asked anew.
    store.getState().showStore();
    await settle(store);
    const before = store.getState();
    store.getState().editText('{"agents": [');
    restart();
    await settle(store);
    const after = store.getState();
    expect(after.notice).toBe(RESTARTED_NOTICE);
    expect(after.text).toBe('{"agents": [');
    expect(storage.saved).toBe('{"agents": [');
    expect(after.ranText).toBe(EDITED);
    expect([after.index, after.principal]).toEqual([before.index, before.principal]);
    expect(after.view.store?.present).toBe(before.view.present);
    // The new engine holds the timeline: stepping works again.
    store.getState().next();
    await settle(store);
    expect(store.getState().index).toBe(10);
  });
});

describe('superseded requests', () => {
  it('never reach the screen: the last Run wins, and what is typed meanwhile stays', async () => {
    const store = make(memoryTextStorage(), localEngine(book, { later: true }));
    const first = SEED_TEXT.replace('app-policy', 'first-policy');
    store.getState().loadScenario(first);
    store.getState().loadScenario(EDITED);
    const seen: string[] = [];
    const stop = store.subscribe((now, before) => {
      if (now.ranText !== before.ranText) seen.push(now.ranText);
    });
    store.getState().editText(`${EDITED} `);
    await settle(store);
    stop();
    expect(seen).toEqual([EDITED]);
    expect(store.getState().text).toBe(`${EDITED} `);
  });

  it('drop the views of a step left before its answer came', async () => {
    const store = make(memoryTextStorage(), localEngine(book, { later: true }));
    const indexes: number[] = [];
    const stop = store.subscribe((now, before) => {
      if (now.index !== before.index) indexes.push(now.index);
    });
    store.getState().stepTo(3);
    store.getState().stepTo(5);
    store.getState().next();
    await settle(store);
    stop();
    expect(indexes).toEqual([6]);
  });

  it('let an import sent again under switched rules answer once, under the new rules', async () => {
    const store = make(memoryTextStorage(), localEngine(book, { later: true }));
    const imported = store.getState().importScenario(EDITED);
    store.getState().toggleRule('escaping');
    expect(await imported).toEqual([]);
    await settle(store);
    expect([store.getState().ranText, store.getState().text]).toEqual([EDITED, EDITED]);
    expect(store.getState().rulesOff).toEqual(['escaping']);
  });

  it('tell an import that a later Run superseded it: nothing is imported', async () => {
    const store = make(memoryTextStorage(), localEngine(book, { later: true }));
    const imported = store.getState().importScenario(EDITED);
    store.getState().loadScenario(BOOM.replace('a replay that throws', 'a later run'));
    expect(await imported).toBeNull();
    await settle(store);
    expect(store.getState().ranText).toContain('a later run');
  });
});
