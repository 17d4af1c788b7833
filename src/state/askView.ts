/**
 * What the "Ask your own model" view reads of the playground store, derived here so the view only renders.
 * Apart from derive.ts because only that lazily loaded view reads it: its code stays out of the entry chunk.
 */
import { parseScenario } from '../core/scenario/scenario';
import { type Grading, gradeLive, type LiveGrade } from '../core/grading/scenarioGrading';
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

/** The grading rules of the scenario the timeline was replayed from (`ranText`); undefined when it gives none. */
export const scenarioGrading: (ranText: string) => Grading | undefined = lastOne((ranText: string) => {
  const parsed = parseScenario(ranText);
  return parsed.kind === 'ok' ? parsed.scenario.grading : undefined;
});

/** The request in view's two chat requests (scoped, then naive), as the seed names them; none without one. */
export const requestsInView: (request: RequestView) => AnswerRequest[] = lastOne((request: RequestView) =>
  request.kind === 'ok' ? queryRequests(request.result) : [],
);

/** A live reply read as a recorded answer, and its grade by the scenario's rules (else the seed's). */
export interface GradedReply {
  answer: RecordedAnswer;
  live: LiveGrade;
}

const graded = new WeakMap<ChatReply, { seed: number; grading: Grading | undefined; result: GradedReply }>();

/**
 * The grade of a live reply from `principal`, kept per reply while the seed and the scenario's grading rules
 * are the same: the view shows it, and a scenario that gains grading rules re-grades the answers in view.
 */
export function gradedReply(
  principal: string,
  seed: number,
  reply: ChatReply,
  grading: Grading | undefined,
): GradedReply {
  const last = graded.get(reply);
  if (last !== undefined && last.seed === seed && last.grading === grading) return last.result;
  const answer = toAnswer(seed, reply);
  const result = { answer, live: gradeLive(principal, answer, grading) };
  graded.set(reply, { seed, grading, result });
  return result;
}
