/**
 * What the recording asks a model (the seed's answer_check.py `record`): which requests to send, with
 * which messages, and the body of each /api/chat request. Nothing here talks to a server.
 */
import { CASES } from './answerCheck';
import { type AnswerModel, NUM_CTX, NUM_PREDICT } from './answerModel';
import type { Message } from '../store/context';
import { principalName } from '../store/entities';
import type { QueryResult } from '../replay/replayText';
import type { SeedQuery, SeedResult } from '../replay/seedResult';

export const REQUEST_KINDS = ['scoped', 'naive'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

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
    // A close_task step has no principal: the type is narrowed here, and CASES holds no undefined anyway.
    if (!('principal' in step)) continue;
    if (CASES.has(step.principal) && !first.has(step.principal)) first.set(step.principal, step);
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
