/**
 * One run of the vector lesson: the five strategies side by side and the learner's own query, each read
 * from what the database returned (outcome.ts). The database part is src/db/vectorDb.ts.
 */
import { ownSettings, type Strategy, STRATEGIES, strategySettings } from './queries';
import { type QueryOutcome, type RawOutcome, readOutcome } from './outcome';
import type { VectorScenario } from './scenario';

export interface VectorRun {
  scenario: VectorScenario;
  strategies: ReadonlyArray<{ strategy: Strategy; outcome: QueryOutcome }>;
  /** The learner's own query, run as the scenario says. */
  own: QueryOutcome;
}

/** Read the raw results of the five strategies (in STRATEGIES order) and of the learner's query. */
export function runVector(scenario: VectorScenario, strategies: readonly RawOutcome[], own: RawOutcome): VectorRun {
  const { principal, k } = scenario;
  return {
    scenario,
    strategies: STRATEGIES.map((strategy, i) => ({
      strategy,
      outcome: readOutcome(principal, k, strategySettings(strategy), strategies[i]!),
    })),
    own: readOutcome(principal, k, ownSettings(scenario), own),
  };
}
