/**
 * Per-principal read time for a large store state: the in-memory store beside PostgreSQL (PGlite,
 * a server), each engine checked against the store first, since a fast wrong answer is no figure.
 * Used by bench/db.ts (`npm run bench`) and by the Database view's Measure button in the page.
 */
import { type Principal, makeAgent, makePrincipal } from '../core/store/entities';
import { ContextStore } from '../core/store/store';
import { type PolicyOptions, type StoreState, stateOf } from '../core/sql';
import type { ScopeDb } from './scopeDb';
import { median, percentile } from '../core/stats';

const PLANNER = makeAgent(
  'planner',
  'Plan the task and delegate research.',
  ['search_docs', 'delegate'],
  ['app', 'user', 'task', 'agent'],
);
const RESEARCHER = makeAgent(
  'researcher',
  'Search the documentation and report findings.',
  ['search_docs'],
  ['app', 'agent'],
);
const JOBS = ['export', 'import', 'billing', 'report', 'backup', 'sync'];

/** Each user's items in largeState: 2 user, 4 task and 2 agent items, and a handoff's brief and copy. */
const PER_USER = 10;

/**
 * A store of about `items` items (at least 20), built through the store's own write and handoff, so
 * it is a state the store can reach: a few app items, then users with two tasks each. Deterministic.
 */
export function largeState(items = 20_000): StoreState {
  const users = Math.max(1, Math.floor(items / PER_USER) - 1);
  const store = new ContextStore([PLANNER, RESEARCHER]);
  for (let i = 0; i < items - users * PER_USER; i++)
    store.configure(`app-${i}`, `Policy ${i}: answer from the context items.`);
  for (let u = 0; u < users; u++) {
    const user = `user-${u}`;
    const job = JOBS[u % JOBS.length]!;
    const a = makePrincipal(user, `task-${u}-a`, 'planner');
    const b = makePrincipal(user, `task-${u}-b`, 'planner');
    store.write(a, 'user', 'style', `${user} prefers short answers.`);
    store.write(a, 'user', 'contact', `The billing contact for ${user} is ${user}@example.com.`);
    store.write(a, 'task', 'plan', `Move the ${job} job to PostgreSQL.`);
    store.write(a, 'task', 'limit', `The ${job} job must finish within ${5 + (u % 50)} minutes.`);
    store.write(a, 'agent', 'scratch', `Draft: ask whether row-level security covers the ${job} table.`);
    store.handoff(a, 'researcher', ['plan'], `Find how the ${job} job moves to PostgreSQL.`);
    store.write(b, 'task', 'plan-b', `Review the ${job} job's schema.`);
    store.write(b, 'task', 'risk-b', `Risk: the ${job} table is locked while the job runs.`);
    store.write(b, 'agent', 'scratch-b', `Draft: list the ${job} job's readers.`);
  }
  return stateOf(store);
}

/** `count` principals spread over largeState's users: planner and researcher in a task, planner in the other. */
export function benchPrincipals(state: StoreState, count = 30): Principal[] {
  const users = [...new Set(state.items.flatMap((item) => (item.user === null ? [] : [item.user])))];
  const out: Principal[] = [];
  for (let i = 0; out.length < count && users.length > 0; i++) {
    const user = users[Math.floor((i * users.length) / Math.ceil(count / 3)) % users.length]!;
    const n = user.slice('user-'.length);
    const kinds = [
      makePrincipal(user, `task-${n}-a`, 'planner'),
      makePrincipal(user, `task-${n}-a`, 'researcher'),
      makePrincipal(user, `task-${n}-b`, 'planner'),
    ];
    out.push(...kinds.slice(0, count - out.length));
  }
  return out;
}

export interface DbBenchTarget {
  /** "PGlite", "PostgreSQL 15 server", ... */
  name: string;
  db: ScopeDb;
  /** The policy to measure with (the default: settings read once). */
  policy?: PolicyOptions;
}

export interface DbBenchRow {
  engine: string;
  /** Loading the state (delete, insert agents and items, one transaction); null for memory. */
  loadMs: number | null;
  reads: number;
  medianMs: number;
  p95Ms: number;
  /** Rows a read returned, on average over the principals. */
  meanRows: number;
}

export interface DbBenchReport {
  items: number;
  principals: number;
  rounds: number;
  rows: DbBenchRow[];
}

function summarize(engine: string, loadMs: number | null, times: number[], rowCounts: number[]): DbBenchRow {
  return {
    engine,
    loadMs,
    reads: times.length,
    medianMs: median(times),
    p95Ms: percentile(times, 95),
    meanRows: rowCounts.reduce((sum, n) => sum + n, 0) / rowCounts.length,
  };
}

/**
 * Time store.visible and each target's readVisible for every principal, `rounds` times each, after one
 * untimed read per principal that also checks the rows equal the store's. Targets keep the state
 * loaded and the default policy when done.
 */
export async function benchDb(options: {
  state?: StoreState;
  principals?: Principal[];
  rounds?: number;
  targets: DbBenchTarget[];
}): Promise<DbBenchReport> {
  const state = options.state ?? largeState();
  const principals = options.principals ?? benchPrincipals(state);
  const rounds = options.rounds ?? 5;
  const store = ContextStore.restore(state.agents, state.items, 0);
  const expected = principals.map((p) => store.visible(p));

  const memoryTimes: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const p of principals) {
      const start = performance.now();
      store.visible(p);
      memoryTimes.push(performance.now() - start);
    }
  }
  const rows = [
    summarize(
      'in-memory store',
      null,
      memoryTimes,
      expected.map((items) => items.length),
    ),
  ];

  for (const target of options.targets) {
    const started = performance.now();
    await target.db.load(state);
    const loadMs = performance.now() - started;
    await target.db.setPolicy(target.policy ?? {});
    try {
      for (const [i, p] of principals.entries()) {
        const got = (await target.db.readVisible(p)).map((item) => item.seq).join(' ');
        if (got !== expected[i]!.map((item) => item.seq).join(' ')) {
          throw new Error(`${target.name}: rows for ${p.user}/${p.task}/${p.agent} differ from store.visible`);
        }
      }
      const times: number[] = [];
      for (let r = 0; r < rounds; r++) {
        for (const p of principals) {
          const start = performance.now();
          await target.db.readVisible(p);
          times.push(performance.now() - start);
        }
      }
      rows.push(
        summarize(
          target.name,
          loadMs,
          times,
          expected.map((items) => items.length),
        ),
      );
    } finally {
      await target.db.setPolicy({});
    }
  }
  return { items: state.items.length, principals: principals.length, rounds, rows };
}

/** The report as an aligned text table. */
export function formatDbBench(report: DbBenchReport): string {
  const ms = (value: number | null) => (value === null ? '-' : value < 1 ? value.toFixed(3) : value.toFixed(1));
  const header = ['engine', 'load ms', 'reads', 'median ms', 'p95 ms', 'rows/read'];
  const lines = report.rows.map((row) => [
    row.engine,
    ms(row.loadMs),
    String(row.reads),
    ms(row.medianMs),
    ms(row.p95Ms),
    row.meanRows.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [
    `${report.items} items, ${report.principals} principals, ${report.rounds} reads each`,
    format(header),
    ...lines.map(format),
  ].join('\n');
}
