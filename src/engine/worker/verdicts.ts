/**
 * A store lesson's task verdicts, judged in the engine beside the learner's timeline (the page only
 * sends the request and shows the answer). The learner's text and the lesson's own are parsed once each
 * and kept while they stay the same, and so are the store's replays of the learner's scenario, so
 * stepping or switching a rule only re-runs the verdicts (the core measured 3-80 ms a change on the
 * 20,000-item scenario, against 0.8-1.4 s from scratch). When the engine's timeline is the learner's text
 * replayed with every rule on, the verifier starts from it rather than replaying that text again.
 * Imported by the worker (its own chunk) and lazily by the in-page engine, never by the page's entry.
 */
import { StoreReplays } from '../../core/exercises/storeGoals';
import { verifyStoreExercises } from '../../core/exercises/verify';
import type { TaskVerdict } from '../../core/exercises/types';
import type { Timeline } from '../../core/replay/replay';
import { parseScenario } from '../../core/scenario/scenario';
import type { Rule } from '../../core/store/rules';
import { lastParse, NOT_RUNNING, unjudged } from './lastParse';
import type { VerdictsRequest } from '../protocol';

/** The engine's last good run: its text, the rules it ran without, and its timeline. */
export interface Ran {
  text: string;
  rulesOff: readonly Rule[];
  timeline: Timeline;
}

/** Judges a request on the session's last run (null before any); keeps its parses and replays between calls. */
export type TaskJudge = (request: VerdictsRequest, ran: Ran | null) => TaskVerdict[];

/** A judge for one engine session. */
export function taskJudge(): TaskJudge {
  const learner = lastParse(parseScenario);
  const own = lastParse(parseScenario);
  let replays: StoreReplays | null = null;
  return ({ exercises, lessonText, text, acts }, ran) => {
    const scenario = learner(text);
    const lesson = own(lessonText);
    if (scenario.kind !== 'ok' || lesson.kind !== 'ok') return unjudged(exercises, NOT_RUNNING);
    // A new parse is a new scenario: its replays start afresh, from the engine's own when it is that replay.
    if (replays?.scenario !== scenario.scenario) {
      const same = ran !== null && ran.text === text && ran.rulesOff.length === 0;
      replays = new StoreReplays(scenario.scenario, same ? ran.timeline : undefined);
    }
    return verifyStoreExercises(exercises, { scenario: scenario.scenario, lesson: lesson.scenario, acts, replays });
  };
}
