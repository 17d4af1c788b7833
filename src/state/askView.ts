/**
 * What the "Ask your own model" view reads of the playground store, derived here so the view only renders.
 * Apart from derive.ts because only that lazily loaded view reads it: its code stays out of the entry chunk.
 */
import { type AnswerRequest, queryRequests } from '../core/grading/answerRequests';
import { type ChatReply, type RecordedAnswer, toAnswer } from '../core/grading/answerFile';
import type { RequestView } from '../engine/views';

/**
 * A selector over one input that keeps its last result: the same input (by identity) gives the same
 * object back, so a view can select it without re-deriving or re-rendering. For what only one lazily
 * loaded view reads, where computing it in the store at every run would cost every page.
 */
function lastOne<A, R>(derive: (input: A) => R): (input: A) => R {
  let last: { input: A; result: R } | null = null;
  return (input) => {
    if (last === null || last.input !== input) last = { input, result: derive(input) };
    return last.result;
  };
}

/** The request in view's two chat requests (scoped, then naive), as the seed names them; none without one. */
export const requestsInView: (request: RequestView) => AnswerRequest[] = lastOne((request: RequestView) =>
  request.kind === 'ok' ? queryRequests(request.result) : [],
);

/** A live reply read as a recorded answer (its grade is the engine's: `gradeAnswer`), the same object per reply and seed. */
const read = new WeakMap<ChatReply, { seed: number; answer: RecordedAnswer }>();

export function answerOf(seed: number, reply: ChatReply): RecordedAnswer {
  const last = read.get(reply);
  if (last !== undefined && last.seed === seed) return last.answer;
  const answer = toAnswer(seed, reply);
  read.set(reply, { seed, answer });
  return answer;
}
