import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ddmin } from './shrink';

describe('ddmin', () => {
  it('keeps only the elements the failure needs, in their order', async () => {
    const fails = async (list: readonly number[]) => list.includes(3) && list.includes(7);
    const { items } = await ddmin([1, 2, 3, 4, 5, 6, 7, 8, 9], fails);
    expect(items).toEqual([3, 7]);
  });

  it('shrinks to nothing when the failure needs no element', async () => {
    expect((await ddmin([1, 2, 3], async () => true)).items).toEqual([]);
  });

  it('stops at its budget of tests', async () => {
    let calls = 0;
    await ddmin(
      Array.from({ length: 50 }, (_, i) => i),
      async (list) => {
        calls += 1;
        return list.length > 10 && list.includes(49);
      },
      5,
    );
    expect(calls).toBe(5);
  });
});

describe('ddmin on any list', () => {
  /** A list of distinct numbers and the ones a failure needs (a monotone failure: any superset fails). */
  const needs = fc
    .uniqueArray(fc.integer({ min: 0, max: 99 }), { minLength: 0, maxLength: 24 })
    .chain((items) => fc.tuple(fc.constant(items), fc.subarray(items)));

  it('finds exactly the needed elements, in order, and counts every test it ran', async () => {
    await fc.assert(
      fc.asyncProperty(needs, async ([items, needed]) => {
        let calls = 0;
        const result = await ddmin(items, async (list) => {
          calls += 1;
          return needed.every((x) => list.includes(x));
        });
        expect(result.items).toEqual(items.filter((x) => needed.includes(x)));
        expect(result.tests).toBe(calls);
      }),
      { numRuns: Number(process.env.CORE_PROPERTY_RUNS ?? 200) },
    );
  });

  it('never runs more tests than its budget', async () => {
    await fc.assert(
      fc.asyncProperty(needs, fc.integer({ min: 0, max: 12 }), async ([items, needed], budget) => {
        let calls = 0;
        const result = await ddmin(
          items,
          async (list) => {
            calls += 1;
            return needed.every((x) => list.includes(x));
          },
          budget,
        );
        expect(calls).toBeLessThanOrEqual(budget);
        expect(result.tests).toBe(calls);
        // Whatever it kept still fails.
        expect(needed.every((x) => result.items.includes(x))).toBe(true);
      }),
      { numRuns: Number(process.env.CORE_PROPERTY_RUNS ?? 200) },
    );
  });

  it('keeps a single element the failure needs, and drops one it does not', async () => {
    expect((await ddmin(['reset'], async (list) => list.length > 0)).items).toEqual(['reset']);
    expect(await ddmin(['step'], async () => true)).toEqual({ items: [], tests: 1 });
    expect(await ddmin(['step'], async () => true, 0)).toEqual({ items: ['step'], tests: 0 });
  });
});

describe('ddmin’s cost', () => {
  it('finds one needed element among n in at most two tests per halving, and one more', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 64 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n - 1 }))),
        async ([n, needed]) => {
          const items = Array.from({ length: n }, (_, i) => i);
          const { items: kept, tests } = await ddmin(items, async (list) => list.includes(needed));
          expect(kept).toEqual([needed]);
          expect(tests).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(n)) + 1);
        },
      ),
      { numRuns: Number(process.env.CORE_PROPERTY_RUNS ?? 200) },
    );
  });
});
