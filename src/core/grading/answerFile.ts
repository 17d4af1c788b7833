/**
 * What the recording keeps of a model's replies (the seed's answer_check.py `record`): the reply's
 * shape, each recorded answer, and the answers file written as the seed writes it.
 */
import * as z from '../zod';
import { type AnswerModel, type JsonPath, NUM_CTX, NUM_PREDICT } from './answerModel';
import type { AnswerRequest } from './answerRequests';
import { type DumpValue, pythonDumpsExact } from '../python/jsonDumps';
import { PyFloat } from '../python/jsonLoads';

/** The parts of a non-streaming /api/chat reply used here. Go omits zero counts and empty fields. */
export const chatReplySchema = z.looseObject({
  message: z.looseObject({ content: z._default(z.string(), ''), tool_calls: z.optional(z.array(z.unknown())) }),
  done_reason: z._default(z.string(), ''),
  prompt_eval_count: z._default(z.number().check(z.int()), 0),
  eval_count: z._default(z.number().check(z.int()), 0),
});
export type ChatReply = z.infer<typeof chatReplySchema>;

/** One recorded answer, with the seed's field names and order. */
export interface RecordedAnswer {
  seed: number;
  answer: string;
  tool_calls: unknown[];
  done_reason: string;
  prompt_tokens: number;
  answer_tokens: number;
}

export function toAnswer(seed: number, reply: ChatReply): RecordedAnswer {
  return {
    seed,
    answer: reply.message.content,
    tool_calls: reply.message.tool_calls ?? [],
    done_reason: reply.done_reason,
    prompt_tokens: reply.prompt_eval_count,
    answer_tokens: reply.eval_count,
  };
}

export interface AnswerResult {
  model: AnswerModel;
  num_ctx: number;
  num_predict: number;
  principals: Record<string, string>;
  answers: Record<string, RecordedAnswer[]>;
}

/** The seed's record() result; `answers` holds each request's answers by name, in seed order. */
export function buildAnswerResult(
  model: AnswerModel,
  requests: readonly AnswerRequest[],
  answers: ReadonlyMap<string, RecordedAnswer[]>,
): AnswerResult {
  const result: AnswerResult = { model, num_ctx: NUM_CTX, num_predict: NUM_PREDICT, principals: {}, answers: {} };
  for (const request of requests) result.principals[request.name] = request.principal;
  for (const request of requests) {
    const got = answers.get(request.name);
    if (got === undefined) throw new Error(`no answers for ${request.name}`);
    result.answers[request.name] = got;
  }
  return result;
}

/**
 * The file as the seed writes it: json.dumps(result, indent=1, ensure_ascii=False) and a newline.
 * `modelFloats`: the pin's numbers written as floats (parseAnswerModel's `floats`).
 */
export function answerResultText(result: AnswerResult, modelFloats: readonly JsonPath[]): string {
  const floats = new Set(modelFloats.map((path) => JSON.stringify(['model', ...path])));
  return `${pythonDumpsExact(dumpValue(result, floats, []), 1, { ensureAscii: false })}\n`;
}

/**
 * `value` as pythonDumpsExact takes it: every number that is not an integer, and any at one of `floats`
 * (JSON-encoded paths: the pin's 1.0), a PyFloat; undefined fields left out.
 */
function dumpValue(value: unknown, floats: ReadonlySet<string>, path: JsonPath): DumpValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    return Number.isInteger(value) && !floats.has(JSON.stringify(path)) ? value : new PyFloat(value);
  }
  if (Array.isArray(value)) return value.map((item, i) => dumpValue(item, floats, [...path, i]));
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([key, v]) => [key, dumpValue(v, floats, [...path, key])]),
    );
  }
  throw new Error(`cannot write ${typeof value} as JSON`);
}
