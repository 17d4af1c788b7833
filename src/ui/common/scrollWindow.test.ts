import { describe, expect, it } from 'vitest';
import { rowAt } from '../../core/timeline/rows';
import { fixedRowAt, fixedSpan } from './scrollWindow';

describe('the rows a window shows', () => {
  it('start at the row under the offset, and take one more than fit', () => {
    // 34 px rows: a 350 px window at 10 px shows rows 0 to 10, row 11 cut at the bottom.
    expect(fixedSpan(10, 350, 34, 1000)).toEqual([0, 12]);
    expect(fixedSpan(34 * 500, 340, 34, 1000)).toEqual([500, 11]);
  });

  it('stop at the last row, and draw none of an empty list', () => {
    expect(fixedSpan(34 * 995, 340, 34, 1000)).toEqual([995, 5]);
    expect(fixedSpan(99_999, 340, 34, 1000)).toEqual([999, 1]);
    expect(fixedSpan(0, 340, 34, 0)).toEqual([0, 0]);
    expect(fixedRowAt(-20, 34, 10)).toBe(0);
  });

  it('find the row under an offset among rows of different heights', () => {
    // Rows of 10, 30 and 20 px: tops 0, 10, 40, and 60 in all.
    const tops = Float64Array.from([0, 10, 40, 60]);
    expect([0, 9, 10, 39, 40, 59, 500].map((y) => rowAt(tops, y))).toEqual([0, 0, 1, 1, 2, 2, 2]);
  });
});
