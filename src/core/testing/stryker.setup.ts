/**
 * For the mutation run only (vitest.stryker.config.ts). Stryker's Vitest runner switches a mutant on in
 * a beforeAll hook, after a test file's own top level and describe blocks have run; a fixture built there
 * (a seed replayed once for the whole file) is then built without the mutant, and the mutant survives
 * tests that would catch it. Switching it on here, before the test file is loaded, builds every fixture
 * with the mutant the run is about. The runner's own setup file runs first and provides the values.
 */
import { inject } from 'vitest';

const namespace = globalThis as unknown as Record<string, { activeMutant?: string; hitCount?: number }>;

if (inject('mode' as never) === 'mutant') {
  const ns = namespace[inject('globalNamespace' as never) as string];
  if (ns !== undefined) {
    ns.activeMutant = inject('activeMutant' as never) as string;
    ns.hitCount = 0;
  }
}
