/**
 * The core's verifier for the router and memtool lessons, fed from scenario text: the learner's text (the
 * one the timeline ran, so it is valid) is parsed once and kept while it stays the same. Their scenarios
 * are small and replay in a few milliseconds. A store lesson's tasks are judged in its engine, beside the
 * learner's timeline (src/engine/worker/verdicts.ts); a vector lesson's beside its queries.
 * Loaded lazily with the first such lesson that has tasks.
 */
import { verifyMemtoolExercises, verifyRouterExercises } from '../../core/exercises/verify';
import type { LessonKind } from '../../core/lessons/catalogue';
import { parseMemtoolScenario } from '../../core/memtool/scenario';
import { parseRouterScenario } from '../../core/router/scenario';
import { lastParse, NOT_RUNNING, unjudged } from '../../engine/worker/lastParse';
import type { Verify } from './verdictWatcher';

/** A verifier for one engine's lessons. */
export function verifierFor(engine: Exclude<LessonKind, 'store'>): Verify {
  switch (engine) {
    case 'router': {
      const learner = lastParse(parseRouterScenario);
      return (exercises, { text, acts }) => {
        const scenario = learner(text);
        if (scenario.kind !== 'ok') return unjudged(exercises, NOT_RUNNING);
        return verifyRouterExercises(exercises, { scenario: scenario.scenario, acts });
      };
    }
    case 'vector':
      // Judged on a run of the database, in the lesson's own view (state/vector/vectorRun.ts).
      return (exercises) => unjudged(exercises, 'The vector lesson judges its tasks beside its queries.');
    case 'memtool': {
      const learner = lastParse(parseMemtoolScenario);
      return (exercises, { text, acts }) => {
        const scenario = learner(text);
        if (scenario.kind !== 'ok') return unjudged(exercises, NOT_RUNNING);
        return verifyMemtoolExercises(exercises, { scenario: scenario.scenario, acts });
      };
    }
  }
}
