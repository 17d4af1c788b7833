/**
 * A conformance adapter over PostgreSQL row-level security, with the schema, policy and reader role
 * that `npm run sql` prints. Every read runs as the reader role with the principal in transaction-local
 * settings, so the policy decides what a query (and a handoff's readable check) sees; writes are made
 * by the connecting role, which owns the tables.
 *
 *   npm run --silent conform -- --exec "node --import tsx conformance/adapters/postgres.ts [--owner-reads]"
 *
 * The server is PG_TEST_URL (scripts/pg-server.sh start prints one). --owner-reads is the pinned-identity
 * trap on purpose: reads stay as the connecting role, the tables' owner, which row-level security skips.
 */
import pg from 'pg';
import { pgDriver } from '../../src/db/pg';
import { installSchema, type SqlDriver, type SqlQuery } from '../../src/db/scopeDb';
import { loadStatements, READER_ROLE, readStatements, rowToItem, unscopedReadStatements } from '../../src/core/sql';
import {
  type Agent,
  type Item,
  type Principal,
  identifier,
  makeAgent,
  makePrincipal,
} from '../../src/core/store/entities';
import { isBlank } from '../../src/core/python/strings';
import { answering, principalOf, Refused, runAdapter } from './adapterBase';
import { type Line, serveLines } from './serve';

const url = process.env.PG_TEST_URL;
const ownerReads = process.argv.includes('--owner-reads');
if (url === undefined || process.argv.slice(2).some((arg) => arg !== '--owner-reads')) {
  process.stderr.write('usage: PG_TEST_URL=postgres://... postgres.ts [--owner-reads]\n');
  process.exit(2);
}

const client = new pg.Client({ connectionString: url });
const driver: SqlDriver = pgDriver(client);
const schema = `conform_${process.pid}`;
let agents = new Map<string, Agent>();
let seq = 0;

async function run(tx: SqlQuery, statements: ReturnType<typeof readStatements>) {
  let rows: Array<Record<string, unknown>> = [];
  for (const s of statements) rows = await tx.query(s.text, s.params);
  return rows;
}

/** What `principal` may read, in insertion order: the policy's answer (or, with --owner-reads, every row). */
async function read(principal: Principal): Promise<Item[]> {
  const statements = ownerReads ? unscopedReadStatements(principal) : readStatements(principal, { prepared: true });
  return (await driver.transaction((tx) => run(tx, statements))).map(rowToItem);
}

/** Validate one new item of `owner`: the seed's _prepare, asking the table for duplicates. */
async function prepare(
  tx: SqlQuery,
  owner: Principal,
  scope: unknown,
  id: unknown,
  text: unknown,
  source: string,
): Promise<Item> {
  if (scope !== 'user' && scope !== 'task' && scope !== 'agent')
    throw new Refused('principals write user, task or agent items; app items come from configuration');
  const itemId = identifier(id, 'item.id');
  const taken = await tx.query('select 1 from items where id = $1 and (user_id is null or user_id = $2)', [
    itemId,
    owner.user,
  ]);
  if (taken.length > 0) throw new Refused(`duplicate item id ${itemId}`);
  if (typeof text !== 'string' || isBlank(text)) throw new Refused('item text must be nonblank');
  return {
    id: itemId,
    scope,
    text,
    user: owner.user,
    task: scope === 'user' ? null : owner.task,
    agent: scope === 'agent' ? owner.agent : null,
    source,
    seq: seq++,
  };
}

async function insert(tx: SqlQuery, items: readonly Item[]) {
  for (const item of items) {
    await tx.query(
      'insert into items (seq, id, scope, text, user_id, task_id, agent_id, source) values ($1, $2, $3, $4, $5, $6, $7, $8)',
      [item.seq, item.id, item.scope, item.text, item.user, item.task, item.agent, item.source],
    );
  }
}

