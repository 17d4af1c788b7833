/**
 * The scoped store in PostgreSQL, over any driver that can run parameterised statements in a
 * transaction. pglite.ts and pg.ts adapt a driver to SqlDriver; everything else is shared.
 */
import type { Item, Principal } from '../core/store/entities';
import {
  DROP_SQL,
  type PolicyOptions,
  PREPARE_READ_SQL,
  READ_STATEMENT_NAME,
  type SqlStatement,
  type StoreState,
  loadStatements,
  readStatements,
  replacePolicySql,
  rowToItem,
  type SchemaOptions,
  schemaSql,
  SELECT_ITEMS,
  unscopedReadStatements,
} from '../core/sql';

/** Runs one statement and returns its rows. */
export interface SqlQuery {
  query(text: string, params: readonly unknown[]): Promise<Array<Record<string, unknown>>>;
}

/** What an adapter provides: statements, scripts of several statements, and transactions. */
export interface SqlDriver extends SqlQuery {
  /** Run a script of several statements without parameters. */
  exec(script: string): Promise<void>;
  /** Run `fn` inside BEGIN ... COMMIT; roll back and rethrow if it throws. */
  transaction<T>(fn: (tx: SqlQuery) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The scoped store as a database: load a state, then read it as principals. */
export interface ScopeDb {
  /** Replace the tables' contents with `state` (agents and items), in one transaction. */
  load(state: StoreState): Promise<void>;
  /** The rows row-level security lets `principal` read (null: no principal set), in insertion order. */
  readVisible(principal: Principal | null): Promise<Item[]>;
  /**
   * What the connecting role sees without SET ROLE, even with `principal` set: every row. PGlite
   * connects as a superuser; the server tests connect as the tables' owner. Both bypass the policy.
   */
  readAsSuperuser(principal?: Principal | null): Promise<Item[]>;
  /** EXPLAIN of the scoped read, as the reader, for the teaching view (InitPlan versus per-row calls). */
  explainVisible(principal: Principal | null): Promise<string>;
  /** The server's version, "15.18" or "18.7" (PGlite's PostgreSQL). */
  serverVersion(): Promise<string>;
  /** Replace the read policy (another settings style, or a read rule switched off). */
  setPolicy(options: PolicyOptions): Promise<void>;
  close(): Promise<void>;
}

async function run(tx: SqlQuery, statements: readonly SqlStatement[]): Promise<Array<Record<string, unknown>>> {
  let rows: Array<Record<string, unknown>> = [];
  for (const statement of statements) rows = await tx.query(statement.text, statement.params);
  return rows;
}

/**
 * Drop any earlier tables of the store and create them afresh, made as `options` say, then
 * prepare the read for this session (a statement prepared over the dropped tables goes first).
 */
export async function installSchema(driver: SqlDriver, options: SchemaOptions = {}): Promise<void> {
  const earlier = await driver.query('select 1 from pg_prepared_statements where name = $1', [READ_STATEMENT_NAME]);
  if (earlier.length > 0) await driver.exec(`deallocate ${READ_STATEMENT_NAME}`);
  await driver.exec(`${DROP_SQL}\n${schemaSql(options)}`);
  await driver.exec(PREPARE_READ_SQL);
}

/** A ScopeDb over a driver whose session has the schema installed and the read prepared (see installSchema). */
export function scopeDb(driver: SqlDriver): ScopeDb {
  return {
    async load(state) {
      await driver.transaction((tx) => run(tx, loadStatements(state)));
    },
    async readVisible(principal) {
      const rows = await driver.transaction((tx) => run(tx, readStatements(principal, { prepared: true })));
      return rows.map(rowToItem);
    },
    async readAsSuperuser(principal = null) {
      const rows = await driver.transaction((tx) => run(tx, unscopedReadStatements(principal)));
      return rows.map(rowToItem);
    },
    async explainVisible(principal) {
      const statements = readStatements(principal).slice(0, -1);
      const rows = await driver.transaction((tx) =>
        run(tx, [...statements, { text: `explain (costs off) ${SELECT_ITEMS}`, params: [] }]),
      );
      return rows.map((row) => String(row['QUERY PLAN'])).join('\n');
    },
    async serverVersion() {
      const [row] = await driver.query("select current_setting('server_version') as version", []);
      return String(row?.version);
    },
    async setPolicy(options) {
      await driver.exec(replacePolicySql(options));
    },
    close: () => driver.close(),
  };
}
