/**
 * LangGraph.js's own stores as a conformance adapter: `InMemoryStore` from @langchain/langgraph-checkpoint
 * and `PostgresStore` from @langchain/langgraph-checkpoint-postgres (the versions package.json pins).
 *
 *   npm run --silent conform -- --exec "node --import tsx conformance/adapters/langgraph.ts --store memory"
 *   PG_TEST_URL=postgres://... npm run --silent conform -- --exec "node --import tsx conformance/adapters/langgraph.ts --store postgres"
 *   ... --guard      the same, with the adapter checking namespace boundaries itself
 *   ... --http PORT [--allow-origin http://localhost:4173]   one POST per line, for --url and the page's
 *                    Your store tab (serve.ts), until interrupted
 *
 * Principals map to namespaces the way LangGraph.js's documentation does it: "How to add cross-thread
 * persistence to your graph" (https://langchain-ai.github.io/langgraphjs/how-tos/cross-thread-persistence/)
 * keeps a user's memories under `["memories", userId]` and reads them with `store.search(namespace)`.
 * A task nests under its user and an agent under its task, so a scope's namespace is a path:
 *
 *   user item   ["memories", user]                 app item      ["app"]
 *   task item   ["memories", user, task]           imported item ["imported"]  (nobody's: never searched for a read)
 *   agent item  ["memories", user, task, agent]
 *
 * Each scope an agent declares is read with one `search` of that scope's namespace, and the answer is
 * what the searches return, in the order the items were written. Without --guard the adapter takes the
 * store's word for what lies under a namespace; `search` is a prefix search, so what it returns for
 * ["memories", "acme"] is the store's to decide (PostgresStore 1.0.5 matches `namespace_path LIKE
 * 'memories:acme%'`, which also takes ["memories", "acme-corp"]: langgraphjs issue #2721, pull request
 * #2825). With --guard it keeps, of each search's items, only those whose namespace is exactly the one
 * asked for (for a read) or lies under it at a segment boundary (for close_task and forget_user).
 *
 * Everything else (identifiers, declared reads, handoffs, duplicate IDs per user) is this adapter's, as
 * in the Python skeleton (python/adapter.py). PostgreSQL is PG_TEST_URL (scripts/pg-server.sh start
 * prints one); the store gets a schema of its own, conform_langgraph_<pid>, dropped at the end.
 */
import { InMemoryStore, type BaseStore, type Item as StoreItem } from '@langchain/langgraph-checkpoint';
import { PostgresStore } from '@langchain/langgraph-checkpoint-postgres/store';
import pg from 'pg';
import { type Agent, type Principal, identifier, makeAgent, makePrincipal } from '../../src/core/store/entities';
import { type Line, serveLines } from './serve';
import { adapterArgs, answering, principalOf, Refused, runAdapter } from './adapterBase';
import { isBlank } from '../../src/core/python/strings';

type Namespace = string[];

const {
  values: args,
  usage,
  serve: { http, allowOrigin },
} = adapterArgs(
  'langgraph adapter',
  'usage: langgraph.ts --store memory|postgres [--guard] [--http PORT [--allow-origin ORIGIN]]   (postgres reads PG_TEST_URL)',
  { store: { type: 'string' }, guard: { type: 'boolean' } },
);
const kind = args.store;
const guard = args.guard === true;
if (kind !== 'memory' && kind !== 'postgres') usage('--store must be memory or postgres');
const url = process.env.PG_TEST_URL;
if (kind === 'postgres' && url === undefined) usage('--store postgres needs PG_TEST_URL');

/** More than any scenario holds (a scenario has at most a few thousand steps); search's own default is 10. */
const SEARCH_LIMIT = 100_000;
const SCHEMA = `conform_langgraph_${process.pid}`;
const APP: Namespace = ['app'];
const IMPORTED: Namespace = ['imported'];
const HANDOFF_BRIEF = /^handoff-(\d+)-brief$/;

/** What the adapter keeps in an item's value. */
interface Value {
  id: string;
  text: string;
  seq: number;
  source: string;
}

let store: BaseStore = new InMemoryStore();
let admin: pg.Client | null = null;
let agents = new Map<string, Agent>();
let seq = 0;

const userSpace = (user: string): Namespace => ['memories', user];
const taskSpace = (user: string, task: string): Namespace => ['memories', user, task];
const agentSpace = (user: string, task: string, agent: string): Namespace => ['memories', user, task, agent];

function under(namespace: readonly string[], prefix: Namespace, exact: boolean): boolean {
  if (exact ? namespace.length !== prefix.length : namespace.length < prefix.length) return false;
  return prefix.every((label, i) => namespace[i] === label);
}

/**
 * The items `search(prefix)` returns. With --guard only those in `prefix` itself (exact) or under it
 * at a segment boundary; without, whatever the store returned.
 */
async function find(prefix: Namespace, exact: boolean): Promise<StoreItem[]> {
  const found = await store.search(prefix, { limit: SEARCH_LIMIT });
  return guard ? found.filter((item) => under(item.namespace, prefix, exact)) : found;
}

const valueOf = (item: StoreItem) => item.value as unknown as Value;
const bySeq = (a: StoreItem, b: StoreItem) => valueOf(a).seq - valueOf(b).seq;

/** What `principal` reads: one search per scope its agent declares, in the order the items were written. */
async function read(principal: Principal): Promise<StoreItem[]> {
  const { user, task, agent } = principal;
  const reads = agents.get(agent)!.reads;
  const spaces: Namespace[] = [];
  if (reads.includes('app')) spaces.push(APP);
  if (reads.includes('user')) spaces.push(userSpace(user));
  if (reads.includes('task')) spaces.push(taskSpace(user, task));
  if (reads.includes('agent')) spaces.push(agentSpace(user, task, agent));
  const seen = new Map<string, StoreItem>();
  for (const space of spaces)
    for (const item of await find(space, true)) seen.set(`${item.namespace.join('\u0000')}\u0000${item.key}`, item);
  return [...seen.values()].sort(bySeq);
}