async function handle(line: Line): Promise<Record<string, unknown>> {
  switch (line.op) {
    case 'reset': {
      agents = new Map(
        (line.agents as Line[]).map((a) => [
          String(a.name),
          makeAgent(a.name, String(a.role), a.tools as string[], a.reads as string[]),
        ]),
      );
      seq = 0;
      const configuration = (line.configuration as Array<{ id: string; text: string }>).map((c): Item => ({
        id: c.id,
        scope: 'app',
        text: c.text,
        user: null,
        task: null,
        agent: null,
        source: 'configuration',
        seq: seq++,
      }));
      if (new Set(configuration.map((c) => c.id)).size !== configuration.length)
        throw new Refused('duplicate app item id');
      await driver.transaction((tx) => run(tx, loadStatements({ agents: [...agents.values()], items: configuration })));
      return { ok: true };
    }
    case 'write': {
      const principal = principalOf(line.as, agents);
      if (typeof line.id === 'string' && line.id.startsWith('handoff-'))
        throw new Refused('item IDs starting with handoff- are reserved for handoffs');
      // Scope keys come from the principal; the line's user_id is never read.
      await driver.transaction(async (tx) =>
        insert(tx, [await prepare(tx, principal, line.scope, line.id, line.text, 'written')]),
      );
      return { ok: true };
    }
    case 'handoff': {
      const sender = principalOf(line.as, agents);
      const ids = line.items as string[];
      if (!agents.get(sender.agent)!.tools.includes('delegate'))
        throw new Refused(`agent ${sender.agent} has no delegate tool`);
      if (typeof line.to !== 'string' || !agents.has(line.to) || line.to === sender.agent)
        throw new Refused('hand off to a different, configured agent');
      if (new Set(ids).size !== ids.length) throw new Refused('handoff lists an item twice');
      // The readable check is the policy itself: the sender's own read.
      const readable = await read(sender);
      const sources = ids.map((id) => readable.findLast((item) => item.id === id));
      if (sources.some((s) => s === undefined)) throw new Refused('sender cannot read an item it hands off');
      const target = makePrincipal(sender.user, sender.task, line.to);
      const before = seq;
      try {
        await driver.transaction(async (tx) => {
          const numbers = await tx.query("select id from items where user_id = $1 and id ~ '^handoff-[0-9]+-brief$'", [
            sender.user,
          ]);
          const n = Math.max(0, ...numbers.map((row) => Number(/\d+/.exec(String(row.id))![0]))) + 1;
          const copies = [
            await prepare(tx, target, 'agent', `handoff-${n}-brief`, line.brief, `handoff:${sender.agent}:brief`),
          ];
          for (const [k, source] of sources.entries())
            copies.push(
              await prepare(
                tx,
                target,
                'agent',
                `handoff-${n}-item-${k + 1}`,
                source!.text,
                `handoff:${sender.agent}:${ids[k]}`,
              ),
            );
          // One transaction: a handoff is all or nothing.
          await insert(tx, copies);
        });
      } catch (error) {
        seq = before;
        throw error;
      }
      return { ok: true };
    }
    case 'close_task':
      await driver.query('delete from items where user_id = $1 and task_id = $2', [line.user, line.task]);
      return { ok: true };
    case 'import': {
      // A user item with no owner: its ID is unique among the rows with no user_id, as an app item's is.
      if (typeof line.id === 'string' && line.id.startsWith('handoff-'))
        throw new Refused('item IDs starting with handoff- are reserved for handoffs');
      const itemId = identifier(line.id, 'item.id');
      if (typeof line.text !== 'string' || isBlank(line.text)) throw new Refused('item text must be nonblank');
      const text = line.text;
      await driver.transaction(async (tx) => {
        const taken = await tx.query('select 1 from items where id = $1 and user_id is null', [itemId]);
        if (taken.length > 0) throw new Refused(`duplicate item id ${itemId}`);
        const item: Item = {
          id: itemId,
          scope: 'user',
          text,
          user: null,
          task: null,
          agent: null,
          source: 'import',
          seq,
        };
        await insert(tx, [item]);
        seq += 1;
      });
      return { ok: true };
    }
    case 'forget_user':
      await driver.query('delete from items where user_id = $1', [line.user]);
      return { ok: true };
    case 'query':
      return { items: (await read(principalOf(line.as, agents))).map((item) => item.id) };
    case 'end':
      return { ok: true };
    default:
      throw new Refused(`unknown op ${JSON.stringify(line.op)}`);
  }
}

async function main() {
  await client.connect();
  await driver.exec(`create schema if not exists ${schema}; set search_path to ${schema}`);
  await installSchema(driver);
  await driver.exec(`grant usage on schema ${schema} to ${READER_ROLE}`);
  // A constraint of the table is a refusal too.
  await serveLines(
    answering(handle, (error) => 'code' in error),
    async () => {
      await driver.exec(`drop schema ${schema} cascade`);
      await driver.close();
    },
    { http: null, allowOrigin: null, name: 'postgres adapter' },
  );
}

runAdapter('postgres adapter', main);
