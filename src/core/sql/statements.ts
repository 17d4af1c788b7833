/**
 * Parameterised statements for the drivers: load a store state, read as a principal, and turn rows
 * back into items. Values always travel as parameters; the text of every statement is constant.
 */
import { type Agent, type Item, type Principal, type Scope, SCOPES } from '../store/entities';
import type { ContextStore } from '../store/store';
import type { Timeline } from '../replay/replayText';
import { itemsAt } from '../timeline/timeline';
import { PRINCIPAL_SETTINGS } from './policy';
import { READER_ROLE } from './schema';

/** One statement: constant text with $1, $2, ... placeholders, and the values for them. */
export interface SqlStatement {
  text: string;
  params: readonly unknown[];
}

/** What a database needs to answer reads the way a store does: its agents and its items. */
export interface StoreState {
  agents: readonly Agent[];
  items: readonly Item[];
}

/** The state after timeline entry `index` (the same entry storeAt() shows). */
export function stateAt(timeline: Timeline, index: number): StoreState {
  const entry = timeline.entries[Math.max(0, Math.min(index, timeline.entries.length - 1))]!;
  return { agents: timeline.agents, items: itemsAt(timeline, entry.index) };
}

/** The state a store holds now. */
export function stateOf(store: ContextStore): StoreState {
  return { agents: [...store.agents.values()], items: store.items() };
}

/** Item columns in the order every read selects them. */
export const ITEM_COLUMNS = 'seq, id, scope, text, user_id, task_id, agent_id, source';

/** A value PostgreSQL cannot store: a state holding one cannot be loaded. */
export class UnstorableValueError extends Error {
  override name = 'UnstorableValueError';
}

// PostgreSQL text holds no NUL character, and jsonb refuses a lone UTF-16 surrogate; a JavaScript string may hold either.
// oxlint-disable-next-line no-control-regex -- the seed's (Python's) character classes name these control characters on purpose
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `state` cannot be stored in PostgreSQL, or null when it can. */
export function unstorableReason(state: StoreState): string | null {
  for (const item of state.items) {
    for (const [field, value] of [
      ['text', item.text],
      ['source', item.source],
    ] as const) {
      if (UNSTORABLE.test(value)) {
        return `item ${item.id} (seq ${item.seq}): its ${field} holds a NUL character or a lone surrogate, which PostgreSQL text cannot store`;
      }
    }
  }
  return null;
}

/**
 * Replace whatever the tables hold with `state`: one statement per table, the rows as one JSON
 * parameter. Throws UnstorableValueError for text PostgreSQL cannot hold (see unstorableReason).
 */
export function loadStatements(state: StoreState): SqlStatement[] {
  const problem = unstorableReason(state);
  if (problem !== null) throw new UnstorableValueError(problem);
  const agents = state.agents.map((agent) => ({ name: agent.name, reads: agent.reads }));
  const items = state.items.map((item) => ({
    seq: item.seq,
    id: item.id,
    scope: item.scope,
    text: item.text,
    user_id: item.user,
    task_id: item.task,
    agent_id: item.agent,
    source: item.source,
  }));
  return [
    // delete, not truncate: truncate gives the table and each index new files, about 20 ms in PGlite
    // against 1 ms for a small table, and the tests load hundreds of states.
    { text: 'delete from items', params: [] },
    { text: 'delete from agents', params: [] },
    {
      text: 'insert into agents (name, reads) select name, reads from jsonb_to_recordset($1::jsonb) as a(name text, reads text[])',
      params: [JSON.stringify(agents)],
    },
    {
      text: `insert into items (${ITEM_COLUMNS}) select ${ITEM_COLUMNS} from jsonb_to_recordset($1::jsonb)
  as i(seq integer, id text, scope text, text text, user_id text, task_id text, agent_id text, source text)`,
      params: [JSON.stringify(items)],
    },
  ];
}

/** Every item in insertion order; the policy decides which rows a reader gets. */
export const SELECT_ITEMS = `select ${ITEM_COLUMNS} from items order by seq`;

/** The name under which a session may prepare SELECT_ITEMS. */
export const READ_STATEMENT_NAME = 'scope_read_items';

/**
 * Prepare SELECT_ITEMS once per session, so a read does not plan it again. The plan stays correct:
 * the settings are read when it runs, and PostgreSQL re-plans a statement under row-level security
 * when the role or the policy changes.
 */
export const PREPARE_READ_SQL = `prepare ${READ_STATEMENT_NAME} as ${SELECT_ITEMS}`;

function localSettings(principal: Principal | null, reader: boolean): SqlStatement {
  // set_config(name, value, true) is SET LOCAL: the value ends with the transaction, so it never leaks
  // into the next one on a pooled connection. set_config('role', ..., true) is SET LOCAL ROLE, and
  // 'transaction_read_only' is SET TRANSACTION READ ONLY; one statement does all, one round trip.
  const settings = ["set_config('transaction_read_only', 'on', true)"];
  if (principal !== null) {
    settings.push(
      `set_config('${PRINCIPAL_SETTINGS.user}', $1, true)`,
      `set_config('${PRINCIPAL_SETTINGS.task}', $2, true)`,
      `set_config('${PRINCIPAL_SETTINGS.agent}', $3, true)`,
    );
  }
  if (reader) settings.push(`set_config('role', '${READER_ROLE}', true)`);
  return {
    text: `select ${settings.join(',\n       ')}`,
    params: principal === null ? [] : [principal.user, principal.task, principal.agent],
  };
}

/**
 * The statements of one scoped read, to run in order inside one transaction: make it read-only, give
 * it the principal (as parameters) and the reader role, then select. The last statement's rows are
 * what `principal` may read, as store.visible(principal) returns them. With no principal nothing is
 * set, and the policy sees NULL (or '' after an earlier transaction): only app rows. With `prepared`,
 * the select runs as the statement PREPARE_READ_SQL prepared in this session.
 */
export function readStatements(principal: Principal | null, options: { prepared?: boolean } = {}): SqlStatement[] {
  const select = options.prepared ? `execute ${READ_STATEMENT_NAME}` : SELECT_ITEMS;
  return [localSettings(principal, true), { text: select, params: [] }];
}

/**
 * The same read without the reader role: what the connecting role sees. In PGlite that is a superuser,
 * on a server the tables' owner; both bypass row-level security, so every row comes back whatever the
 * principal.
 */
export function unscopedReadStatements(principal: Principal | null = null): SqlStatement[] {
  return [localSettings(principal, false), { text: SELECT_ITEMS, params: [] }];
}

/** A row as a driver returns it. */
export type ItemRow = Record<string, unknown>;

function text(row: ItemRow, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw new Error(`items.${column}: expected text, got ${JSON.stringify(value)}`);
  return value;
}

function nullableText(row: ItemRow, column: string): string | null {
  return row[column] === null ? null : text(row, column);
}

/** A row of SELECT_ITEMS as the store's Item; a row that does not fit is a programmer error and throws. */
export function rowToItem(row: ItemRow): Item {
  const scope = text(row, 'scope');
  if (!(SCOPES as readonly string[]).includes(scope)) throw new Error(`items.scope: unknown scope ${scope}`);
  const seq = row.seq;
  if (typeof seq !== 'number' || !Number.isInteger(seq))
    throw new Error(`items.seq: expected an integer, got ${JSON.stringify(seq)}`);
  return {
    id: text(row, 'id'),
    scope: scope as Scope,
    text: text(row, 'text'),
    user: nullableText(row, 'user_id'),
    task: nullableText(row, 'task_id'),
    agent: nullableText(row, 'agent_id'),
    source: text(row, 'source'),
    seq,
  };
}
