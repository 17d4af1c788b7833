/**
 * A vector store with metadata filters as a conformance adapter: pgvector in PGlite (the build the page
 * ships, run here in Node), one table of items with their owner, task and agent as columns and an
 * embedding of their text. A query ranks the principal's items by distance to the question and keeps
 * the nearest k, the way a retrieval step does; where the metadata filter sits is the mode:
 *
 *   npm run --silent conform -- --exec "node --import tsx conformance/adapters/pgvector.ts --filter index"
 *   npm run --silent conform -- --exec "node --import tsx conformance/adapters/pgvector.ts --filter after"
 *
 *   --filter index   the filter is in the query: WHERE <what the principal may read> ORDER BY distance LIMIT k
 *   --filter after   the query ranks every item, ORDER BY distance LIMIT k, and the application filters
 *                    the k it gets back
 *   --http PORT [--allow-origin ORIGIN]   one POST per line, for --url and the page's Your store tab
 *   --k N            how many items a query keeps (default 16: more than any query of the suite may read,
 *                    which is at most 12, so with the filter in the query every readable item is kept)
 *
 * App items are configuration: they go to every agent that declares "app" and are not ranked. The
 * embedding is a hashed bag of words (no model is needed, and the same text always gives the same
 * vector); ranking is exact (no HNSW index, whose filtered scans return fewer than k on their own, as
 * the vector lesson shows). Ties are broken by age. The rest of the store (identifiers, handoffs,
 * duplicate IDs per user) is this adapter's own SQL, as in the Python skeleton (python/adapter.py).
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { type Agent, type Principal, identifier, makeAgent, makePrincipal } from '../../src/core/store/entities';
import { adapterArgs, answering, principalOf, Refused, runAdapter } from './adapterBase';
import { type Line, serveLines } from './serve';
import { isBlank, words } from '../../src/core/python/strings';

type Db = Pick<Transaction, 'query'>;

const {
  values: args,
  usage,
  serve: { http, allowOrigin },
} = adapterArgs(
  'pgvector adapter',
  'usage: pgvector.ts --filter index|after [--k N] [--http PORT [--allow-origin ORIGIN]]',
  { filter: { type: 'string' }, k: { type: 'string' } },
);
const filter = args.filter;
if (filter !== 'index' && filter !== 'after') usage('--filter must be index or after');
const k = Number(args.k ?? '16');
if (!Number.isInteger(k) || k < 1 || k > 10_000) usage('--k must be a whole number from 1 to 10000');

/** The embedding's numbers. */
const DIMENSIONS = 64;
const HANDOFF_BRIEF = /^handoff-(\d+)-brief$/;

/** A hashed bag of words (FNV-1a of each word picks its dimension), of length 1; all zeros for no words. */
function embed(text: string): string {
  const v = new Array<number>(DIMENSIONS).fill(0);
  for (const word of words(text)) {
    let h = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193) >>> 0;
    v[h % DIMENSIONS]! += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return `[${v.map((x) => (x / norm).toFixed(6)).join(',')}]`;
}

const db = new PGlite({ extensions: { vector } });
let agents = new Map<string, Agent>();
let seq = 0;

interface Row {
  seq: number;
  id: string;
  scope: string;
  text: string;
}

/** What `principal` may read: the metadata filter, as SQL over the columns, its parameters numbered from `from`. */
function readable(principal: Principal, from = 1): { where: string; params: unknown[] } {
  const [reads, user, task, agent] = [0, 1, 2, 3].map((i) => `$${from + i}`);
  return {
    where: `scope = any(${reads}::text[]) and (scope = 'app' or (user_id = ${user} and (scope = 'user' or (task_id = ${task} and (scope = 'task' or agent_id = ${agent})))))`,
    params: [[...agents.get(principal.agent)!.reads], principal.user, principal.task, principal.agent],
  };
}

/** Every item `principal` may read, unranked (a handoff's check: the sender may hand off what it can read). */
async function readableRows(tx: Db, principal: Principal): Promise<Row[]> {
  const { where, params } = readable(principal);
  return (await tx.query<Row>(`select seq, id, scope, text from items where ${where} order by seq`, params)).rows;
}

/** The request's items: app items as configured, the rest ranked for the question with the filter where --filter says. */
async function query(principal: Principal, question: string): Promise<string[]> {
  const canRead = await readableRows(db, principal);
  const app = canRead.filter((row) => row.scope === 'app');
  const q = embed(question);
  let ranked: Row[];
  if (filter === 'index') {
    const { where, params } = readable(principal, 2);
    ranked = (
      await db.query<Row>(
        `select seq, id from items where scope <> 'app' and ${where} order by embedding <-> $1::vector, seq limit ${k}`,
        [q, ...params],
      )
    ).rows;
  } else {
    const top = (
      await db.query<Row>(
        `select seq, id from items where scope <> 'app' order by embedding <-> $1::vector, seq limit ${k}`,
        [q],
      )
    ).rows;
    // The same filter, applied to the k the ranking gave back.
    const allowed = new Set(canRead.map((row) => row.seq));
    ranked = top.filter((row) => allowed.has(row.seq));
  }
  return [...app, ...ranked].sort((a, b) => a.seq - b.seq).map((row) => row.id);
}

interface NewItem {
  id: string;
  scope: 'app' | 'user' | 'task' | 'agent';
  text: string;
  user: string | null;
  task: string | null;
  agent: string | null;
  source: string;
}

