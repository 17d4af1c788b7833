import { describe, expect, it } from 'vitest';
import { createPlaygroundStore, LARGE_TEXT_CHARS } from './playgroundStore';
import { memoryTextStorage } from './storage';
import { SEED_TEXT, seedAnswerBook } from './seedData';
import { type Slicer, slicer } from './slices';
import { flushDeferredSaves } from './deferredSaves';

const book = seedAnswerBook();
// Trailing blanks make a text large (sliced, its save deferred) while it replays as fast as the seed.
const large = (text: string) => `${text}${' '.repeat(LARGE_TEXT_CHARS)}`;
const EDITED = SEED_TEXT.replace('Bob prefers short answers.', 'Bob prefers long answers.');
const OTHER = SEED_TEXT.replace('Bob prefers short answers.', 'Bob prefers bullet lists.');
const A = large(EDITED);
const B = large(OTHER);
const INVALID = large(SEED_TEXT.replace('"op": "write"', '"op": "wrote"'));
const TYPO = large(SEED_TEXT.replace('"scope": "user"', '"scope": "tsak"'));

/** A slicer that pauses at every pause point until the test lets it go on: a run in flight, held. */
function heldSlicer() {
  const waiting: Array<() => void> = [];
  return {
    slicer: slicer(
      () => new Promise<void>((resolve) => waiting.push(resolve)),
      0,
      () => 0,
    ),
    held: () => waiting.length > 0,
    /** Let every held slice go on, until nothing is held. */
    async finish() {
      for (let i = 0; i < 100_000 && waiting.length > 0; i++) {
        waiting.shift()!();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
  };
}

function make(initial?: string, { stopsSuperseded = true } = {}) {
  const storage = memoryTextStorage(initial);
  const held = heldSlicer();
  const slice: Slicer = stopsSuperseded ? held.slicer : (work) => held.slicer(work, () => false);
  const later: Array<() => void> = [];
  const store = createPlaygroundStore({
    seedText: SEED_TEXT,
    storage,
    answers: book,
    slicer: slice,
    later: (task) => later.push(task),
  });
  return { store, storage, held, later };
}

const bobStyle = (store: ReturnType<typeof make>['store']) =>
  store.getState().timeline.lives.find((life) => life.item.id === 'bob-style')?.item.text;

describe('a Run of a small scenario', () => {
  it('is done when run() returns, as before', () => {
    const { store, held } = make();
    store.getState().editText(EDITED);
    store.getState().run();
    expect(held.held()).toBe(false);
    expect(store.getState()).toMatchObject({ ranText: EDITED, running: null, problems: [] });
    expect(bobStyle(store)).toBe('Bob prefers long answers.');
  });
});

describe('a Run of a large scenario, in slices', () => {
  it('says it is running, keeps the last timeline until it ends, then shows the new one', async () => {
    const { store, held } = make();
    const before = store.getState().timeline;
    store.getState().editText(A);
    store.getState().run();
    expect(store.getState().running).toBe('run');
    expect(store.getState().timeline).toBe(before);
    expect(store.getState().ranText).toBe(SEED_TEXT);
    await held.finish();
    await store.getState().settled();
    expect(store.getState()).toMatchObject({ ranText: A, running: null, problems: [] });
    expect(bobStyle(store)).toBe('Bob prefers long answers.');
  });

  it('lets the last Run win: a stale result never overwrites a newer one', async () => {
    const { store, held } = make();
    const ran: string[] = [];
    store.subscribe((state, previous) => {
      if (state.ranText !== previous.ranText) ran.push(state.ranText);
    });
    store.getState().editText(A);
    store.getState().run();
    store.getState().editText(B);
    store.getState().run();
    await held.finish();
    await store.getState().settled();
    expect(ran).toEqual([B]);
    expect(bobStyle(store)).toBe('Bob prefers bullet lists.');
    expect(store.getState().running).toBe(null);
  });

  it('applies only the last job’s result even when the superseded one runs to its end', async () => {
    const { store, held } = make(undefined, { stopsSuperseded: false });
    const ran: string[] = [];
    store.subscribe((state, previous) => {
      if (state.ranText !== previous.ranText) ran.push(state.ranText);
    });
    store.getState().editText(B);
    store.getState().run();
    store.getState().editText(A);
    store.getState().run();
    await held.finish();
    expect(ran).toEqual([A]);
    expect(store.getState().running).toBe(null);
  });

  it('lets a small Run after a large one win too', async () => {
    const { store, held } = make();
    store.getState().editText(A);
    store.getState().run();
    store.getState().loadScenario(OTHER);
    expect(store.getState()).toMatchObject({ ranText: OTHER, running: null });
    await held.finish();
    expect(store.getState().ranText).toBe(OTHER);
  });

  it('keeps an edit typed while it runs: the text stays the edit, the timeline is the run’s', async () => {
    const { store, held } = make();
    store.getState().editText(A);
    store.getState().run();
    store.getState().editText(B);
    await held.finish();
    expect(store.getState().text).toBe(B);
    expect(store.getState().ranText).toBe(A);
    expect(bobStyle(store)).toBe('Bob prefers long answers.');
  });

  it('shows an invalid text’s problems located, the last good timeline staying', async () => {
    const { store, held } = make();
    const before = store.getState().timeline;
    store.getState().editText(INVALID);
    store.getState().run();
    await held.finish();
    const { problems, timeline, running } = store.getState();
    expect(running).toBe(null);
    expect(timeline).toBe(before);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatchObject({ path: 'steps[0].op' });
    expect(problems[0]!.line).toBeGreaterThan(1);
  });

  it('shows a step the store rejected in Problems, located and naming the value', async () => {
    const { store, held } = make();
    store.getState().editText(TYPO);
    store.getState().run();
    await held.finish();
    const { rejections, ranText } = store.getState();
    expect(ranText).toBe(TYPO);
    expect(rejections.length).toBeGreaterThan(0);
    expect(rejections[0]!.message).toContain('tsak');
    expect(rejections[0]!.line).toBeGreaterThan(1);
  });

  it('starts again under new rules when a rule is switched while it runs', async () => {
    const { store, held } = make();
    store.getState().editText(A);
    store.getState().run();
    store.getState().setRulesOff(['taskCheck']);
    expect(store.getState().rulesOff).toEqual(['taskCheck']);
    await held.finish();
    expect(store.getState().ranText).toBe(A);
    expect(store.getState().timeline.rules.taskCheck).toBe(false);
  });

  it('is dropped by a reset: the seed is shown and stays', async () => {
    const { store, held } = make();
    store.getState().editText(A);
    store.getState().run();
    store.getState().reset();
    expect(store.getState().running).toBe(null);
    await held.finish();
    expect(store.getState()).toMatchObject({ text: SEED_TEXT, ranText: SEED_TEXT, discarded: A });
  });
});

describe('a rule switch on a large scenario', () => {
  it('replays it in slices, keeping the step in view', async () => {
    const { store, held } = make();
    store.getState().loadScenario(A);
    await held.finish();
    store.getState().stepTo(6);
    store.getState().toggleRule('escaping');
    expect(store.getState().running).toBe('rules');
    await held.finish();
    expect(store.getState()).toMatchObject({ running: null, index: 6, ranText: A });
    expect(store.getState().timeline.rules.escaping).toBe(false);
  });
});

describe('the checks with every rule on (a lesson’s done mark)', () => {
  const red = (checks: ReadonlyArray<{ ok: boolean }>) => checks.filter((check) => !check.ok).length;

  it('stay those of the last run when a rule is switched off, without another replay', async () => {
    const { store, held } = make();
    store.getState().loadScenario(A);
    await held.finish();
    const safe = store.getState().safeChecks;
    expect(safe).toBe(store.getState().checks);
    store.getState().toggleRule('taskCheck');
    await held.finish();
    expect(red(store.getState().checks)).toBeGreaterThan(0);
    expect(store.getState().safeChecks).toBe(safe);
  });

  it('are found with every rule on for a Run made with a rule off', async () => {
    const { store, held } = make();
    store.getState().toggleRule('taskCheck');
    store.getState().loadScenario(B);
    await held.finish();
    expect(red(store.getState().checks)).toBeGreaterThan(0);
    expect(red(store.getState().safeChecks)).toBe(0);
    expect(store.getState().safeChecks).toHaveLength(store.getState().checks.length);
  });
});

describe('a reload with a large saved text', () => {
  it('opens at once on the seed, replays the saved text in slices, then shows it at its first step', async () => {
    const { store, held, storage } = make(A);
    expect(store.getState()).toMatchObject({ text: A, ranText: SEED_TEXT, running: 'run', problems: [] });
    expect(held.held()).toBe(true);
    await held.finish();
    await store.getState().settled();
    expect(store.getState()).toMatchObject({ text: A, ranText: A, running: null, index: 0 });
    expect(bobStyle(store)).toBe('Bob prefers long answers.');
    // Replaying is not an edit: nothing is written.
    expect(storage.saved).toBe(A);
  });

  it('replays it with the rules that were switched off before the reload', async () => {
    const storage = memoryTextStorage(A, ['keysFromPrincipal']);
    const store = createPlaygroundStore({ seedText: SEED_TEXT, storage, answers: book });
    expect(store.getState().rulesOff).toEqual(['keysFromPrincipal']);
    await store.getState().settled();
    expect(store.getState()).toMatchObject({ ranText: A, running: null });
    expect(store.getState().timeline.rules.keysFromPrincipal).toBe(false);
  });

  it('keeps an invalid saved text in the editor, its problems located, the seed on screen', async () => {
    const { store, held } = make(INVALID);
    await held.finish();
    const { text, ranText, problems, running } = store.getState();
    expect([text, ranText, running]).toEqual([INVALID, SEED_TEXT, null]);
    expect(problems[0]).toMatchObject({ path: 'steps[0].op' });
    expect(problems[0]!.line).toBeGreaterThan(1);
  });
});

describe('an imported file', () => {
  it('becomes the text and the timeline when valid', async () => {
    const { store, held, storage, later } = make();
    const imported = store.getState().importScenario(A);
    await held.finish();
    expect(await imported).toEqual([]);
    expect(store.getState()).toMatchObject({ text: A, ranText: A, running: null });
    // Saved as a paste is: in a later task (or at once when the page hides).
    later.splice(0).forEach((task) => task());
    expect(storage.saved).toBe(A);
  });

  it('changes nothing when invalid, and its located problems come back', async () => {
    const { store, held, storage } = make();
    const imported = store.getState().importScenario(INVALID);
    await held.finish();
    const problems = await imported;
    expect(problems?.[0]).toMatchObject({ path: 'steps[0].op' });
    expect(store.getState()).toMatchObject({ text: SEED_TEXT, ranText: SEED_TEXT, problems: [], running: null });
    expect(storage.saved).toBe(undefined);
  });

  it('comes back null when a Run took its place', async () => {
    const { store, held } = make();
    const imported = store.getState().importScenario(A);
    store.getState().loadScenario(OTHER);
    await held.finish();
    expect(await imported).toBe(null);
    expect(store.getState().ranText).toBe(OTHER);
  });
});

describe('saving a large edit', () => {
  it('waits for a later task, so the paste’s own task does not carry it', () => {
    const { store, storage, later } = make();
    store.getState().editText(A);
    expect(storage.saved).toBe(undefined);
    expect(later).toHaveLength(1);
    later[0]!();
    expect(storage.saved).toBe(A);
  });

  it('is written at once when the page hides, so a reload right after a paste keeps the text', () => {
    const { store, storage } = make();
    store.getState().editText(A);
    flushDeferredSaves();
    expect(storage.saved).toBe(A);
    // The reload: a new store from the same storage opens on the pasted text.
    const reloaded = createPlaygroundStore({ seedText: SEED_TEXT, storage, answers: book });
    expect(reloaded.getState().text).toBe(A);
  });

  it('is written at once by a Run', () => {
    const { store, storage } = make();
    store.getState().editText(A);
    store.getState().run();
    expect(storage.saved).toBe(A);
  });

  it('waits after a rule switch too, and is written with the rules switched off', () => {
    const { store, storage, later } = make();
    store.getState().editText(B);
    later.splice(0).forEach((task) => task());
    store.getState().toggleRule('escaping');
    expect(storage.savedRulesOff).toEqual([]);
    later.splice(0).forEach((task) => task());
    expect(storage.saved).toBe(B);
    expect(storage.savedRulesOff).toEqual(['escaping']);
  });

  it('keeps the newest text: a small edit after a large one is saved, and the late save does not undo it', () => {
    const { store, storage, later } = make();
    store.getState().editText(A);
    store.getState().editText(EDITED);
    expect(storage.saved).toBe(EDITED);
    later.forEach((task) => task());
    expect(storage.saved).toBe(EDITED);
  });

  it('is dropped by a reset, which forgets the saved edit', () => {
    const { store, storage, later } = make(EDITED);
    store.getState().editText(A);
    store.getState().reset();
    later.forEach((task) => task());
    flushDeferredSaves();
    expect(storage.saved).toBe(undefined);
  });

  it('saves a small edit at once, as before', () => {
    const { store, storage, later } = make();
    store.getState().editText(EDITED);
    expect(storage.saved).toBe(EDITED);
    expect(later).toHaveLength(0);
  });
});
