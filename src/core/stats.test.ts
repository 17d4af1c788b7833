/** The figures the benchmarks print: medians, best runs and percentiles of their samples. */
import { describe, expect, it } from 'vitest';
import { median, percentile, scale, stat } from './stats';

describe('median', () => {
  it('takes the middle value of an odd count, whatever the order', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([5, 1, 4, 2, 3])).toBe(3);
  });

  it('takes the mean of the two middle values of an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('is NaN for no samples, not a number taken from nowhere', () => {
    expect(median([])).toBeNaN();
  });

  it('leaves the samples as they were', () => {
    const samples = [3, 1, 2];
    median(samples);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('stat and scale', () => {
  it('gives the median and the best (smallest) sample, scaled together', () => {
    expect(stat([9, 4, 7])).toEqual({ median: 7, best: 4 });
    expect(scale(stat([9, 4, 7]), 1000 / 2)).toEqual({ median: 3500, best: 2000 });
  });
});

describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);

  it('is the nearest rank: p95 of 1..100 is 95, p50 is 50', () => {
    expect(percentile(hundred, 95)).toBe(95);
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 100)).toBe(100);
  });

  it('on few samples, the p95 is the largest and a low percentile the smallest', () => {
    expect(percentile([3, 1, 2], 95)).toBe(3);
    expect(percentile([3, 1, 2], 1)).toBe(1);
  });

  it('is NaN for no samples', () => {
    expect(percentile([], 95)).toBeNaN();
  });
});
