/** The reference a database read must equal, and how a read that differs is described. */
import { describe, expect, it } from 'vitest';
import { makePrincipal } from '../store/entities';
import { BOB, replayOk, seedScenario } from '../testing/fixtures';
import { compareReads, expectedRead } from './agreement';

const seed = replayOk(seedScenario());

describe('expectedRead', () => {
  it("is the store's visible items for a principal", () => {
    const read = expectedRead(seed, 6, BOB);
    expect(read.rule).toBeNull();
    expect(read.items.map((item) => item.id)).toEqual([
      'app-policy',
      'bob-style',
      'bob-export-plan',
      'planner-scratch',
    ]);
  });

  it('is only the app items without a principal: failing closed', () => {
    expect(expectedRead(seed, 6, null)).toMatchObject({ rule: 'no-principal' });
    expect(expectedRead(seed, 6, null).items.map((item) => item.id)).toEqual(['app-policy']);
  });

  it('is nothing for an agent the store does not know, which the store refuses', () => {
    expect(expectedRead(seed, 6, makePrincipal('bob', 'task-17', 'no-such-agent'))).toEqual({
      items: [],
      rule: 'unknown-agent',
    });
  });
});

describe('compareReads', () => {
  const items = expectedRead(seed, 6, BOB).items;

  it('agrees only item for item, in order', () => {
    expect(compareReads(items, [...items])).toEqual({ kind: 'same', count: 4 });
    expect(compareReads([], [])).toEqual({ kind: 'same', count: 0 });
  });

  it('names missing, extra and changed rows', () => {
    const [first, second, ...rest] = items;
    const alice = expectedRead(seed, 6, makePrincipal('alice', 'task-9', 'planner')).items.at(-1)!;
    const outcome = compareReads(items, [first!, { ...second!, text: 'edited' }, alice]);
    expect(outcome).toEqual({
      kind: 'different',
      missing: rest,
      extra: [alice],
      changed: [{ ...second!, text: 'edited' }],
      reordered: false,
    });
  });

  it('tells a reordering apart', () => {
    expect(compareReads(items, [...items].reverse())).toMatchObject({ kind: 'different', reordered: true });
  });
});
