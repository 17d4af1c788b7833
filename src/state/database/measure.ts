/**
 * Measure, in this browser, what reading the principal's settings per row costs: the same reads on a
 * larger generated store, with the settings read once (sub-selects) and per row, with and without the
 * indexes. Each figure comes from the benchmark `npm run bench` runs too (src/db/settingsBench.ts), which
 * checks the rows against the store first.
 */
import type { DbSession } from './dbSession';

export interface MeasuredRow {
  indexes: boolean;
  settings: 'once' | 'per-row';
  medianMs: number;
}

export interface Measurement {
  items: number;
  principals: number;
  reads: number;
  memoryMs: number;
  rows: MeasuredRow[];
}

/** About ten seconds on a laptop for the default size; the view is busy meanwhile. */
export function measureSettings(session: DbSession, items = 10_000): Promise<Measurement> {
  return session.exclusive(async (pglite) => {
    const [{ openPglite }, { benchDb, benchPrincipals, largeState }] = await Promise.all([
      import('../../db/pglite'),
      import('../../db/settingsBench'),
    ]);
    const state = largeState(items);
    const principals = benchPrincipals(state, 12);
    const rows: MeasuredRow[] = [];
    let memoryMs = 0;
    let reads = 0;
    for (const indexes of [true, false]) {
      const db = await openPglite({ pglite, sql: { indexes } });
      const report = await benchDb({
        state,
        principals,
        rounds: 5,
        targets: [
          { name: 'once', db, policy: { settings: 'once' } },
          { name: 'per-row', db, policy: { settings: 'per-row' } },
        ],
      });
      memoryMs = report.rows[0]!.medianMs;
      for (const row of report.rows.slice(1)) {
        rows.push({ indexes, settings: row.engine as MeasuredRow['settings'], medianMs: row.medianMs });
        reads = row.reads;
      }
    }
    return { items: state.items.length, principals: principals.length, reads, memoryMs, rows };
  });
}
