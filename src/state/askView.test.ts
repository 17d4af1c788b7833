import { describe, expect, it } from 'vitest';
import { inPageEngines } from '../engine/worker/inPage';
import type { ChatReply } from '../core/grading/answerFile';
import { answerOf, requestsInView } from './askView';
import { createPlaygroundStore } from './playgroundStore';
import { memoryTextStorage } from './storage';
import { SEED_TEXT, seedAnswerBook } from './seedData';

describe('what the ask-model view reads', () => {
  it("gives the query in view's scoped and naive requests, none where nobody asks", () => {
    const store = createPlaygroundStore({
      seedText: SEED_TEXT,
      storage: memoryTextStorage(),
      answers: seedAnswerBook(),
      engines: inPageEngines(),
    });
    store.getState().stepTo(7);
    const requests = requestsInView(store.getState().view.request);
    expect(requests.map((r) => r.name)).toEqual(['bob/task-17/planner scoped', 'bob/task-17/planner naive']);
    expect(requestsInView(store.getState().view.request)).toBe(requests);
    expect(requestsInView({ kind: 'none' })).toEqual([]);
  });
});

describe('a live reply, graded in the engine', () => {
  const reply = (content: string): ChatReply => ({
    message: { content },
    done_reason: 'stop',
    prompt_eval_count: 1,
    eval_count: 1,
  });
  const open = () =>
    createPlaygroundStore({
      seedText: SEED_TEXT,
      storage: memoryTextStorage(),
      answers: seedAnswerBook(),
      engines: inPageEngines({ later: true }),
    });
  const withRules = (own: string, other: string) =>
    JSON.stringify({ ...JSON.parse(SEED_TEXT), grading: { 'bob/task-17/researcher': { own, other } } });

  it('is ungraded for a principal with no rules, and graded once the scenario on screen gives them', async () => {
    const store = open();
    const answer = answerOf(7, reply('Move the export job to PostgreSQL.'));
    expect(answer).toMatchObject({ seed: 7, answer: 'Move the export job to PostgreSQL.', tool_calls: [] });
    expect((await store.getState().gradeAnswer('bob/task-17/researcher', answer)).kind).toBe('ungraded');
    store.getState().loadScenario(withRules('postgres', 'alice|15 minutes'));
    await store.getState().settled();
    expect(await store.getState().gradeAnswer('bob/task-17/researcher', answer)).toMatchObject({
      kind: 'graded',
      source: 'scenario',
      verdict: 'pass',
    });
  });

  it('grades by the rules of the text that ran: other rules, another verdict', async () => {
    const store = open();
    const answer = answerOf(1, reply('Alice says 15 minutes.'));
    store.getState().loadScenario(withRules('postgres', 'alice|15 minutes'));
    await store.getState().settled();
    expect(await store.getState().gradeAnswer('bob/task-17/researcher', answer)).toMatchObject({ verdict: 'fail' });
    store.getState().loadScenario(withRules('alice', 'carol'));
    await store.getState().settled();
    expect(await store.getState().gradeAnswer('bob/task-17/researcher', answer)).toMatchObject({ verdict: 'pass' });
  });

  it('reads a reply once per seed', () => {
    const answer = reply('Fine.');
    expect(answerOf(1, answer)).toBe(answerOf(1, answer));
    expect(answerOf(2, answer).seed).toBe(2);
  });
});
