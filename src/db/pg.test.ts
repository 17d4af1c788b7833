/**
 * The same equivalence suite against a real PostgreSQL server (15 on Debian), plus what only a server
 * shows: roles that log in. Runs when PG_TEST_URL is set or scripts/pg-server.sh has a server up;
 * otherwise it is skipped, and says how to run it.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { makePrincipal } from '../core/store/entities';
import { READER_ROLE, readStatements, stateAt } from '../core/sql';
import { replayOk, seedScenario } from '../core/testing/fixtures';
import { connectPg } from './pg';
import type { ScopeDb } from './scopeDb';
import { findServer } from './serverUrl';
import { describeScopeDb } from './testing/suite';

const server = await findServer();
const BOB = makePrincipal('bob', 'task-17', 'planner');

async function client(url: string): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  return c;
}

if (server.kind === 'none') {
  process.stderr.write(`PostgreSQL server suite skipped: ${server.reason}\n`);
  describe.skip(`PostgreSQL server (skipped: ${server.reason})`, () => {
    it('compares row-level security on the server with store.visible', () => {});
  });
} else {
  const { url, readerUrl } = server;
  // One schema per run and file, so runs that share a database never meet.
  describeScopeDb(`PostgreSQL server (${server.from})`, () => connectPg(url, { schema: `scope_rls_${process.pid}` }));

  describe('PostgreSQL server roles', () => {
    let db: ScopeDb;
    const schema = `scope_roles_${process.pid}`;
    const seed = replayOk(seedScenario());
    beforeAll(async () => {
      db = await connectPg(url, { schema });
      await db.load(stateAt(seed, 6));
    }, 60_000);
    afterAll(async () => {
      await db?.close();
    });

    it('connects as a role that is neither a superuser nor able to bypass row-level security', async () => {
      const c = await client(url);
      try {
        const { rows } = await c.query(
          "select rolsuper, rolbypassrls, pg_has_role(current_user, $1, 'member') as reader from pg_roles where rolname = current_user",
          [READER_ROLE],
        );
        expect(rows).toEqual([{ rolsuper: false, rolbypassrls: false, reader: true }]);
      } finally {
        await c.end();
      }
    });

    it('shows the owner every row: owners skip row-level security unless it is forced', async () => {
      expect(await db.readAsSuperuser(BOB)).toHaveLength(stateAt(seed, 6).items.length);
    });

    it.skipIf(readerUrl === null)(
      'applies the policy to the reader logging in directly, without SET ROLE',
      async () => {
        const c = await client(readerUrl!);
        try {
          await c.query(`set search_path to ${schema}`);
          await c.query('begin');
          const [setup] = readStatements(BOB);
          // Only the principal: the session is already the reader.
          await c.query(
            "select set_config('app.user', $1, true), set_config('app.task', $2, true), set_config('app.agent', $3, true)",
            setup!.params as string[],
          );
          const { rows } = await c.query('select id from items order by seq');
          expect(rows.map((row) => row.id)).toEqual(['app-policy', 'bob-style', 'bob-export-plan', 'planner-scratch']);
          await c.query('commit');
          await expect(
            c.query("insert into items (seq, id, scope, text, source) values (99, 'x', 'app', 'x', 'written')"),
          ).rejects.toThrow(/permission denied/);
        } finally {
          await c.end();
        }
      },
    );

    it('loads the file `npm run sql` prints, as the owner, on this server', async () => {
      const sql = execFileSync('node', ['--import', 'tsx', 'cli/sql.ts'], { encoding: 'utf8' });
      const c = await client(url);
      const fresh = `scope_file_${process.pid}`;
      try {
        await c.query('begin');
        await c.query(`create schema ${fresh}; set local search_path to ${fresh}`);
        await c.query(sql);
        const { rows } = await c.query("select polname from pg_policy where polrelid = 'items'::regclass");
        expect(rows).toEqual([{ polname: 'items_scoped_read' }]);
      } finally {
        await c.query('rollback');
        await c.end();
      }
    });
  });
}
