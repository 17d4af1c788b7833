/**
 * The scoped store on a PostgreSQL server through node-postgres (Node only: tests and benchmarks).
 * Connect as a role that is not a superuser and may SET ROLE to the reader (scripts/pg-server.sh
 * creates one); it then owns the tables, and an owner, like a superuser, bypasses row-level security.
 */
import pg from 'pg';
import { READER_ROLE, type SchemaOptions } from '../core/sql';
import { type ScopeDb, type SqlDriver, installSchema, scopeDb } from './scopeDb';

/**
 * Adapt one node-postgres client (one connection) to the shared driver interface. Calls run one at a
 * time, as PGlite's do: two transactions interleaved on one connection would be one transaction.
 */
export function pgDriver(client: pg.Client): SqlDriver {
  // A connection lost between queries is an 'error' event; unheard it would crash the process, so keep
  // it and report it from the next query instead.
  let lost: Error | null = null;
  client.on('error', (error) => {
    lost = error;
  });
  const query = async (text: string, params: readonly unknown[]) => {
    if (lost !== null) throw lost;
    return (await client.query<Record<string, unknown>>(text, [...params])).rows;
  };
  let last: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work, work);
    // The queue only waits for `next` to settle; its error still reaches the caller through `next`.
    last = next.catch(() => undefined);
    return next;
  };
  return {
    query: (text, params) => serially(() => query(text, params)),
    exec: (script) =>
      serially(async () => {
        await query(script, []);
      }),
    transaction: (fn) =>
      serially(async () => {
        await query('begin', []);
        try {
          const result = await fn({ query });
          await query('commit', []);
          return result;
        } catch (error) {
          await query('rollback', []);
          throw error;
        }
      }),
    close: () => serially(() => client.end()),
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Connect to `url` and install the store's schema afresh, made as `sql` says. With `schema`, the tables
 * live in that PostgreSQL schema (created if missing, dropped on close), so runs on one database do not meet.
 */
export async function connectPg(url: string, options: { schema?: string; sql?: SchemaOptions } = {}): Promise<ScopeDb> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema))
    throw new Error(`schema name must match ${SCHEMA_NAME.source}`);
  const client = new pg.Client({ connectionString: url });
  const driver = pgDriver(client);
  await client.connect();
  if (schema !== undefined) await driver.exec(`create schema if not exists ${schema}; set search_path to ${schema}`);
  await installSchema(driver, options.sql);
  // The reader needs to reach the schema too; public is open to every role already.
  if (schema !== undefined) await driver.exec(`grant usage on schema ${schema} to ${READER_ROLE}`);
  const db = scopeDb(driver);
  return {
    ...db,
    async close() {
      if (schema !== undefined) await driver.exec(`drop schema ${schema} cascade`);
      await db.close();
    },
  };
}
