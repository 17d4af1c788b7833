/**
 * The scoped store in PGlite (PostgreSQL compiled to WebAssembly), in Node and in the browser.
 * PGlite has one user, a superuser, which row-level security never applies to: every scoped read
 * therefore switches to the reader role (SET LOCAL ROLE), and readAsSuperuser() shows what it skips.
 */
import { PGlite } from '@electric-sql/pglite';
import type { SchemaOptions } from '../core/sql';
import { type ScopeDb, type SqlDriver, installSchema, scopeDb } from './scopeDb';

/** The PGlite instance itself, for a view that runs its own SQL beside the scoped reads. */
export interface PgliteScopeDb extends ScopeDb {
  readonly pglite: PGlite;
}

/** Adapt a PGlite instance to the shared driver interface. */
export function pgliteDriver(pglite: PGlite): SqlDriver {
  return {
    query: async (text, params) => (await pglite.query<Record<string, unknown>>(text, [...params])).rows,
    exec: async (script) => {
      await pglite.exec(script);
    },
    transaction: (fn) =>
      pglite.transaction((tx) =>
        fn({
          query: async (text, params) => (await tx.query<Record<string, unknown>>(text, [...params])).rows,
        }),
      ),
    close: () => pglite.close(),
  };
}

/**
 * Open a scoped store in PGlite: a new in-memory instance unless one is given, with the schema (tables,
 * reader role, policy; made as `sql` says) installed afresh. Creating an instance takes seconds; reuse it and load() states.
 */
export async function openPglite(options: { pglite?: PGlite; sql?: SchemaOptions } = {}): Promise<PgliteScopeDb> {
  const pglite = options.pglite ?? (await PGlite.create());
  const driver = pgliteDriver(pglite);
  await installSchema(driver, options.sql);
  return { ...scopeDb(driver), pglite };
}
