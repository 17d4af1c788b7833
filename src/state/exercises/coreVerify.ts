/**
 * The core's verifier, fed from scenario text: the learner's text (the one the timeline ran, so it is
 * valid) and the lesson's own are parsed once each and kept while they stay the same, and so are the
 * store's replays of the learner's scenario, so stepping or switching a rule only re-runs the verdicts
 * (the core measured 3-80 ms a change on the 20,000-item scenario, against 0.8-1.4 s from scratch).
 * Loaded lazily with the first lesson that has tasks.
 */
import { StoreReplays } from '../../core/exercises/storeGoals';
import { verifyExercises } from '../../core/exercises/verify';
import type { Engine } from '../../core/lessons/catalogue';
import { parseMemtoolScenario } from '../../core/memtool/scenario';
import { parseRouterScenario } from '../../core/router/scenario';
import { parseScenario, type Problem } from '../../core/scenario/scenario';
import type { Verify } from './verdictWatcher';

type Parsed<T> = { kind: 'ok'; scenario: T } | { kind: 'invalid'; problems: Problem[] };

/** Remember the last parse of each text: the learner's changes on a run, the lesson's never. */
function lastParse<T>(parse: (text: string) => Parsed<T>) {
  let text: string | null = null;
  let parsed: Parsed<T> | null = null;
  return (next: string): Parsed<T> => {
    if (next !== text || parsed === null) {
      text = next;
      parsed = parse(next);
    }
    return parsed;
  };
}

const unjudged = (exercises: Parameters<Verify>[0], why: string) =>
  exercises.map((e) => ({ id: e.id, met: false as const, reason: why }));

/** A verifier for one engine's lessons. */
export function verifierFor(engine: Engine): Verify {
  switch (engine) {
    case 'store': {
      const learner = lastParse(parseScenario);
      const own = lastParse(parseScenario);
      let replays: StoreReplays | null = null;
      return (exercises, { lessonText, text, acts }) => {
        const scenario = learner(text);
        const lesson = own(lessonText);
        if (scenario.kind !== 'ok' || lesson.kind !== 'ok') return unjudged(exercises, 'The scenario does not run.');
        // A new parse is a new scenario: its replays start afresh.
        if (replays?.scenario !== scenario.scenario) replays = new StoreReplays(scenario.scenario);
        return verifyExercises(exercises, {
          engine,
          scenario: scenario.scenario,
          lesson: lesson.scenario,
          acts,
          replays,
        });
      };
    }
    case 'router': {
      const learner = lastParse(parseRouterScenario);
      return (exercises, { text, acts }) => {
        const scenario = learner(text);
        if (scenario.kind !== 'ok') return unjudged(exercises, 'The scenario does not run.');
        return verifyExercises(exercises, { engine, scenario: scenario.scenario, acts });
      };
    }
    case 'vector':
      // Judged on a run of the database, in the lesson's own view (state/vector/vectorRun.ts).
      return (exercises) => unjudged(exercises, 'The vector lesson judges its tasks beside its queries.');
    case 'memtool': {
      const learner = lastParse(parseMemtoolScenario);
      return (exercises, { text, acts }) => {
        const scenario = learner(text);
        if (scenario.kind !== 'ok') return unjudged(exercises, 'The scenario does not run.');
        return verifyExercises(exercises, { engine, scenario: scenario.scenario, acts });
      };
    }
  }
}
