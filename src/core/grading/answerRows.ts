/**
 * The recorded model answers as a person browses them: one row per answer with its verdict, reason
 * and the spans that decided it, and which query step each recorded request came from.
 */
import * as z from '../zod';
import { type AnswerVerdict, type Recorded, type Summary, evidence, grade, summarize } from './answerCheck';
import type { Message } from '../store/context';
import { principalName } from '../store/entities';
import type { QueryResult } from '../replay/replayText';
import { type Segment, segments } from './segments';

export type RequestKind = 'scoped' | 'naive';

export interface AnswerRow {
  /** "alice/task-9/planner naive#3" */
  id: string;
  /** The recorded request's name: "alice/task-9/planner naive". */
  request: string;
  principal: string;
  kind: RequestKind;
  seed: number;
  answer: string;
  toolCalls: number;
  verdict: AnswerVerdict;
  reason: string;
  segments: Segment[];
}

export interface AnswerBook {
  rows: AnswerRow[];
  summary: Record<string, Summary>;
  /** Request name to the exact messages that were sent for it. */
  sent: Record<string, readonly Message[]>;
}

/** "bob/task-17/planner naive" is the naive request; the seed names its requests this way. */
export function requestKind(name: string): RequestKind {
  if (name.endsWith(' naive')) return 'naive';
  if (name.endsWith(' scoped')) return 'scoped';
  throw new Error(`recorded request ${JSON.stringify(name)} is neither scoped nor naive`);
}

const messageSchema = z.object({ role: z.enum(['system', 'user']), content: z.string() });
/** The parts of the seed's isolation-result.json that say which messages each recorded request sent. */
export const isolationSchema = z.looseObject({
  // Query steps carry all three fields; close_task steps none of them.
  steps: z.array(
    z.looseObject({
      principal: z.optional(z.string()),
      messages: z.optional(z.array(messageSchema)),
      naive_messages: z.optional(z.array(messageSchema)),
    }),
  ),
});
export type Isolation = z.infer<typeof isolationSchema>;

/**
 * Rows, summary and sent messages. The seed's answer_check.py sent, for each principal, the first
 * recorded query's scoped messages and naive messages; the same is looked up here.
 */
export function answerBook(recorded: Recorded, isolation: Isolation): AnswerBook {
  const rows: AnswerRow[] = [];
  const sent: Record<string, readonly Message[]> = {};
  for (const [request, answers] of Object.entries(recorded.answers)) {
    // Own keys only: recorded.principals.constructor is Object's constructor, not a principal.
    const principal = Object.hasOwn(recorded.principals, request) ? recorded.principals[request] : undefined;
    if (principal === undefined) throw new Error(`answers ${request} name no principal`);
    const kind = requestKind(request);
    const first = isolation.steps.find((step) => step.principal === principal);
    const messages = kind === 'scoped' ? first?.messages : first?.naive_messages;
    if (messages) sent[request] = messages;
    for (const answer of answers) {
      const [verdict, reason] = grade(principal, answer);
      rows.push({
        id: `${request}#${answer.seed}`,
        request,
        principal,
        kind,
        seed: answer.seed,
        answer: answer.answer,
        toolCalls: answer.tool_calls.length,
        verdict,
        reason,
        segments: segments(answer.answer, evidence(principal, answer.answer)),
      });
    }
  }
  return { rows, summary: summarize(recorded), sent };
}

function sameMessages(a: readonly Message[], b: readonly Message[]): boolean {
  return a.length === b.length && a.every((m, i) => m.role === b[i]!.role && m.content === b[i]!.content);
}

/** The recorded requests whose messages are exactly this query's scoped or naive messages. */
export function recordedFor(book: AnswerBook, query: QueryResult): string[] {
  const name = principalName(query.principal);
  return Object.entries(book.sent)
    .filter(
      ([request, messages]) =>
        request.startsWith(`${name} `) &&
        sameMessages(messages, requestKind(request) === 'scoped' ? query.context.messages : query.naiveMessages),
    )
    .map(([request]) => request);
}

export interface AnswerFilter {
  principal: string | null;
  kind: RequestKind | null;
  verdict: AnswerVerdict | null;
}

export const NO_FILTER: AnswerFilter = { principal: null, kind: null, verdict: null };

/** The rows a filter keeps; null in a field keeps every value. */
export function filterAnswers(rows: readonly AnswerRow[], filter: AnswerFilter): AnswerRow[] {
  return rows.filter(
    (row) =>
      (filter.principal === null || row.principal === filter.principal) &&
      (filter.kind === null || row.kind === filter.kind) &&
      (filter.verdict === null || row.verdict === filter.verdict),
  );
}
