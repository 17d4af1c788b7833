/**
 * Asking a model (the seed's answer_check.py `record`), the pure part: which requests to send, the
 * request bodies, the pinned-digest check and the answers file. Nothing here talks to a server or
 * reads a file; the command line (and later the browser) does that around these functions.
 */
import * as z from '../zod';
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { parseJson } from '../scenario/jsonText';
import { CASES } from './answerCheck';
import type { Message } from '../store/context';
import { principalName } from '../store/entities';
import type { QueryResult } from '../replay/replayText';
import type { SeedQuery, SeedResult } from '../replay/seedResult';
import { type DumpValue, pythonDumpsExact } from '../python/jsonDumps';
import { PyFloat } from '../python/jsonLoads';

/** The seed's NUM_CTX and NUM_PREDICT. */
export const NUM_CTX = 2048;
export const NUM_PREDICT = 160;
export const REQUEST_KINDS = ['scoped', 'naive'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** recorded/answer-model.json: the pinned build and its sampling options. Other fields are kept as they are. */
export const answerModelSchema = z.looseObject({
  ollama_tag: z.string().check(z.minLength(1)),
  ollama_digest: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'expected 64 lowercase hex digits')),
  options: z.looseObject({ temperature: z.number(), top_k: z.number().check(z.int()), top_p: z.number() }),
  think: z.boolean(),
  seeds: z.array(z.number().check(z.int())).check(z.minLength(1)),
});
export type AnswerModel = z.infer<typeof answerModelSchema>;

/** A path into a JSON value: object keys and array indexes. */
export type JsonPath = ReadonlyArray<string | number>;

export type ModelOutcome =
  { kind: 'ok'; model: AnswerModel; floats: JsonPath[] } | { kind: 'invalid'; problems: string[] };

/** Parse answer-model.json. `floats` are the numbers written as floats (1.0), which JSON.parse turns into 1. */
export function parseAnswerModel(text: string): ModelOutcome {
  // The project's one JSON reader: its depth limit keeps parseTree below (floatPaths) from recursing without bound.
  const json = parseJson(text);
  if (json.kind === 'invalid') {
    const { line, column, message } = json.problem;
    return { kind: 'invalid', problems: [`${line ?? 1}:${column ?? 1}: ${message}`] };
  }
  const value = json.value;
  const parsed = answerModelSchema.safeParse(value);
  if (!parsed.success) {
    return {
      kind: 'invalid',
      problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    };
  }
  // The parsed text, not zod's output: zod puts the schema's keys first, and the file keeps the pin's order.
  return { kind: 'ok', model: value as AnswerModel, floats: floatPaths(text) };
}

function floatPaths(text: string): JsonPath[] {
  const out: JsonPath[] = [];
  const walk = (node: JsonNode, path: JsonPath): void => {
    if (node.type === 'number' && /[.eE]/.test(text.slice(node.offset, node.offset + node.length))) out.push(path);
    if (node.type === 'object') {
      for (const prop of node.children ?? []) {
        const [key, value] = prop.children ?? [];
        if (key !== undefined && value !== undefined) walk(value, [...path, key.value as string]);
      }
    }
    if (node.type === 'array') (node.children ?? []).forEach((child, i) => walk(child, [...path, i]));
  };
  const root = parseTree(text);
  if (root !== undefined) walk(root, []);
  return out;
}

/** One request of the recording: a principal's scoped or naive messages. */
export interface AnswerRequest {
  /** "bob/task-17/planner scoped": the key in the answers file. */
  name: string;
  principal: string;
  kind: RequestKind;
  messages: Message[];
}

export type RequestsOutcome = { kind: 'ok'; requests: AnswerRequest[] } | { kind: 'missing'; principals: string[] };

/** As the seed's requests(): the first query of each graded principal, scoped then naive, in CASES order. */
export function answerRequests(result: SeedResult): RequestsOutcome {
  const first = new Map<string, SeedQuery>();
  for (const step of result.steps) {
    if ('principal' in step && CASES.has(step.principal) && !first.has(step.principal)) first.set(step.principal, step);
  }
  const principals = [...CASES.keys()];
  const missing = principals.filter((p) => !first.has(p));
  if (missing.length > 0) return { kind: 'missing', principals: missing };
  return {
    kind: 'ok',
    requests: principals.flatMap((principal) =>
      REQUEST_KINDS.map((kind) => {
        const query = first.get(principal)!;
        return {
          name: `${principal} ${kind}`,
          principal,
          kind,
          messages: kind === 'scoped' ? query.messages : query.naive_messages,
        };
      }),
    ),
  };
}

/** One query's two requests, named as the seed names them: its scoped messages, then the naive list's. */
export function queryRequests(query: Pick<QueryResult, 'principal' | 'context' | 'naiveMessages'>): AnswerRequest[] {
  const principal = principalName(query.principal);
  return REQUEST_KINDS.map((kind) => ({
    name: `${principal} ${kind}`,
    principal,
    kind,
    messages: kind === 'scoped' ? query.context.messages : query.naiveMessages,
  }));
}

/** The body of one non-streaming /api/chat request; no tools are offered, as in the seed. */
export function chatBody(model: AnswerModel, request: AnswerRequest, seed: number) {
  return {
    model: model.ollama_tag,
    messages: request.messages.map((m) => ({ role: m.role, content: m.content })),
    stream: false as const,
    think: model.think,
    options: { ...model.options, seed, num_ctx: NUM_CTX, num_predict: NUM_PREDICT },
  };
}

export type ChatBody = ReturnType<typeof chatBody>;

/** The parts of Ollama's GET /api/tags reply used here. */
export const tagsReplySchema = z.object({
  models: z.array(z.looseObject({ name: z.string(), model: z.optional(z.string()), digest: z.string() })),
});
export type TagsReply = z.infer<typeof tagsReplySchema>;

export type DigestCheck =
  | { kind: 'pinned'; digest: string }
  | { kind: 'absent'; message: string }
  | { kind: 'other'; digest: string; message: string };

// Ollama lists the manifest digest as bare hex; "sha256:" is stripped in case a server spells it out.
const bare = (digest: string) => digest.toLowerCase().replace(/^sha256:/, '');

/** Is the model the server holds under the pinned tag the pinned build? Checked before any chat request. */
export function checkDigest(model: AnswerModel, tags: TagsReply): DigestCheck {
  const tag = model.ollama_tag;
  const listed = tags.models.find((m) => m.name === tag || m.model === tag);
  if (listed === undefined) {
    return { kind: 'absent', message: `the server has no model ${tag} (pinned digest ${model.ollama_digest})` };
  }
  const digest = bare(listed.digest);
  if (digest === bare(model.ollama_digest)) return { kind: 'pinned', digest };
  return {
    kind: 'other',
    digest,
    message: `the server's ${tag} has digest ${digest}, but the pinned build is ${model.ollama_digest}`,
  };
}

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

/** The file as the seed writes it: json.dumps(result, indent=1, ensure_ascii=False) and a newline. */
export function answerResultText(result: AnswerResult, modelFloats: readonly JsonPath[] = []): string {
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
