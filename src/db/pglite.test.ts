/**
 * PostgreSQL row-level security in PGlite gives exactly the in-memory store's reads. Always runs:
 * one PGlite instance for the file (creating one takes seconds), its tables reloaded for each state.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { READER_ROLE, unscopedReadStatements } from '../core/sql';
import { openPglite, type PgliteScopeDb } from './pglite';
import { benchDb, largeState } from './settingsBench';
import { describeScopeDb } from './testing/suite';

let pglite: PGlite;
beforeAll(async () => {
  pglite = await PGlite.create();
}, 60_000);

// These run first, on the fresh session: the NULL-then-'' test needs one that never set a principal.
describe('PGlite as the superuser', () => {
  let db: PgliteScopeDb;
  beforeAll(async () => {
    db = await openPglite({ pglite });
  });

  it('is a superuser, which is why every read must switch to the reader role', async () => {
    const rows = (
      await db.pglite.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = current_user')
    ).rows;
    expect(rows).toEqual([{ rolsuper: true }]);
    const reader = (
      await db.pglite.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
        'select rolsuper, rolbypassrls from pg_roles where rolname = $1',
        [READER_ROLE],
      )
    ).rows;
    expect(reader).toEqual([{ rolsuper: false, rolbypassrls: false }]);
  });

  it('reads a setting as NULL before any transaction set it and as "" after one did: both mean unset', async () => {
    const setting = async () =>
      (await db.pglite.query<{ v: string | null }>("select current_setting('app.user', true) as v")).rows[0]!.v;
    expect(await setting()).toBeNull();
    await db.readVisible({ user: 'bob', task: 'task-17', agent: 'planner' });
    expect(await setting()).toBe('');
  });

  it('makes every read transaction read-only, so even the superuser cannot write in one', async () => {
    const [setup] = unscopedReadStatements(null);
    await expect(
      db.pglite.transaction(async (tx) => {
        await tx.query(setup!.text, [...setup!.params]);
        await tx.query("insert into items (seq, id, scope, text, source) values (1, 'x', 'app', 'x', 'written')");
      }),
    ).rejects.toThrow(/read-only transaction/);
  });

  it('lets the reader role read but never write', async () => {
    await expect(
      db.pglite.transaction(async (tx) => {
        await tx.query(`set local role ${READER_ROLE}`);
        await tx.query("insert into items (seq, id, scope, text, source) values (1, 'x', 'app', 'x', 'written')");
      }),
    ).rejects.toThrow(/permission denied/);
  });
});

describe('the benchmark on PGlite', () => {
  it('times PGlite with the settings once and per row, and leaves the default policy', async () => {
    const db = await openPglite({ pglite });
    const report = await benchDb({
      state: largeState(300),
      rounds: 1,
      targets: [
        { name: 'PGlite', db },
        { name: 'PGlite, per-row', db, policy: { settings: 'per-row' } },
      ],
    });
    expect(report.rows.map((row) => row.engine)).toEqual(['in-memory store', 'PGlite', 'PGlite, per-row']);
    expect(await db.explainVisible(null)).toContain('InitPlan');
  });
});

// Last: the suite closes the instance when it is done.
describeScopeDb('PGlite', () => openPglite({ pglite }));
