/**
 * Vitest for the mutation run only (stryker.config.json): every test under src/core, in Node, without
 * the React plugin and DOM setup that component tests need. The normal test command does not use it.
 */
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Cheap, targeted files first, in this order; files not named here come next. */
const CHEAP_FIRST = [
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
];

/** Whole replays, properties and whole suites last (the slowest files of a dry run). */
const SLOW_LAST = [
  'scenario/hostile',
  'sharing/boundedDecompress',
  'sharing/shareLink',
  'timeline/timelineIndex',
  'explain/accessMatrix',
  'conformance/suite',
  'replay/seedRun',
  'store/properties',
];

const named = (spec: TestSpecification, name: string) => spec.moduleId.endsWith(`/src/core/${name}.test.ts`);

const rank = (spec: TestSpecification) => {
  const cheap = CHEAP_FIRST.findIndex((name) => named(spec, name));
  if (cheap >= 0) return cheap;
  const slow = SLOW_LAST.findIndex((name) => named(spec, name));
  return slow >= 0 ? CHEAP_FIRST.length + 1 + slow : CHEAP_FIRST.length;
};

/**
 * Stryker stops a mutant's run at the first failing test, so the order decides how long a killed
 * mutant costs. Vitest's own order puts the slowest files first.
 */
class CheapFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}

export default defineConfig({
  test: {
    include: ['src/core/**/*.test.ts'],
    environment: 'node',
    isolate: false,
    setupFiles: ['src/core/testing/stryker.setup.ts'],
    testTimeout: 20_000,
    sequence: { sequencer: CheapFirst },
    // Fewer fast-check runs per property: each surviving mutant reruns every property that covers it.
    env: { CORE_PROPERTY_RUNS: '20' },
  },
});