/** Validate one new item of `owner` (the seed's _prepare), asking the table for duplicates. */
async function prepare(
  tx: Db,
  owner: Principal,
  scope: unknown,
  id: unknown,
  text: unknown,
  source: string,
): Promise<NewItem> {
  if (scope !== 'user' && scope !== 'task' && scope !== 'agent')
    throw new Refused('principals write user, task or agent items; app items come from configuration');
  const itemId = identifier(id, 'item.id');
  const taken = await tx.query('select 1 from items where id = $1 and (user_id is null or user_id = $2)', [
    itemId,
    owner.user,
  ]);
  if (taken.rows.length > 0) throw new Refused(`duplicate item id ${itemId}`);
  if (typeof text !== 'string' || isBlank(text)) throw new Refused('item text must be nonblank');
  return {
    id: itemId,
    scope,
    text,
    user: owner.user,
    task: scope === 'user' ? null : owner.task,
    agent: scope === 'agent' ? owner.agent : null,
    source,
  };
}

async function insert(tx: Db, items: readonly NewItem[]) {
  for (const item of items)
    await tx.query(
      'insert into items (seq, id, scope, text, user_id, task_id, agent_id, source, embedding) values ($1, $2, $3, $4, $5, $6, $7, $8, $9::vector)',
      [seq++, item.id, item.scope, item.text, item.user, item.task, item.agent, item.source, embed(item.text)],
    );
}

async function handle(line: Line): Promise<Record<string, unknown>> {
  switch (line.op) {
    case 'reset': {
      await db.exec('truncate items');
      agents = new Map(
        (line.agents as Line[]).map((a) => [
          String(a.name),
          makeAgent(a.name, String(a.role), a.tools as string[], a.reads as string[]),
        ]),
      );
      seq = 0;
      const configuration = line.configuration as Array<{ id: string; text: string }>;
      if (new Set(configuration.map((c) => c.id)).size !== configuration.length)
        throw new Refused('duplicate app item id');
      await insert(
        db,
        configuration.map((c) => ({
          id: identifier(c.id, 'item.id'),
          scope: 'app',
          text: c.text,
          user: null,
          task: null,
          agent: null,
          source: 'configuration',
        })),
      );
      return { ok: true };
    }
    case 'write': {
      const principal = principalOf(line.as, agents);
      if (typeof line.id === 'string' && line.id.startsWith('handoff-'))
        throw new Refused('item IDs starting with handoff- are reserved for handoffs');
      // Scope keys come from the principal; the line's user_id is never read.
      await db.transaction(async (tx) =>
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
      const target = makePrincipal(sender.user, sender.task, line.to);
      // One transaction: every copy is checked before any is stored, and a refusal rolls back.
      await db.transaction(async (tx) => {
        const canRead = await readableRows(tx, sender);
        const sources = ids.map((id) => canRead.findLast((row) => row.id === id));
        if (sources.some((s) => s === undefined)) throw new Refused('sender cannot read an item it hands off');
        const numbers = (await tx.query<Row>('select id from items where user_id = $1', [sender.user])).rows.flatMap(
          (row) => {
            const match = HANDOFF_BRIEF.exec(row.id);
            return match === null ? [] : [Number(match[1])];
          },
        );
        const n = Math.max(0, ...numbers) + 1;
        const copies = [
          await prepare(tx, target, 'agent', `handoff-${n}-brief`, line.brief, `handoff:${sender.agent}:brief`),
        ];
        for (const [i, source] of sources.entries())
          copies.push(
            await prepare(
              tx,
              target,
              'agent',
              `handoff-${n}-item-${i + 1}`,
              source!.text,
              `handoff:${sender.agent}:${ids[i]}`,
            ),
          );
        const before = seq;
        try {
          await insert(tx, copies);
        } catch (error) {
          seq = before;
          throw error;
        }
      });
      return { ok: true };
    }
    case 'close_task':
      await db.query('delete from items where user_id = $1 and task_id = $2', [line.user, line.task]);
      return { ok: true };
    case 'forget_user':
      await db.query('delete from items where user_id = $1', [line.user]);
      return { ok: true };
    case 'import': {
      // A user item with no owner: its ID is unique among the rows with no user_id, as an app item's is.
      if (typeof line.id === 'string' && line.id.startsWith('handoff-'))
        throw new Refused('item IDs starting with handoff- are reserved for handoffs');
      const itemId = identifier(line.id, 'item.id');
      if (typeof line.text !== 'string' || isBlank(line.text)) throw new Refused('item text must be nonblank');
      const text = line.text;
      await db.transaction(async (tx) => {
        const taken = await tx.query('select 1 from items where id = $1 and user_id is null', [itemId]);
        if (taken.rows.length > 0) throw new Refused(`duplicate item id ${itemId}`);
        await insert(tx, [{ id: itemId, scope: 'user', text, user: null, task: null, agent: null, source: 'import' }]);
      });
      return { ok: true };
    }
    case 'query':
      return { items: await query(principalOf(line.as, agents), typeof line.current === 'string' ? line.current : '') };
    case 'end':
      return { ok: true };
    default:
      throw new Refused(`unknown op ${JSON.stringify(line.op)}`);
  }
}

async function main() {
  await db.exec(`
    create extension vector;
    create table items (
      seq int primary key, id text not null, scope text not null, text text not null,
      user_id text, task_id text, agent_id text, source text not null,
      embedding vector(${DIMENSIONS}) not null
    );`);
  await serveLines(answering(handle), () => db.close(), { http, allowOrigin, name: 'pgvector adapter' });
}

runAdapter('pgvector adapter', main);
