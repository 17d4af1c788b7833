/** How the benchmarks print: the tables and rows a reader compares run against run. */
import { describe, expect, it } from 'vitest';
import { both, INTERACTION_HEADER, interactionRow, ms, spread, table, us, withCpu } from './format';
import { option } from './options';
import { topSelfTime } from './profile';

describe('number formats', () => {
  it('print whole milliseconds from 100 on, one decimal below; microseconds with two', () => {
    expect([ms(250.4), ms(12.345), us(150.2), us(3.14159)]).toEqual(['250', '12.3', '150', '3.14']);
  });

  it('print the median with the best in brackets, and "?" for a CPU time that could not be read', () => {
    expect(both({ median: 12.34, best: 10 }, ms)).toBe('12.3 (10.0)');
    expect(withCpu({ median: 200, best: 180, cpu: Number.NaN })).toBe('200 (180) cpu ?');
    expect(withCpu({ median: 200, best: 180, cpu: 150 })).toBe('200 (180) cpu 150');
  });
});

describe('table', () => {
  it('aligns the first column left and the others right, under a rule as wide as each column', () => {
    expect(
      table(
        ['items', 'scoped query'],
        [
          ['2000', '1.25 (1.10)'],
          ['200000', '12.50 (11.00)'],
        ],
      ).split('\n'),
    ).toEqual(['items    scoped query', '------  -------------', '2000      1.25 (1.10)', '200000  12.50 (11.00)']);
  });
});

describe('spread', () => {
  it('prints the median of the runs and their range', () => {
    expect(spread([57, 60, 48, 81, 66])).toBe('    60 ms  (48–81)');
  });
});

describe('interactionRow', () => {
  it('gives p50 and p95 of the work and of the script, and the samples that fitted in one frame', () => {
    const samples = Array.from({ length: 20 }, (_, i) => ({ work: i + 1, script: (i + 1) / 2, onTime: i < 19 }));
    const row = interactionRow('next step', samples);
    expect(row.slice(0, 22).trim()).toBe('next step');
    expect(row.slice(22).trim().split(/\s+/)).toEqual(['10.0', '19.0', '5.0', '9.5', '19/20']);
    // Each column ends where its header does.
    expect(row).toHaveLength(INTERACTION_HEADER.length);
  });
});

describe('option', () => {
  it('reads the value after --name, and falls back when it is absent or has no value', () => {
    const argv = ['node', 'bench/node.ts', '--runs', '3', '--users'];
    expect(option('runs', '5', argv)).toBe('3');
    expect(option('users', '200,2000', argv)).toBe('200,2000');
    expect(option('port', '4631', argv)).toBe('4631');
  });
});

describe('topSelfTime', () => {
  it('sums each function’s sampled time, most first, leaving out idle and program time', () => {
    const frame = (functionName: string, lineNumber: number) => ({
      functionName,
      url: 'http://127.0.0.1:4632/assets/index-abc.js',
      lineNumber,
      columnNumber: 9,
    });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(idle)', -1) },
        { id: 2, callFrame: frame('replay', 41) },
        { id: 3, callFrame: frame('', 7) },
      ],
      samples: [2, 3, 2, 1, 2],
      timeDeltas: [0, 4_000, 1_000, 6_000, 90_000, 2_000],
    };
    expect(topSelfTime(profile, 5)).toEqual([
      '    12 ms  replay  index-abc.js:42:10',
      '     1 ms  (anonymous)  index-abc.js:8:10',
    ]);
    expect(topSelfTime(profile, 1)).toHaveLength(1);
  });
});
