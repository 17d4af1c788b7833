import { describe, expect, it } from 'vitest';
import { inPageEngines } from '../engine/worker/inPage';
import type { ChatReply } from '../core/grading/answerFile';
import type { Grading } from '../core/grading/scenarioGrading';
import { gradedReply, requestsInView, scenarioGrading } from './askView';
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
      engines: inPageEngines(),
    });
    store.getState().stepTo(7);
    const requests = requestsInView(store.getState().view.request);
    expect(requests.map((r) => r.name)).toEqual(['bob/task-17/planner scoped', 'bob/task-17/planner naive']);
    expect(requestsInView(store.getState().view.request)).toBe(requests);
    expect(requestsInView({ kind: 'none' })).toEqual([]);
  });
});

describe('a live reply graded for the view', () => {
  const reply = (content: string): ChatReply => ({
    message: { content },
    done_reason: 'stop',
    prompt_eval_count: 1,
    eval_count: 1,
  });
  const ownRule: Grading = { 'bob/task-17/researcher': { own: 'postgres', other: 'alice|15 minutes' } };

  it('is ungraded for a principal with no rules, and graded once the scenario gives them', () => {
    const answer = reply('Move the export job to PostgreSQL.');
    expect(gradedReply('bob/task-17/researcher', 7, answer, undefined).live.kind).toBe('ungraded');
    const graded = gradedReply('bob/task-17/researcher', 7, answer, ownRule);
    expect(graded.live).toMatchObject({ kind: 'graded', source: 'scenario', verdict: 'pass' });
    expect(graded.answer).toMatchObject({ seed: 7, answer: 'Move the export job to PostgreSQL.', tool_calls: [] });
  });

  it('re-grades the same reply when the rules or the seed change, and keeps the grade while they do not', () => {
    const answer = reply('Alice says 15 minutes.');
    const first = gradedReply('bob/task-17/researcher', 1, answer, ownRule);
    expect(first.live).toMatchObject({ kind: 'graded', verdict: 'fail' });
    expect(gradedReply('bob/task-17/researcher', 1, answer, ownRule)).toBe(first);
    const lenient: Grading = { 'bob/task-17/researcher': { own: 'alice', other: 'carol' } };
    expect(gradedReply('bob/task-17/researcher', 1, answer, lenient).live).toMatchObject({ verdict: 'pass' });
    expect(gradedReply('bob/task-17/researcher', 2, answer, lenient).answer.seed).toBe(2);
  });
});
