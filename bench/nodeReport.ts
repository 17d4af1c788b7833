/** What `npm run bench` (bench/node.ts) prints of its measurements: the tables, the growth and the targets. Pure. */
import { both, ms, table, us, withCpu } from './format';
import type { Stat } from '../src/core/stats';

/** Wall time (median, best) and the median CPU time of a spawned process, ms. */
export type ProcessStat = Stat & { cpu: number };

/** One scenario size's figures. */
export interface Row {
  users: number;
  items: number;
  steps: number;
  file: string;
  processMs: ProcessStat;
  /** The same process without NODE_EXTRA_CA_CERTS (null when the variable is not set). */
  bareMs: ProcessStat | null;
  npmMs: ProcessStat;
  inProcessMs: Stat;
  writeUs: Stat;
  handoffUs: Stat;
  /** The same on the filled store, a few hundred at a time after a collection (see onFullStore). */
  fullWriteUs: Stat;
  fullHandoffUs: Stat;
  scopedUs: Stat;
  naiveUs: Stat;
}

/** The seed's measured whole runs, by items written (Python, 200 queries). */
export const SEED_SECONDS: ReadonlyMap<number, number> = new Map([
  [2_000, 1.0],
  [20_000, 21],
]);

export const BARE_HEADER = 'same, without NODE_EXTRA_CA_CERTS';

/**
 * The report, from the sizes' rows (smallest first) and `node -e 0` alone (and, with `bare`, again
 * without NODE_EXTRA_CA_CERTS): replay times against the seed, per-operation times, how each grows with
 * ten times more users (target: a scoped query < 1.5x from 20,000 items), and the 20,000-item verdict.
 */
export function nodeReport(
  rows: readonly Row[],
  startUp: readonly ProcessStat[],
  { queries, itemsPerUser, bare }: { queries: number; itemsPerUser: number; bare: boolean },
): string {
  const lines: string[] = [];
  lines.push(
    `\nWhole replay of ${queries} queries, ${itemsPerUser} items per user: milliseconds, median (best), median CPU of the process`,
  );
  lines.push(
    table(
      [
        'items',
        'users',
        'steps',
        'node build/cli/replay.cjs',
        ...(!bare ? [] : [BARE_HEADER]),
        'npm run --silent replay',
        'in process',
        'seed (Python)',
        'process vs seed',
      ],
      rows.map((r) => {
        const seed = SEED_SECONDS.get(r.items);
        const fastest = r.bareMs ?? r.processMs;
        return [
          String(r.items),
          String(r.users),
          String(r.steps),
          withCpu(r.processMs),
          ...(r.bareMs === null ? [] : [withCpu(r.bareMs)]),
          withCpu(r.npmMs),
          both(r.inProcessMs, ms),
          seed === undefined ? '-' : `${seed * 1000}`,
          seed === undefined
            ? '-'
            : `${((seed * 1000) / r.processMs.median).toFixed(0)}x${r.bareMs === null ? '' : ` / ${((seed * 1000) / fastest.median).toFixed(0)}x`} faster`,
        ];
      }),
    ),
  );
  lines.push(
    `Node alone (node -e 0): ${withCpu(startUp[0]!)}${startUp[1] === undefined ? '' : `; ${BARE_HEADER}: ${withCpu(startUp[1])}`}`,
  );

  lines.push('\nPer operation: microseconds, median (best)');
  lines.push(
    table(
      [
        'items',
        'write, filling',
        'handoff, filling',
        'write, full store',
        'handoff, full store',
        'scoped query',
        'naive query (question not yet ranked)',
      ],
      rows.map((r) => [
        String(r.items),
        both(r.writeUs, us),
        both(r.handoffUs, us),
        both(r.fullWriteUs, us),
        both(r.fullHandoffUs, us),
        both(r.scopedUs, us),
        both(r.naiveUs, us),
      ]),
    ),
  );

  lines.push('\nTen times more users');
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    const ratio = b.scopedUs.median / a.scopedUs.median;
    const goal = a.items === 20_000 ? `; target < 1.5x: ${ratio < 1.5 ? 'met' : 'NOT met'}` : '';
    lines.push(
      `  ${a.items} -> ${b.items} items: scoped query ${ratio.toFixed(2)}x (best ${(b.scopedUs.best / a.scopedUs.best).toFixed(2)}x${goal}),` +
        ` write ${(b.fullWriteUs.median / a.fullWriteUs.median).toFixed(2)}x, handoff ${(b.fullHandoffUs.median / a.fullHandoffUs.median).toFixed(2)}x (full store),` +
        ` naive query ${(b.naiveUs.median / a.naiveUs.median).toFixed(1)}x,` +
        ` whole process ${(b.processMs.median / a.processMs.median).toFixed(1)}x`,
    );
  }
  const target = rows.find((r) => r.items === 20_000);
  if (target !== undefined) {
    lines.push("\n20,000 items, whole process, against the seed's 21 s (target >= 100x, <= 210 ms):");
    lines.push(`  node build/cli/replay.cjs: ${verdict(target.processMs)}`);
    if (target.bareMs !== null) lines.push(`  ${BARE_HEADER}: ${verdict(target.bareMs)}`);
  }
  return lines.join('\n');
}

/** The whole process against the seed's 21 s at 20,000 items: the target is 100x. */
function verdict(process: ProcessStat): string {
  const speedup = 21_000 / process.median;
  return (
    `${ms(process.median)} ms median, ${ms(process.best)} ms best, ${ms(process.cpu)} ms CPU = ${speedup.toFixed(1)}x` +
    ` (${speedup >= 100 ? 'met' : 'NOT met'})`
  );
}
