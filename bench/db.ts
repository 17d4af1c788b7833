/**
 * npm run bench, second part (bench/db.ts). Per-principal read time for a 20,000-item store: in memory, in PGlite, and on the PostgreSQL server
 * when one is up (PG_TEST_URL or scripts/pg-server.sh). Each database with and without its indexes,
 * and with the principal's settings read once (sub-selects) and per row (the trap).
 *
 *   node --import tsx bench/db.ts [ITEMS]
 */
import { benchDb, type DbBenchTarget, formatDbBench, largeState } from '../src/db/settingsBench';
import { openPglite } from '../src/db/pglite';
import { connectPg } from '../src/db/pg';
import type { ScopeDb } from '../src/db/scopeDb';
import { findServer } from '../src/db/serverUrl';

const items = Number(process.argv[2] ?? 20_000);
if (!Number.isInteger(items) || items < 20) {
  process.stderr.write('usage: node --import tsx bench/db.ts [ITEMS (20 or more)]\n');
  process.exit(2);
}

/** Four targets for one engine: indexed or not, settings once or per row. */
async function variants(engine: string, open: (indexes: boolean) => Promise<ScopeDb>): Promise<DbBenchTarget[]> {
  const indexed = await open(true);
  const scanned = await open(false);
  const name = `${engine} ${(await indexed.serverVersion()).split(' ')[0]}`;
  return [
    { name, db: indexed },
    { name: `${name}, per-row settings`, db: indexed, policy: { settings: 'per-row' } },
    { name: `${name}, no index`, db: scanned },
    { name: `${name}, no index, per-row settings`, db: scanned, policy: { settings: 'per-row' } },
  ];
}

const targets = await variants('PGlite', (indexes) => openPglite({ sql: { indexes } }));
const server = await findServer();
if (server.kind === 'found') {
  targets.push(
    ...(await variants('PostgreSQL', (indexes) =>
      connectPg(server.url, {
        schema: `scope_bench_${indexes ? 'indexed' : 'scanned'}_${process.pid}`,
        sql: { indexes },
      }),
    )),
  );
} else {
  process.stderr.write(`no server figures: ${server.reason}\n`);
}
try {
  process.stdout.write(`${formatDbBench(await benchDb({ state: largeState(items), targets }))}\n`);
} finally {
  for (const db of new Set(targets.map((target) => target.db))) await db.close();
}
