/**
 * npm run vector:dump: write the vector lesson's database, fixtures/vector/chunks.tar.gz, a PGlite data
 * directory with pgvector, the 40,000 chunks of src/core/vector/data.ts, their HNSW index (pgvector's
 * defaults) and the row-level-security policy (VECTOR_SCHEMA). The page and `replay --check` load it
 * as it is: no insert runs at lesson time. The rows are the same on every run; the index graph is not
 * (HNSW draws each node's level at random), so the figures the lesson shows are those of the shipped file.
 *
 * The file is kept small: the table and index are written in the transaction that creates them with
 * wal_level = minimal (so they skip the write-ahead log), and the log segments a checkpoint no longer
 * needs are removed instead of recycled.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { CHUNK_COUNT, vectorData, vectorLiteral } from '../src/core/vector/data';
import { VECTOR_SCHEMA } from '../src/core/vector/queries';
import { VECTOR_DUMP_PATH } from '../src/db/vectorDump';

const started = performance.now();
const first = await PGlite.create({ extensions: { vector } });
await first.exec("ALTER SYSTEM SET wal_level = 'minimal'; ");
await first.exec('ALTER SYSTEM SET max_wal_senders = 0;');
await first.exec('ALTER SYSTEM SET wal_recycle = off;');
const settings = await first.dumpDataDir('none');
await first.close();

const db = await PGlite.create({ extensions: { vector }, loadDataDir: settings });
const { chunks } = vectorData();
const [extension, table, index, ...access] = VECTOR_SCHEMA;
await db.exec(`BEGIN; ${extension} ${table}`);
const BATCH = 4000;
for (let i = 0; i < chunks.length; i += BATCH) {
  const values = chunks
    .slice(i, i + BATCH)
    .map((chunk) => `(${chunk.id},'${chunk.owner}','${vectorLiteral(chunk.embedding)}')`);
  await db.exec(`INSERT INTO chunks VALUES ${values.join(',')};`);
}
await db.exec(`${index} ${access.join(' ')} COMMIT;`);
await db.exec('ANALYZE chunks;');
// Start a fresh log segment, so the checkpoint's redo point leaves initdb's segment behind.
await db.query('SELECT pg_switch_wal()');
await db.exec('CHECKPOINT;');
const count = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chunks')).rows[0]!.n;
if (count !== CHUNK_COUNT) throw new Error(`expected ${CHUNK_COUNT} chunks, found ${count}`);
const redo = (await db.query<{ redo: string }>('SELECT redo_wal_file AS redo FROM pg_control_checkpoint()')).rows[0]!
  .redo;
const tar = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
await db.close();
const kept = withoutEntries(tar, (name) => {
  const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
  return segment !== undefined && segment < redo;
});
const gzipped = gzipSync(kept, { level: 9 });
mkdirSync('fixtures/vector', { recursive: true });
writeFileSync(VECTOR_DUMP_PATH, gzipped);
console.log(
  `${VECTOR_DUMP_PATH}: ${count} chunks, ${(gzipped.length / 1024).toFixed(0)} KiB, made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);

/**
 * A tar archive without the entries `drop` names: here the write-ahead-log segments before the last
 * checkpoint's redo point, which PostgreSQL no longer needs but PGlite's dump keeps (3 MB compressed).
 */
function withoutEntries(archive: Uint8Array, drop: (name: string) => boolean): Uint8Array {
  const text = (from: number, length: number) =>
    new TextDecoder().decode(archive.subarray(from, from + length)).replace(/\0.*$/s, '');
  const parts: Uint8Array[] = [];
  let at = 0;
  while (at + 512 <= archive.length && archive[at] !== 0) {
    const prefix = text(at + 345, 155);
    const name = prefix === '' ? text(at, 100) : `${prefix}/${text(at, 100)}`;
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    if (!drop(name)) parts.push(archive.subarray(at, end));
    at = end;
  }
  parts.push(new Uint8Array(1024));
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
