import { describe, expect, it } from 'vitest';
import { answerResultText, buildAnswerResult, chatReplySchema, toAnswer } from './answerFile';
import { parseAnswerModel } from './answerModel';
import { fixtureResult, pinnedModel, recorded, requestsOf } from '../testing/answers';
import { projectText } from '../testing/fixtures';

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
    const text = answerResultText(
      {
        ...result,
        answers: { 'café → x': [{ seed: 7, answer: 'Plan: café → PostgreSQL "now"\n', temperature: 0.5 } as never] },
      },
      [],
    );
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

describe('answerResultText, value by value', () => {
  const answers = (extra: Record<string, unknown>) => {
    const result = buildAnswerResult(pinnedModel(), [], new Map());
    return { ...result, answers: { r: [{ seed: 1, ...extra } as never] } };
  };

  it("writes the pin's limits and principals, and the pin's floats only where the pin wrote them", () => {
    const requests = requestsOf(fixtureResult()).slice(0, 2);
    const result = buildAnswerResult(pinnedModel(), requests, new Map(requests.map((request) => [request.name, []])));
    expect(result).toMatchObject({
      num_ctx: 2048,
      num_predict: 160,
      principals: {
        'bob/task-17/planner scoped': 'bob/task-17/planner',
        'bob/task-17/planner naive': 'bob/task-17/planner',
      },
    });
    const text = answerResultText(result, [
      ['options', 'temperature'],
      ['seeds', 0],
    ]);
    expect(text).toContain('"temperature": 1.0,');
    expect(text).toContain('"top_k": 64,');
    expect(text).toContain('"seeds": [\n   1.0,\n   2,');
    expect(text).toContain('"num_ctx": 2048,');
  });

  it('keeps null, true and false, nests lists, and leaves out fields that are undefined', () => {
    const text = answerResultText(answers({ a: null, b: true, c: false, d: undefined, e: [[2.5, 3]] }), []);
    expect(text).toContain(
      '"r": [\n   {\n    "seed": 1,\n    "a": null,\n    "b": true,\n    "c": false,\n    "e": [\n     [\n      2.5,\n      3\n     ]\n    ]\n   }\n  ]',
    );
  });

  it('refuses a value JSON has no word for', () => {
    expect(() => answerResultText(answers({ n: 1n }), [])).toThrow('cannot write bigint as JSON');
  });
});
