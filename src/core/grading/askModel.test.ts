import { describe, expect, it } from 'vitest';
import {
  type AnswerModel,
  type RecordedAnswer,
  answerRequests,
  answerResultText,
  buildAnswerResult,
  chatBody,
  chatReplySchema,
  checkDigest,
  parseAnswerModel,
  queryRequests,
  toAnswer,
} from './askModel';
import { replay } from '../replay/replayText';
import { type SeedResult, toSeedResult } from '../replay/seedResult';
import { projectJson, projectText, seedScenario } from '../testing/fixtures';

const PINNED = 'b37049369adfe3d2b653af0ab301a062ca5cbe96ace6aa0d3f2559ee9b563fc2';
const OTHER = '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef';

function pinnedModel(): AnswerModel {
  const outcome = parseAnswerModel(projectText('recorded/answer-model.json'));
  if (outcome.kind !== 'ok') throw new Error(outcome.problems.join('; '));
  return outcome.model;
}

function fixtureResult(): SeedResult {
  const outcome = replay(seedScenario());
  if (outcome.kind !== 'ok') throw new Error('the fixture does not replay');
  return toSeedResult(outcome.timeline);
}

function requestsOf(result: SeedResult) {
  const outcome = answerRequests(result);
  if (outcome.kind !== 'ok') throw new Error(`missing ${outcome.principals.join(', ')}`);
  return outcome.requests;
}

const recorded = () =>
  projectJson('recorded/answer-result.json') as {
    principals: Record<string, string>;
    answers: Record<string, RecordedAnswer[]>;
  };

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

describe('checkDigest', () => {
  const listing = (digest: string, name = 'gemma4:e2b') => ({
    models: [
      { name: 'other:latest', digest: OTHER },
      { name, model: name, digest },
    ],
  });

  it('accepts the pinned build under the pinned tag', () => {
    expect(checkDigest(pinnedModel(), listing(PINNED))).toEqual({ kind: 'pinned', digest: PINNED });
  });

  it('tolerates a digest spelled with its sha256: prefix', () => {
    expect(checkDigest(pinnedModel(), listing(`sha256:${PINNED}`)).kind).toBe('pinned');
  });

  it('refuses another build under the pinned tag, naming both digests', () => {
    const check = checkDigest(pinnedModel(), listing(OTHER));
    expect(check.kind).toBe('other');
    expect(check.kind === 'other' && check.message).toBe(
      `the server's gemma4:e2b has digest ${OTHER}, but the pinned build is ${PINNED}`,
    );
  });

  it('refuses when the server has no model under the pinned tag, even if the pinned digest is there under another', () => {
    expect(checkDigest(pinnedModel(), listing(PINNED, 'gemma4:e4b'))).toEqual({
      kind: 'absent',
      message: `the server has no model gemma4:e2b (pinned digest ${PINNED})`,
    });
  });
});

describe('parseAnswerModel', () => {
  it('reads the pin and remembers which numbers are written as floats', () => {
    const outcome = parseAnswerModel(projectText('recorded/answer-model.json'));
    expect(outcome.kind === 'ok' && outcome.floats).toEqual([
      ['options', 'temperature'],
      ['options', 'top_p'],
    ]);
  });

  it('refuses a pin nested too deep with the located message every file gets, before any tree is built', () => {
    const pin = JSON.parse(projectText('recorded/answer-model.json')) as Record<string, unknown>;
    const deep = `${JSON.stringify(pin).slice(0, -1)}, "extra": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const outcome = parseAnswerModel(deep);
    expect(outcome).toMatchObject({
      kind: 'invalid',
      problems: [expect.stringMatching(/^1:\d+: JSON nested deeper than 64 levels$/)],
    });
  });

  it('rejects a pin without a full digest', () => {
    expect(parseAnswerModel(projectText('recorded/answer-model.json').replace(PINNED, 'b37049369adf'))).toEqual({
      kind: 'invalid',
      problems: ['ollama_digest: expected 64 lowercase hex digits'],
    });
  });
});

describe('toAnswer', () => {
  it("keeps the reply's text, tool calls, stop reason and token counts under the seed's names", () => {
    const reply = chatReplySchema.parse({
      model: 'gemma4:e2b',
      done: true,
      done_reason: 'stop',
      prompt_eval_count: 154,
      eval_count: 19,
      message: { role: 'assistant', content: '', tool_calls: [{ function: { name: 'search_docs', arguments: {} } }] },
    });
    expect(toAnswer(2, reply)).toStrictEqual({
      seed: 2,
      answer: '',
      tool_calls: [{ function: { name: 'search_docs', arguments: {} } }],
      done_reason: 'stop',
      prompt_tokens: 154,
      answer_tokens: 19,
    });
  });

  it('reads counts and fields that Go left out as zero and empty', () => {
    const reply = chatReplySchema.parse({ message: { role: 'assistant' }, done: true });
    expect(toAnswer(1, reply)).toStrictEqual({
      seed: 1,
      answer: '',
      tool_calls: [],
      done_reason: '',
      prompt_tokens: 0,
      answer_tokens: 0,
    });
  });
});

describe('answerResultText', () => {
  it('writes the recorded answers back byte for byte, as the seed wrote them', () => {
    const model = parseAnswerModel(projectText('recorded/answer-model.json'));
    if (model.kind !== 'ok') throw new Error('bad pin');
    const requests = requestsOf(fixtureResult());
    const result = buildAnswerResult(model.model, requests, new Map(Object.entries(recorded().answers)));
    expect(answerResultText(result, model.floats)).toBe(projectText('recorded/answer-result.json'));
  });

  it('keeps non-ASCII text as it is, and writes a fraction as a float', () => {
    const result = buildAnswerResult(pinnedModel(), [], new Map());
    const text = answerResultText({
      ...result,
      answers: { 'café → x': [{ seed: 7, answer: 'Plan: café → PostgreSQL "now"\n', temperature: 0.5 } as never] },
    });
    expect(text).toContain(
      '\n "answers": {\n  "café → x": [\n   {\n    "seed": 7,\n    "answer": "Plan: café → PostgreSQL \\"now\\"\\n",\n    "temperature": 0.5\n   }\n  ]\n }\n}\n',
    );
  });

  it('refuses to write a result that lacks the answers of a request', () => {
    const requests = requestsOf(fixtureResult());
    expect(() => buildAnswerResult(pinnedModel(), requests, new Map())).toThrow(
      'no answers for bob/task-17/planner scoped',
    );
  });
});
