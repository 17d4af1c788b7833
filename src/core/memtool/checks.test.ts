/** The memtool checks: green for the safe tools on the lesson, red for the naive ones, where they break. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayMemtoolText, type MemtoolTimeline } from './replay';
import { checkMemtoolInvariants, runMemtoolChecks, MEMTOOL_INVARIANTS } from './checks';

const LESSON = new URL('../../../fixtures/lessons/memtool-session-scope.json', import.meta.url);

function lesson(text = readFileSync(LESSON, 'utf8')): MemtoolTimeline {
  const outcome = replayMemtoolText(text);
  if (outcome.kind !== 'ok') throw new Error(JSON.stringify(outcome.problems));
  return outcome.timeline;
}

const red = (timeline: MemtoolTimeline, side: 'safe' | 'naive' = 'safe') =>
  runMemtoolChecks(timeline, side).filter((check) => !check.ok);
const failedSteps = (timeline: MemtoolTimeline, id: string) =>
  checkMemtoolInvariants(timeline, 'naive')
    .find((check) => check.id === id)
    ?.failures.map((f) => f.step);

describe('the memtool lesson', () => {
  it('passes every check and expectation with the safe tools', () => {
    expect(red(lesson())).toEqual([]);
  });

  it('turns every invariant red for the naive tools', () => {
    expect(red(lesson(), 'naive').map((check) => check.id)).toEqual(MEMTOOL_INVARIANTS.map((inv) => inv.id));
  });

  it('places each naive failure at the step that shows it', () => {
    const timeline = lesson();
    expect(failedSteps(timeline, 'identifiers-inert')).toEqual([1, 3]);
    expect(failedSteps(timeline, 'forget-no-oracle')).toEqual([4]);
    expect(failedSteps(timeline, 'paths-under-root')).toEqual([9, 10, 11, 12]);
    expect(failedSteps(timeline, 'fail-closed')).toEqual([3]);
    expect(new Set(failedSteps(timeline, 'no-foreign-records'))).toEqual(new Set([1, 3, 9, 10, 11]));
  });

  it('explains the oracle in words', () => {
    const check = checkMemtoolInvariants(lesson(), 'naive').find((c) => c.id === 'forget-no-oracle');
    expect(check?.failures[0]).toEqual({
      step: 4,
      path: ['steps', 3],
      reason:
        'the refusal "You may not delete this memory: it belongs to someone else." differs from the answer for a missing ID ("No such memory."), so it tells the caller that mem_9f3a21 exists',
    });
  });

  it('reports a failed expectation at its expect field', () => {
    const text = readFileSync(LESSON, 'utf8').replace(
      '"expect": { "safe": "Deleted mem_a1.", "naive": "Deleted mem_a1." }',
      '"expect": { "safe": "Deleted mem_a2." }',
    );
    const [check] = red(lesson(text));
    expect(check).toMatchObject({ id: 'expect-step-6', kind: 'expectation', step: 6 });
    expect(check?.failures).toEqual([
      {
        step: 6,
        path: ['steps', 5, 'expect', 'safe'],
        reason: 'the safe response is "Deleted mem_a1."; expected "Deleted mem_a2."',
      },
    ]);
  });
});
