import { describe, expect, it } from 'vitest';
import { replayText, type Timeline } from '../replay/replayText';
import { cacheKey, cacheKeyParts } from '../store/context';
import { cacheRows } from './cacheTrace';
import { ALL_RULES, type Rules, withRulesOff } from '../store/rules';
import { ALICE, BOB, projectText } from '../testing/fixtures';

function seed(rules: Rules = ALL_RULES): Timeline {
  const outcome = replayText(projectText('fixtures/scenario.json'), rules);
  if (outcome.kind !== 'ok') throw new Error('the seed scenario should replay');
  return outcome.timeline;
}

describe('cacheKeyParts', () => {
  it('names user, task, agent, question and version, and the key is exactly those values', () => {
    const parts = cacheKeyParts(BOB, 'Q?', 4);
    expect(parts.map((p) => p.name)).toEqual(['user', 'task', 'agent', 'question', 'version']);
    expect(cacheKey(BOB, 'Q?', 4)).toBe(JSON.stringify(parts.map((p) => p.value)));
  });

  it('leaves out the principal or the version when that cache rule is switched off', () => {
    expect(cacheKeyParts(BOB, 'Q?', 4, withRulesOff('cacheKeyPrincipal')).map((p) => p.name)).toEqual([
      'question',
      'version',
    ]);
    expect(cacheKeyParts(BOB, 'Q?', 4, withRulesOff('cacheKeyVersion')).map((p) => p.name)).toEqual([
      'user',
      'task',
      'agent',
      'question',
    ]);
  });
});

describe('cacheRows', () => {
  it('lists every query step of the seed as a miss built for its own principal, with every rule on', () => {
    const rows = cacheRows(seed());
    expect(rows.map((r) => r.index)).toEqual([7, 8, 9, 10, 12]);
    expect(
      rows.every((r) => !r.hit && !r.otherPrincipal && !r.stale && r.missing.length === 0 && r.builtAtStep === r.index),
    ).toBe(true);
    expect(rows[2]).toMatchObject({
      principal: ALICE,
      parts: [
        { name: 'user', value: 'alice' },
        { name: 'task', value: 'task-9' },
        { name: 'agent', value: 'planner' },
        { name: 'question', value: 'What is the plan for the export job?' },
        { name: 'version', value: 7 },
      ],
    });
  });

  it("shows Bob's context, built at step 7, served to Alice when the key has no principal", () => {
    const alice = cacheRows(seed(withRulesOff('cacheKeyPrincipal'))).find((r) => r.index === 9)!;
    expect(alice).toMatchObject({
      hit: true,
      principal: ALICE,
      builtFor: BOB,
      builtAtStep: 7,
      otherPrincipal: true,
      stale: false,
      missing: ['user', 'task', 'agent'],
    });
  });

  it('shows a context built before close_task served after it when the key has no version', () => {
    const after = cacheRows(seed(withRulesOff('cacheKeyVersion'))).find((r) => r.index === 12)!;
    expect(after).toMatchObject({
      hit: true,
      builtFor: BOB,
      builtAtStep: 7,
      builtAtVersion: 7,
      version: 8,
      otherPrincipal: false,
      stale: true,
      missing: ['version'],
    });
  });

  it('keys a semantic cache by its partition, compares the question instead of missing it, and keeps the exact cache without one', () => {
    expect(cacheRows(seed()).every((r) => r.similarity === null)).toBe(true);
    const outcome = replayText(projectText('fixtures/lessons/semantic-cache-tag.scenario.json'));
    if (outcome.kind !== 'ok') throw new Error('the lesson should replay');
    const rows = cacheRows(outcome.timeline);
    // Alice asks twice in her own partition (a hit on her first question); Bob's similar question misses.
    expect(rows.map((r) => [r.index, r.hit, r.otherPrincipal, r.builtAtStep, r.missing])).toEqual([
      [3, false, false, 3, []],
      [4, true, false, 3, []],
      [5, false, false, 5, []],
    ]);
    const bob = rows.find((r) => r.index === 5)!;
    expect(bob.parts.map((p) => p.name)).toEqual(['user', 'task', 'agent', 'version']);
    expect(bob.similarity).toMatchObject({ threshold: 0.8 });
  });
});
