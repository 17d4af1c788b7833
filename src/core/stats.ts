/** The figures every benchmark reduces its samples to: medians, the best run, percentiles. Pure. */

/** The middle value (the mean of the two middle ones for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median and best of a set of samples: the median is the figure; the best shows how much is noise. */
export interface Stat {
  median: number;
  best: number;
}

export function stat(values: readonly number[]): Stat {
  return { median: median(values), best: values.length === 0 ? Number.NaN : Math.min(...values) };
}

export const scale = (s: Stat, by: number): Stat => ({ median: s.median * by, best: s.best * by });

/** The nearest-rank `p`th percentile (0 < p <= 100): the smallest value with p% of the values at or below it. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
