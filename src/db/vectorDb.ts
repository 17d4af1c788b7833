/**
 * The vector lesson's database: PGlite with pgvector, loaded from the shipped data directory
 * (fixtures/vector/chunks.tar.gz; no row is inserted at lesson time), and the lesson's queries run in
 * it, each in its own transaction: its settings, then EXPLAIN ANALYZE, then the query itself. The same
 * code runs in Node (the command line, the tests) and in the page; the caller supplies the dump and,
 * in the page, PGlite's own files (pgliteFiles.ts).
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { RawOutcome, VectorRow } from '../core/vector/outcome';
import { ownSettings, STRATEGIES, strategySettings, vectorQuery, type VectorQuery } from '../core/vector/queries';
import type { VectorScenario } from '../core/vector/scenario';
import { runVector, type VectorRun } from '../core/vector/run';

/** Open the shipped database from its gzipped tarball's bytes (PGlite tells a gzipped one by its type). */
export async function openVectorDb(
  dump: Uint8Array<ArrayBuffer>,
  options: Omit<PGliteOptions, 'loadDataDir'> = {},
): Promise<PGlite> {
  // A server that sent the file with Content-Encoding: gzip hands over the tarball itself.
  const gzipped = dump[0] === 0x1f && dump[1] === 0x8b;
  const loadDataDir = new Blob([dump], { type: gzipped ? 'application/x-gzip' : 'application/x-tar' });
  return PGlite.create({ ...options, extensions: { ...options.extensions, vector }, loadDataDir });
}

/** Run one query: its rows, and its plan with the actual row counts (no costs, no timings: the same every run). */
export async function runVectorQuery(db: PGlite, query: VectorQuery): Promise<RawOutcome> {
  return db.transaction(async (tx) => {
    for (const statement of query.setup) await tx.exec(statement);
    if (query.role !== null) await tx.exec(`SET LOCAL ROLE ${query.role}`);
    const explained = await tx.query<Record<string, string>>(
      `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF, BUFFERS OFF) ${query.sql}`,
    );
    const rows = await tx.query<VectorRow>(query.sql);
    return {
      rows: rows.rows.map((row) => ({ id: Number(row.id), owner: String(row.owner), distance: Number(row.distance) })),
      plan: explained.rows.map((row) => String(Object.values(row)[0])),
    };
  });
}

/** The five strategies and the learner's own query, run for `scenario`. */
export async function runVectorScenario(db: PGlite, scenario: VectorScenario): Promise<VectorRun> {
  const strategies: RawOutcome[] = [];
  for (const strategy of STRATEGIES)
    strategies.push(await runVectorQuery(db, vectorQuery(scenario, strategySettings(strategy))));
  const own = await runVectorQuery(db, vectorQuery(scenario, ownSettings(scenario)));
  return runVector(scenario, strategies, own);
}
