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
      'ownerlessHidden',
      'scopedDelete',
      'semanticCachePartition',
    ]);
  });

  it('covers every rule between the seed, the attacks lesson and the incident lessons', () => {
    const seed = ruleCoverage(projectText('fixtures/scenario.json'))!;
    const attacks = ruleCoverage(projectText('fixtures/lessons/attacks.scenario.json'))!;
    const prefix = ruleCoverage(projectText('fixtures/lessons/namespace-prefix.scenario.json'))!;
    const ownerless = ruleCoverage(projectText('fixtures/lessons/ownerless-rows.scenario.json'))!;
    const wiped = ruleCoverage(projectText('fixtures/lessons/scoped-delete.scenario.json'))!;
    const semantic = ruleCoverage(projectText('fixtures/lessons/semantic-cache-tag.scenario.json'))!;
    const all = [seed, attacks, prefix, ownerless, wiped, semantic];
    expect(RULES.filter((rule) => all.every((c) => c[rule].length === 0))).toEqual([]);
    expect(ownerless.ownerlessHidden).toEqual(['no-other-user-data']);
    expect(wiped.scopedDelete).toEqual(['complete-requests', 'expect-step-7']);
    expect(semantic.semanticCachePartition).toEqual(['no-other-user-data', 'complete-requests', 'expect-step-5']);
    expect(attacks.escaping).toEqual(['one-block-per-item']);
    expect(prefix.exactKeys).toEqual(['no-other-user-data', 'task-boundary']);
  });

  it('is null for a scenario that does not replay', () => {
    expect(ruleCoverage('{"agents": []')).toBeNull();
  });

  it('credits no rule with a check that is red with every rule on', () => {
    const text = projectText('fixtures/scenario.json').replace(
      '"current": "What is the plan for the export job?"\n    },\n    {\n      "op": "close_task"',
      '"current": "What is the plan for the export job?", "expect": {"visible": ["app-policy"]}\n    },\n    {\n      "op": "close_task"',
    );
    const coverage = ruleCoverage(text)!;
    // With taskCheck off step 10 holds task-17 items too, so its expectation would be red either way.
    expect(coverage.taskCheck).toEqual(['task-boundary']);
    expect(RULES.filter((rule) => coverage[rule].includes('expect-step-10'))).toEqual([]);
  });
});
