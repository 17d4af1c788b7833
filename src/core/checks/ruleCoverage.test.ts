import { describe, expect, it } from 'vitest';
import { ruleCoverage } from './ruleCoverage';
import { RULES } from '../store/rules';
import { projectText } from '../testing/fixtures';

describe('ruleCoverage', () => {
  it('names the checks each rule keeps green in the seed, and the rules the seed does not exercise', () => {
    const coverage = ruleCoverage(projectText('fixtures/scenario.json'))!;
    expect(coverage.taskCheck).toEqual(['task-boundary']);
    expect(coverage.cacheKeyVersion).toEqual(['no-deleted-items']);
    expect(RULES.filter((rule) => coverage[rule].length === 0)).toEqual([
      'keysFromPrincipal',
      'escaping',
      'atomicHandoff',
      'handoffReadCheck',
      'perUserDuplicates',
      'exactKeys',
    ]);
  });

  it('covers every rule between the seed, the attacks lesson and the namespace lesson', () => {
    const seed = ruleCoverage(projectText('fixtures/scenario.json'))!;
    const attacks = ruleCoverage(projectText('fixtures/lessons/attacks.scenario.json'))!;
    const prefix = ruleCoverage(projectText('fixtures/lessons/namespace-prefix.scenario.json'))!;
    expect(RULES.filter((rule) => [seed, attacks, prefix].every((c) => c[rule].length === 0))).toEqual([]);
    expect(attacks.escaping).toEqual(['one-block-per-item']);
    expect(prefix.exactKeys).toEqual(['no-other-user-data', 'task-boundary']);
  });

  it('is null for a scenario that does not replay', () => {
    expect(ruleCoverage('{"agents": []')).toBeNull();
  });
});
