import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createKitLessonStore } from './kitStore';
import { memoryTextStorage } from '../storage';
import { localKitEngine } from '../../engine/worker/localKit';
import { routerKit } from '../../core/router/kit';

const ROUTER = readFileSync('fixtures/lessons/router-authorize-before-ranking.json', 'utf8');
const MEMTOOL = readFileSync('fixtures/lessons/memtool-session-scope.json', 'utf8');
const router = () =>
  createKitLessonStore({ engine: localKitEngine('router'), lessonText: ROUTER, storage: memoryTextStorage() });

describe('the kit lesson store', () => {
  it('keeps one line of words a timeline entry, badged by engine and operation', () => {
    const store = router();
    const { steps } = store.getState();
    const replayed = routerKit.replay(ROUTER);
    if (replayed instanceof Promise || replayed.kind !== 'ok') throw new Error('the lesson does not replay');
    expect(steps).toHaveLength(replayed.timeline.entries.length);
    expect(steps.map((step) => step.op).slice(0, 3)).toEqual(['router-start', 'router-recall', 'router-recall']);
    expect(steps[4]).toMatchObject({ label: 'remember', summary: 'unrecognized-room remembers lab-note' });
  });

  it('words a run edit anew with its timeline', () => {
    const store = router();
    const edited = JSON.parse(ROUTER) as { steps: unknown[] };
    store.getState().editText(JSON.stringify({ ...edited, steps: edited.steps.slice(0, 2) }));
    store.getState().run();
    expect(store.getState().steps.map((step) => step.index)).toEqual([0, 1, 2]);
  });

  it('marks a memtool call as never rejected: its answers say what each tool refused', () => {
    const store = createKitLessonStore({
      engine: localKitEngine('memtool'),
      lessonText: MEMTOOL,
      storage: memoryTextStorage(),
    });
    const { steps } = store.getState();
    expect(steps.every((step) => !step.rejected && step.op.startsWith('memtool-'))).toBe(true);
  });
});

describe('the router lesson view', () => {
  it('offers every context a step names, an unrecognised one without a policy', () => {
    const store = router();
    store.getState().stepTo(2);
    const view = store.getState().view!;
    expect(view.choices.map(({ context }) => context)).toEqual(['general-room', 'private-room', 'unrecognized-room']);
    expect(view.choices[2]!.known).toBe(false);
    expect(view.policyWords).toMatch(/^unrecognized-room is not a context the router recognises/);
  });

  it('offers a context the learner typed in, though no step names it', () => {
    const store = router();
    store.getState().actAs('visitor');
    expect(store.getState().view!.choices.at(-1)).toEqual({ context: 'visitor', known: false });
    store.getState().actAs('private-room');
    expect(store.getState().view!.policyWords).toMatch(/^private-room reads general and private/);
  });
});
