import { describe, expect, it } from 'vitest';
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
