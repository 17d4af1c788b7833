/** The result builders every engine's checks share. */
import { describe, expect, it } from 'vitest';
import { expectationResults, invariantResult, listIds, sameIds } from './results';

const TABLE = [{ id: 'a-rule', title: 'A rule holds' }] as const;

describe('invariantResult', () => {
  it('takes its title from the table and is green only without failures', () => {
    expect(invariantResult(TABLE, 'a-rule', [])).toEqual({
      id: 'a-rule',
      title: 'A rule holds',
      kind: 'invariant',
      ok: true,
      failures: [],
    });
    const failure = { step: 2, reason: 'broken', path: ['steps', 1] };
    expect(invariantResult(TABLE, 'a-rule', [failure])).toMatchObject({ ok: false, failures: [failure] });
  });
});

describe('expectationResults', () => {
  const entries = [
    { index: 0, step: null },
    { index: 1, step: { op: 'write' } },
    { index: 2, step: { op: 'query', expect: { visible: ['x'], naive: ['y'] } } },
  ];

  it('makes one result per step that states expect, each failure at its expect field', () => {
    const results = expectationResults(
      entries,
      (entry) => ['steps', entry.index - 1],
      (_entry, _expect, fail) => fail('naive', 'the naive list differs'),
    );
    expect(results).toEqual([
      {
        id: 'expect-step-2',
        title: 'Step 2 query: visible, naive',
        kind: 'expectation',
        ok: false,
        failures: [{ step: 2, reason: 'the naive list differs', path: ['steps', 1, 'expect', 'naive'] }],
        step: 2,
      },
    ]);
  });

  it('is green when the judge reports nothing', () => {
    const results = expectationResults(
      entries,
      () => [],
      () => undefined,
    );
    expect(results.map((r) => r.ok)).toEqual([true]);
  });
});

describe('listIds and sameIds', () => {
  it('name IDs in order, or nothing, and compare them in order', () => {
    expect(listIds(['a', 'b'])).toBe('a, b');
    expect(listIds([])).toBe('nothing');
    expect(sameIds(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameIds(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameIds(['a'], ['a', 'b'])).toBe(false);
  });
});
