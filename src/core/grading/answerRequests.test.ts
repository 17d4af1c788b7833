import { describe, expect, it } from 'vitest';
import { answerRequests, chatBody, queryRequests } from './answerRequests';
import { replay } from '../replay/replayText';
import type { SeedResult } from '../replay/seedResult';
import { fixtureResult, pinnedModel, recorded, requestsOf } from '../testing/answers';
import { projectJson, seedScenario } from '../testing/fixtures';

describe('answerRequests', () => {
  it('asks each graded principal scoped then naive, named as in the recorded answers', () => {
    const requests = requestsOf(fixtureResult());
    expect(requests.map((r) => r.name)).toEqual(Object.keys(recorded().principals));
    expect(Object.fromEntries(requests.map((r) => [r.name, r.principal]))).toEqual(recorded().principals);
  });

  it("sends the messages of each principal's first query, as in the recorded isolation result", () => {
    const isolation = projectJson('recorded/isolation-result.json') as SeedResult;
    expect(requestsOf(fixtureResult())).toEqual(requestsOf(isolation));
    const bob = requestsOf(isolation).find((r) => r.name === 'bob/task-17/planner naive')!;
    // Bob asks again after close_task; his later naive list differs, so taking the last query would show.
    const bobQueries = isolation.steps.filter((s) => 'principal' in s && s.principal === 'bob/task-17/planner');
    expect(bobQueries.length).toBeGreaterThan(1);
    expect(bob.messages).toEqual((bobQueries[0] as { naive_messages: unknown }).naive_messages);
    expect(bob.messages).not.toEqual((bobQueries.at(-1) as { naive_messages: unknown }).naive_messages);
  });

  it('names a graded principal that never asks a question', () => {
    const result = fixtureResult();
    const withoutAlice = {
      ...result,
      steps: result.steps.filter((s) => !('principal' in s) || s.principal !== 'alice/task-9/planner'),
    };
    expect(answerRequests(withoutAlice)).toEqual({ kind: 'missing', principals: ['alice/task-9/planner'] });
  });
});

describe('queryRequests', () => {
  it("gives one query's scoped and naive requests, equal to the recorded ones for the seed's first queries", () => {
    const outcome = replay(seedScenario());
    if (outcome.kind !== 'ok') throw new Error('the fixture does not replay');
    const firstQuery = outcome.timeline.entries.find((entry) => entry.outcome.kind === 'queried')!.outcome;
    if (firstQuery.kind !== 'queried') throw new Error('no query');
    const requests = queryRequests(firstQuery);
    expect(requests.map((r) => r.name)).toEqual(['bob/task-17/planner scoped', 'bob/task-17/planner naive']);
    expect(requests).toEqual(requestsOf(fixtureResult()).filter((r) => r.principal === 'bob/task-17/planner'));
  });
});

describe('chatBody', () => {
  it("sends the pinned tag, the seed, the seed's context and length limits, the model's options, think false and no tools", () => {
    const request = requestsOf(fixtureResult())[1]!;
    expect(chatBody(pinnedModel(), request, 3)).toStrictEqual({
      model: 'gemma4:e2b',
      messages: request.messages,
      stream: false,
      think: false,
      options: { temperature: 1, top_k: 64, top_p: 0.95, seed: 3, num_ctx: 2048, num_predict: 160 },
    });
  });
});
