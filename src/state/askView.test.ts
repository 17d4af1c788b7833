import { describe, expect, it } from 'vitest';
import { requestsInView, scenarioGrading } from './askView';
import { createPlaygroundStore } from './playgroundStore';
import { memoryTextStorage } from './storage';
import { SEED_TEXT, seedAnswerBook } from './seedData';

const withGrading = JSON.stringify({
  ...JSON.parse(SEED_TEXT),
  grading: { 'carol/task-3/planner': { own: 'carol', other: 'bob' } },
});

describe('what the ask-model view reads', () => {
  it('gives the grading of the text that ran, the same object while that text stays', () => {
    expect(scenarioGrading(SEED_TEXT)).toBeUndefined();
    const grading = scenarioGrading(withGrading);
    expect(grading?.['carol/task-3/planner']).toEqual({ own: 'carol', other: 'bob' });
    expect(scenarioGrading(withGrading)).toBe(grading);
  });

  it("gives the query in view's scoped and naive requests, none where nobody asks", () => {
    const store = createPlaygroundStore({
      seedText: SEED_TEXT,
      storage: memoryTextStorage(),
      answers: seedAnswerBook(),
    });
    store.getState().stepTo(7);
    const requests = requestsInView(store.getState().view.request);
    expect(requests.map((r) => r.name)).toEqual(['bob/task-17/planner scoped', 'bob/task-17/planner naive']);
    expect(requestsInView(store.getState().view.request)).toBe(requests);
    expect(requestsInView({ kind: 'none' })).toEqual([]);
  });
});
