/**
 * The engine in the caller's own thread, behind the same interface as the worker's: the unit tests and
 * anything without Web Workers use it. It answers at once; with `later`, each answer comes as a promise
 * after the request's task, as the worker's do (a test of superseded requests uses that).
 */
import type { AnswerBook } from '../../core/grading/answerRows';
import type { replayText } from '../../core/replay/replayText';
import type { Answer, StoreEngine } from '../protocol';
import { createSession } from './session';
import { lazyAccess } from './lazyAccess';
import { lazyVerdicts } from './lazyVerdicts';
import { lazySeedResult } from './lazySeedResult';
import { actWithAccess } from './actAccess';
import type { TaskJudge } from './verdicts';

export interface LocalOptions {
  /** Replaces the core's replay in a test (one that throws, as a core bug would). */
  replay?: typeof replayText;
  /** Answer with promises, after the request's task, as a worker does. */
  later?: boolean;
  /** Numbers its views after those of a worker it replaces (client.ts); 0 by default. */
  firstVersion?: number;
  /** Judges lesson tasks; without it, verdicts.ts is imported with the first request for verdicts. */
  judge?: TaskJudge;
}

export function localEngine(answers: AnswerBook, options: LocalOptions = {}): StoreEngine {
  const verdicts = lazyVerdicts(options.judge);
  const first = options.firstVersion ?? 0;
  const session = createSession(answers, options.replay, first, verdicts.judge);
  const pictures = lazyAccess(session.timeline, first);
  const answer = <T>(compute: () => T): Answer<T> =>
    options.later === true ? Promise.resolve().then(compute) : compute();
  return {
    run: (request) => answer(() => session.run(request)),
    // With the access picture asked for, a promise: its code loads when first asked for.
    act: actWithAccess((act) => answer(() => session.act(act)), pictures.access),
    rows: (list, version, from, to) => answer(() => session.rows(list, version, from, to)),
    // Always a promise: the access picture's code loads when first asked for.
    access: (look) => pictures.access(look),
    accessCells: (version, range) => pictures.accessCells(version, range),
    coverage: () => answer(() => session.coverage()),
    timeline: () => answer(() => session.timeline()),
    judge(text, kind) {
      const judged = session.judge(text, kind);
      return judged instanceof Promise ? judged : answer(() => judged);
    },
    // Always a promise: the Export's writer loads when first asked for.
    seedResult: lazySeedResult(session.timeline),
    gradeAnswer: (principal, answer) => session.gradeAnswer(principal, answer),
    verify: (request) => verdicts.later(() => answer(() => session.verify(request))),
    onRestart() {
      // Nothing to restart: a throw rejects that request alone.
    },
    close() {},
  };
}
