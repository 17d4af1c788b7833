/**
 * The vector lesson's engine for the lesson store: its scenario parsed by the core. The queries run in
 * PGlite, asynchronously, in the lesson's own view (state/vector/vectorRun.ts); the lesson store keeps
 * the text, its edits and their saving like every other lesson's, and its checks come from that run.
 */
import { parseVectorScenario, type VectorScenario } from '../../core/vector/scenario';
import { createEngineLessonStore, type EngineKit, type EngineLessonDeps, type EngineLessonStore } from './engineStore';

export type VectorLessonStore = EngineLessonStore<VectorScenario, string, VectorScenario>;

export const vectorKit: EngineKit<VectorScenario, string, VectorScenario> = {
  engine: 'vector',
  replay(text) {
    const parsed = parseVectorScenario(text);
    return parsed.kind === 'ok' ? { kind: 'ok', timeline: parsed.scenario } : parsed;
  },
  size: () => 1,
  stepActor: () => undefined,
  defaultActor: (scenario) => scenario.principal,
  // The checks need the database's answers: the lesson's view runs them (state/vector/vectorRun.ts).
  checks: () => [],
  steps: (scenario) => [
    {
      index: 0,
      op: 'vector-ask',
      label: 'ask',
      summary: `${scenario.principal} asks for the ${scenario.k} nearest chunks`,
      result: '',
      rejected: false,
    },
  ],
  view: (scenario) => scenario,
};

/** What a vector lesson loads with it (not with the page): its engine's kit and its store's factory. */
export const vectorModule = {
  kind: 'vector' as const,
  kit: vectorKit,
  createStore: (deps: EngineLessonDeps): VectorLessonStore => createEngineLessonStore(vectorKit, deps),
};
