import { describe, expect, it } from 'vitest';
import { inPageEngines } from '../engine/worker/inPage';
import { createPlaygroundStore } from './playgroundStore';
import { memoryTextStorage } from './storage';
import { SEED_TEXT, seedAnswerBook } from './seedData';
import { actsOf } from './exercises/verdictWatcher';
import { localEngine } from '../engine/worker/local';

const make = () =>
  createPlaygroundStore({
    seedText: SEED_TEXT,
    storage: memoryTextStorage(),
    answers: seedAnswerBook(),
    engines: inPageEngines(),
  });

describe('a first visit’s landing', () => {
  it('opens the seed at step 7, where the naive list leaks, asking as that step’s principal', async () => {
    const store = make();
    store.getState().landOnFirstLeak();
    await store.getState().settled();
    const state = store.getState();
    expect(state.index).toBe(7);
    expect(state.principal).toEqual({ user: 'bob', task: 'task-17', agent: 'planner' });
    expect(state.landing?.headline).toContain("hands bob's planner alice-export-limit");
    expect(state.view.request.kind === 'ok' && state.view.request.result.leaked.map((i) => i.id)).toEqual([
      'alice-export-limit',
    ]);
  });

  it('is not the learner’s choice of step until they select one', async () => {
    const store = make();
    store.getState().landOnFirstLeak();
    await store.getState().settled();
    expect(actsOf(store.getState()).selectedStep).toBe(0);
    store.getState().stepTo(7);
    await store.getState().settled();
    expect(store.getState().landing).toBeNull();
    expect(actsOf(store.getState()).selectedStep).toBe(7);
  });

  it('is on screen at once on the seed, before the engine answers, and the engine follows it', async () => {
    // An engine that answers after the task, as the page's worker does.
    const store = createPlaygroundStore({
      seedText: SEED_TEXT,
      storage: memoryTextStorage(),
      answers: seedAnswerBook(),
      engines: inPageEngines(),
      engine: localEngine(seedAnswerBook(), { later: true }),
    });
    store.getState().landOnFirstLeak();
    expect(store.getState().index).toBe(7);
    const { request } = store.getState().view;
    expect(request.kind === 'ok' && request.result.leaked.length).toBe(1);
    await store.getState().settled();
    // The engine landed too: a move is from step 7.
    store.getState().next();
    await store.getState().settled();
    expect(store.getState().index).toBe(8);
  });
});
