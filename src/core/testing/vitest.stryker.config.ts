/**
 * Vitest for the mutation run only (stryker.config.json): the tests of the seed port, in Node, without
 * the React plugin and DOM setup that component tests need. The normal test command does not use it.
 * The other core suites (lessons, hostile inputs, SQL, memtool, router...) replay whole scenarios for
 * every covered mutant and would take the run past its 15-minute budget; they still run in npm test.
 */
import { defineConfig } from 'vitest/config';

const SEED_PORT_TESTS = [
  'isolation', 'replay', 'grade', 'traps', 'scenario', 'properties', 'timeline', 'pyjson',
  'text', 'pyrepr', 'model', 'visibility', 'naive', 'context', 'store', 'seedResult',
];

export default defineConfig({
  test: {
    include: SEED_PORT_TESTS.map((name) => `src/core/${name}.test.ts`),
    environment: 'node',
    testTimeout: 20_000,
    // Fewer fast-check runs per property: each surviving mutant reruns every property that covers it.
    env: { CORE_PROPERTY_RUNS: '40' },
  },
});
