/** What npm run bench prints of its measurements: the speed-up over the seed, the growth, the targets. */
import { describe, expect, it } from 'vitest';
import { nodeReport, type Row } from './nodeReport';

const s = (median: number, best = median) => ({ median, best });
const p = (median: number, cpu: number) => ({ median, best: median, cpu });

/** A size's row: `factor` scales the per-operation figures, `processMs` is the whole process. */
function row(users: number, processMs: number, scopedUs: number, bare: number | null): Row {
  return {
    users,
    items: users * 10,
    steps: users * 9,
    file: `build/bench/scenario-${users}-users.json`,
    processMs: p(processMs, processMs * 0.8),
    bareMs: bare === null ? null : p(bare, bare * 0.8),
    npmMs: p(processMs + 300, 400),
    inProcessMs: s(processMs / 2, processMs / 3),
    writeUs: s(1),
    handoffUs: s(4),
    fullWriteUs: s(2),
    fullHandoffUs: s(8),
    scopedUs: s(scopedUs, scopedUs * 0.9),
    naiveUs: s(100 * users),
  };
}

const options = { queries: 200, itemsPerUser: 10, bare: false };

describe('nodeReport', () => {
  it('compares the whole process with the seed where the seed was measured', () => {
    const report = nodeReport([row(200, 80, 5, null), row(20000, 150, 5.5, null)], [p(60, 40)], options);
    const lines = report.split('\n');
    expect(lines).toContain(
      'Whole replay of 200 queries, 10 items per user: milliseconds, median (best), median CPU of the process',
    );
    expect(lines.find((line) => line.startsWith('2000 '))).toMatch(/^2000 +200 +1800 .* 1000 +13x faster$/);
    expect(lines.find((line) => line.startsWith('200000 '))).toMatch(/ 150 \(150\) cpu 120 .* - +-$/);
    expect(lines).toContain('Node alone (node -e 0): 60.0 (60.0) cpu 40.0');
  });

  it('says whether a scoped query grows less than 1.5x from 20,000 to 200,000 items', () => {
    const met = nodeReport([row(2000, 150, 5, null), row(20000, 1500, 7, null)], [p(60, 40)], options);
    expect(met).toContain('  20000 -> 200000 items: scoped query 1.40x (best 1.40x; target < 1.5x: met),');
    const missed = nodeReport([row(2000, 150, 5, null), row(20000, 1500, 8, null)], [p(60, 40)], options);
    expect(missed).toContain('scoped query 1.60x (best 1.60x; target < 1.5x: NOT met)');
    // Only the step from 20,000 items carries the target.
    expect(nodeReport([row(200, 80, 5, null), row(2000, 150, 10, null)], [p(60, 40)], options)).not.toContain(
      'target < 1.5x',
    );
  });

  it('judges 20,000 items against 100x the seed, with and without the extra certificates', () => {
    const report = nodeReport([row(2000, 180, 5, 120)], [p(60, 40), p(25, 20)], { ...options, bare: true });
    expect(report).toContain('  node build/cli/replay.cjs: 180 ms median, 180 ms best, 144 ms CPU = 116.7x (met)');
    expect(report).toContain(
      '  same, without NODE_EXTRA_CA_CERTS: 120 ms median, 120 ms best, 96.0 ms CPU = 175.0x (met)',
    );
    expect(report).toContain(
      'Node alone (node -e 0): 60.0 (60.0) cpu 40.0; same, without NODE_EXTRA_CA_CERTS: 25.0 (25.0) cpu 20.0',
    );
    expect(nodeReport([row(2000, 250, 5, null)], [p(60, 40)], options)).toContain('= 84.0x (NOT met)');
  });
});
