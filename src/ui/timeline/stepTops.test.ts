import { describe, expect, it } from 'vitest';
import { stepTops } from './Timeline';

describe('the timeline’s row tops, from the engine’s rejected steps', () => {
  it('makes a rejected step’s row taller, and one the learner’s store disagreed on taller again', () => {
    const tops = stepTops(5, [1, 3], new Map([[3, 'Your store kept it']]));
    // Heights 80, 100, 80, 100 + 40, 80: each top is the sum of the rows above it, the last the total.
    expect([...tops]).toEqual([0, 80, 180, 260, 400, 480]);
  });

  it('places 20,000 plain steps 80 px apart', () => {
    const tops = stepTops(20_000, [], new Map());
    expect(tops[20_000]).toBe(1_600_000);
    expect(tops[12_345]).toBe(12_345 * 80);
  });
});
