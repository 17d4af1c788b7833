/**
 * The schema: items and agents tables, the reader role, and the read policy, as PostgreSQL 15 text.
 * Pure text generation; the drivers in src/db run it.
 */
import { type PolicyOptions, policyExpression } from './policy';

/**
 * The role every scoped read runs as (SET LOCAL ROLE). It owns nothing and cannot bypass row-level
 * security: a superuser (PGlite always connects as one) and a table's owner skip every policy, so a
 * read as either would return every row whatever principal is set.
 */
export const READER_ROLE = 'scope_reader';

/** The policy's name on the items table. */
export const POLICY_NAME = 'items_scoped_read';

const ROLE_SQL = `-- The reader role. NOLOGIN here; an administrator may create it as a LOGIN role instead
-- (scripts/pg-server.sh does), so an application can also connect as it directly.
do $$
begin
  if not exists (select from pg_catalog.pg_roles where rolname = '${READER_ROLE}') then
    create role ${READER_ROLE} nologin nosuperuser nobypassrls;
  end if;
end
$$;`;

const TABLES_SQL = `-- Each agent's readable scopes (the seed's Agent.reads); every agent reads its own agent scope.
create table agents (
  name text primary key,
  reads text[] not null
    check (reads <@ array['app', 'user', 'task', 'agent'] and 'agent' = any (reads))
);

-- Context items. seq is the insertion order, so rows come back in the order the store keeps them;
-- id alone is not a key, since two users may use the same item ID.
create table items (
  seq integer primary key,
  id text not null,
  scope text not null check (scope in ('app', 'user', 'task', 'agent')),
  text text not null,
  user_id text,
  task_id text,
  agent_id text,
  source text not null,
  -- The store fills an item's keys from the writer's principal, as far as its scope reaches; a user
  -- item imported with no owner has no user_id, and the policy gives it to no one.
  constraint items_keys_follow_scope check (case scope
    when 'app' then user_id is null and task_id is null and agent_id is null
    when 'user' then task_id is null and agent_id is null
    when 'task' then user_id is not null and task_id is not null and agent_id is null
    else user_id is not null and task_id is not null and agent_id is not null end),
  -- Unique among app items and within each user's items (the seed's per-user duplicate check).
  constraint items_id_per_owner unique nulls not distinct (user_id, id)
);`;

const INDEXES_SQL = `-- Lets a read touch only the principal's own rows (and the app rows) instead of the whole table.
create index items_by_owner on items (user_id, task_id, agent_id);
create index items_app on items (seq) where scope = 'app';`;

/** What the schema is made with: the policy's options, and whether to index. */
export interface SchemaOptions extends PolicyOptions {
  /**
   * false leaves the indexes out, so every read scans the whole table: for the benchmark and the
   * teaching view, where it shows what the index saves and where the per-row settings trap bites.
   */
  indexes?: boolean;
}

/** CREATE POLICY for the read rule; the principal comes from settings, never from the text. */
export function policySql(options: PolicyOptions = {}): string {
  const expression = policyExpression(options)
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  return `create policy ${POLICY_NAME} on items
  for select
  to ${READER_ROLE}
  using (
${expression}
  );`;
}

/** Drop and re-create the read policy, e.g. with a rule switched off for the teaching view. */
export function replacePolicySql(options: PolicyOptions = {}): string {
  return `drop policy if exists ${POLICY_NAME} on items;\n${policySql(options)}`;
}

/** Everything that makes an empty schema a scoped store, as one script (no transaction control in it). */
export function schemaSql(options: SchemaOptions = {}): string {
  return `${ROLE_SQL}

${TABLES_SQL}
${options.indexes === false ? '' : `\n${INDEXES_SQL}\n`}
-- Row-level security: without a policy that admits a row, a non-owner reads nothing.
alter table items enable row level security;
grant select on agents, items to ${READER_ROLE};

-- The seed's read rule: app rows for all; then the user must match (user scope); then the task
-- (task scope); or the agent. And the item's scope must be one the agent declares it reads.
-- Each current_setting() is wrapped in a sub-select, which PostgreSQL evaluates once per query;
-- a bare call would be made again for every row.
${policySql(options)}
`;
}

/** Drop the tables (and with them the policy), so schemaSql() can run again. */
export const DROP_SQL = 'drop table if exists items;\ndrop table if exists agents;';

/** The file printed by `npm run sql`. */
export function schemaFile(options: SchemaOptions = {}): string {
  return `-- Scoped context store: users, tasks and agents read only their own items,
-- enforced by PostgreSQL row-level security. PostgreSQL 15 or later.
--
--   psql --single-transaction -v ON_ERROR_STOP=1 -f scope.sql
--
-- Run it as a role that may create roles, or after an administrator has created ${READER_ROLE}.
-- Read inside a transaction, with the principal as transaction-local settings, as the reader:
--
--   begin;
--   select set_config('transaction_read_only', 'on', true),  -- set transaction read only
--          set_config('app.user', $1, true),                  -- set local app.user = $1
--          set_config('app.task', $2, true),
--          set_config('app.agent', $3, true),
--          set_config('role', '${READER_ROLE}', true);          -- set local role ${READER_ROLE}
--   select seq, id, scope, text, user_id, task_id, agent_id, source from items order by seq;
--   commit;
--
-- Pass the principal as parameters, from the authenticated session, never spliced into the text.
-- Without it a read sees only app items; with an unknown agent it sees nothing.

${schemaSql(options)}`;
}
