/**
 * Vitest for the mutation run only (stryker.config.json): the tests of the seed port, in Node, without
 * the React plugin and DOM setup that component tests need. The normal test command does not use it.
 * The other core suites (lessons, hostile inputs, SQL, memtool, router...) replay whole scenarios for
 * every covered mutant and would take the run past its 15-minute budget; they still run in npm test.
 */
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Cheap, targeted files first, whole replays and properties last. */
const SEED_PORT_TESTS = [
  'python/strings',
  'python/repr',
  'python/jsonDumps',
  'store/entities',
  'store/visibility',
  'store/naive',
  'store/context',
  'store/store',
  'grading/answerCheck',
  'scenario/traps',
  'scenario/scenario',
  // The fast locator is tested equal to scenario.ts's reference one: that covers the reference too.
  'scenario/locate',
  'store/isolation',
  'timeline/timeline',
  'replay/replayText',
  'replay/seedRun',
  'store/properties',
];

const rank = (spec: TestSpecification) =>
  SEED_PORT_TESTS.findIndex((name) => spec.moduleId.endsWith(`/src/core/${name}.test.ts`));

/**
 * Stryker stops a mutant's run at the first failing test, so the order decides how long a killed
 * mutant costs. Vitest's own order puts the slowest files first.
 */
class CheapFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: SEED_PORT_TESTS.map((name) => `src/core/${name}.test.ts`),
    environment: 'node',
    testTimeout: 20_000,
    sequence: { sequencer: CheapFirst },
    // Fewer fast-check runs per property: each surviving mutant reruns every property that covers it.
    env: { CORE_PROPERTY_RUNS: '20' },
  },
});
