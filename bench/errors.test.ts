/** The error-path benchmark's report: its table and its verdicts against the 2-second target. */
import { describe, expect, it } from 'vitest';
import { type ErrorRow, errorReport } from './errors';

const row = (label: string, wall: number, cpu: number): ErrorRow => ({
  label,
  megabytes: 2.84,
  problems: 20_000,
  process: { wall, cpu },
  inProcess: { wall: 120, cpu: Number.NaN },
});

describe('errorReport', () => {
  it('prints each case with its size, whole-process and in-process times', () => {
    const lines = errorReport([row('replay, 20000 bad steps', 640.4, 600)]);
    expect(lines[2]).toBe(`  ${'replay, 20000 bad steps'.padEnd(26)}   2.8 MB    640 /   600     120 /     ?`);
  });

  it('says met, met in CPU time, or MISSED against the 2-second target', () => {
    const lines = errorReport([
      row('replay, 20000 bad steps', 1_900, 1_800),
      row('replay, 100000 bad steps', 2_500, 1_900),
    ]);
    expect(lines.slice(-2)).toEqual([
      '  target: the 20,000-bad-step scenario reports in under 2 s, whole process: met',
      '  target: 100,000 located errors report in under 2 s, whole process: met in CPU time (wall time: a loaded machine)',
    ]);
    expect(errorReport([row('replay, 100000 bad steps', 2_500, 2_100)]).at(-1)).toMatch(/: MISSED$/);
  });

  it('gives no verdict for a case it did not measure', () => {
    expect(errorReport([]).some((line) => line.includes('target'))).toBe(false);
  });
});
