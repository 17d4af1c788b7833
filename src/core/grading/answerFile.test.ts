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
