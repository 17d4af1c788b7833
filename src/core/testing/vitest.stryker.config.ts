/**
 * Vitest for the mutation run only (stryker.config.json): the core's own tests, in Node, without the
 * React plugin and DOM setup that component tests need. The normal test command does not use it.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/core/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Fewer fast-check runs per property: each surviving mutant reruns every property that covers it.
    env: { CORE_PROPERTY_RUNS: '40' },
  },
});