interface Prepared {
  namespace: Namespace;
  value: Value;
}

/** IDs an item of `user` may not take: the app's, the imported items' and the user's own. */
async function takenIds(user: string | null): Promise<Set<string>> {
  const items = [...(await find(APP, true)), ...(await find(IMPORTED, true))];
  if (user !== null) items.push(...(await find(userSpace(user), false)));
  return new Set(items.map((item) => valueOf(item).id));
}

/** Validate one new item of `owner` (the seed's _prepare); nothing is stored yet. */
async function prepare(
  owner: Principal,
  scope: unknown,
  id: unknown,
  text: unknown,
  source: string,
  taken: Set<string>,
): Promise<Prepared> {
  if (scope !== 'user' && scope !== 'task' && scope !== 'agent')
    throw new Refused('principals write user, task or agent items; app items come from configuration');
  const itemId = identifier(id, 'item.id');
  if (taken.has(itemId)) throw new Refused(`duplicate item id ${itemId}`);
  if (typeof text !== 'string' || isBlank(text)) throw new Refused('item text must be nonblank');
  const namespace =
    scope === 'user'
      ? userSpace(owner.user)
      : scope === 'task'
        ? taskSpace(owner.user, owner.task)
        : agentSpace(owner.user, owner.task, owner.agent);
  return { namespace, value: { id: itemId, text, seq: 0, source } };
}

async function put(items: readonly Prepared[]) {
  for (const { namespace, value } of items)
    await store.put(namespace, value.id, { ...value, seq: seq++ } as unknown as Record<string, unknown>);
}

async function remove(items: readonly StoreItem[]) {
  for (const item of items) await store.delete(item.namespace, item.key);
}

/** A fresh, empty store for each scenario. */
async function emptyStore() {
  if (kind === 'memory') store = new InMemoryStore();
  else await admin!.query(`delete from "${SCHEMA}".store`);
}

async function handle(line: Line): Promise<Record<string, unknown>> {
  switch (line.op) {
    case 'reset': {
      await emptyStore();
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
      await put(
        configuration.map((c) => ({
          namespace: APP,
          value: { id: identifier(c.id, 'item.id'), text: c.text, seq: 0, source: 'configuration' },
        })),
      );
      return { ok: true };
    }
    case 'write': {
      const principal = principalOf(line.as, agents);
      if (typeof line.id === 'string' && line.id.startsWith('handoff-'))
        throw new Refused('item IDs starting with handoff- are reserved for handoffs');
      // Scope keys come from the principal; the line's user_id is never read.
      const taken = await takenIds(principal.user);
      await put([await prepare(principal, line.scope, line.id, line.text, 'written', taken)]);
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
      const readable = await read(sender);
      const sources = ids.map((id) => readable.findLast((item) => valueOf(item).id === id));
      if (sources.some((s) => s === undefined)) throw new Refused('sender cannot read an item it hands off');
      const taken = await takenIds(sender.user);
      const numbers = (await find(userSpace(sender.user), false)).flatMap((item) => {
        const match = HANDOFF_BRIEF.exec(valueOf(item).id);
        return match === null ? [] : [Number(match[1])];
      });
      const n = Math.max(0, ...numbers) + 1;
      const target = makePrincipal(sender.user, sender.task, line.to);
      // Every copy is checked before any is stored: a handoff is all or nothing.
      const copies = [
        await prepare(target, 'agent', `handoff-${n}-brief`, line.brief, `handoff:${sender.agent}:brief`, taken),
      ];
      for (const [k, source] of sources.entries())
        copies.push(
          await prepare(
            target,
            'agent',
            `handoff-${n}-item-${k + 1}`,
            valueOf(source!).text,
            `handoff:${sender.agent}:${ids[k]}`,
            taken,
          ),
        );
      await put(copies);
      return { ok: true };
    }
    case 'close_task':
      await remove(await find(taskSpace(identifier(line.user, 'user'), identifier(line.task, 'task')), false));
      return { ok: true };
    case 'forget_user':
      await remove(await find(userSpace(identifier(line.user, 'user')), false));
      return { ok: true };
    case 'import': {
      // A user item with no owner: its ID is unique among the app's and the other imported items.
      if (typeof line.id === 'string' && line.id.startsWith('handoff-'))
        throw new Refused('item IDs starting with handoff- are reserved for handoffs');
      const itemId = identifier(line.id, 'item.id');
      if ((await takenIds(null)).has(itemId)) throw new Refused(`duplicate item id ${itemId}`);
      if (typeof line.text !== 'string' || isBlank(line.text)) throw new Refused('item text must be nonblank');
      await put([{ namespace: IMPORTED, value: { id: itemId, text: line.text, seq: 0, source: 'import' } }]);
      return { ok: true };
    }
    case 'query':
      return { items: (await read(principalOf(line.as, agents))).map((item) => valueOf(item).id) };
    case 'end':
      return { ok: true };
    default:
      throw new Refused(`unknown op ${JSON.stringify(line.op)}`);
  }
}

async function close() {
  if (kind !== 'postgres') return;
  await (store as PostgresStore).stop();
  await admin!.query(`drop schema if exists "${SCHEMA}" cascade`);
  await admin!.end();
}

async function main() {
  if (kind === 'postgres') {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const postgres = PostgresStore.fromConnString(url!, { schema: SCHEMA });
    await postgres.setup();
    store = postgres;
  }
  await serveLines(answering(handle), close, { http, allowOrigin, name: 'langgraph adapter' });
}

runAdapter('langgraph adapter', main);
