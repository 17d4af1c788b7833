import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPlaygroundStore } from './playgroundStore';
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

const make = (storage: TextStorage = memoryTextStorage()) =>
  createPlaygroundStore({ seedText: SEED_TEXT, storage, answers: book, replay: buggyReplay });

afterEach(() => vi.restoreAllMocks());

describe('a replay that throws', () => {
  it('becomes a problem on screen; the text stays and the last good timeline stays', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = memoryTextStorage();
    const store = make(storage);
    store.getState().stepTo(4);
    const before = store.getState().timeline;
    expect(() => store.getState().loadScenario(BOOM)).not.toThrow();
    const { text, problems, timeline, index } = store.getState();
    expect(text).toBe(BOOM);
    expect(storage.saved).toBe(BOOM);
    expect(timeline).toBe(before);
    expect(index).toBe(4);
    expect(problems).toEqual([
      {
        path: '(replay)',
        message: expect.stringContaining("the replay failed (Cannot read properties of undefined (reading 'seq'))"),
      },
    ]);
    expect(error).toHaveBeenCalledWith('The replay failed', expect.any(TypeError));
  });

  it('does not stop the page from starting when the saved text is the one that throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = make(memoryTextStorage(BOOM));
    expect(store.getState().text).toBe(BOOM);
    expect(store.getState().timeline.entries).toHaveLength(13);
    expect(store.getState().problems[0]?.message).toMatch(/^the replay failed/);
    // Fixing the text and running it recovers.
    store.getState().loadScenario(EDITED);
    expect(store.getState().problems).toEqual([]);
  });
});

describe('reset', () => {
  it('can be undone: the discarded edit comes back, is saved again and runs', () => {
    const storage = memoryTextStorage();
    const store = make(storage);
    store.getState().loadScenario(EDITED);
    store.getState().reset();
    expect(store.getState().text).toBe(SEED_TEXT);
    expect(storage.saved).toBeUndefined();
    expect(store.getState().discarded).toBe(EDITED);
    store.getState().undoReset();
    expect(store.getState().text).toBe(EDITED);
    expect(storage.saved).toBe(EDITED);
    expect(store.getState().ranText).toBe(EDITED);
    expect(store.getState().discarded).toBeNull();
  });

  it('brings back an invalid edit too, with its problems', () => {
    const store = make();
    store.getState().editText('{"agents": [');
    store.getState().reset();
    store.getState().undoReset();
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
  it('keeps working in memory when every storage call throws', () => {
    const throwing = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    const store = make(webTextStorage('k', throwing));
    expect(store.getState().notice).toMatch(/does not let the page store data/);
    store.getState().loadScenario(EDITED);
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
    const garbage = { getItem: () => raw, setItem: () => {}, removeItem: () => {} };
    const store = make(webTextStorage('k', () => garbage));
    expect(store.getState().text).toBe(SEED_TEXT);
    expect(store.getState().notice).toMatch(/could not be read/);
  });
});
