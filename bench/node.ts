/**
 * npm run bench, first part (bench/node.ts) [-- --runs N] [-- --users 200,2000,20000]
 *
 * Generates large scenarios deterministically (bench/scenario.ts), writes them to build/bench/, and
 * prints for each size: the whole `replay` process (spawned, start-up included; also without
 * NODE_EXTRA_CA_CERTS when it is set, see BARE_ENV), the same work in process, and the time per write,
 * per scoped query and per naive query; then how scoped query time grows with ten times more users,
 * and the speed-up over the seed's measured figures. Medians of runs; runs that are compared are
 * taken in turn. Last, the error paths (bench/errors.ts): 20,000 and 100,000 located problems.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildContext } from '../src/core/store/context';
import { makeAgent, makePrincipal } from '../src/core/store/entities';
import { pythonDumps } from '../src/core/python/jsonDumps';
import { replayText } from '../src/core/replay/replayText';
import type { Scenario, Step } from '../src/core/scenario/scenario';
import { toSeedResult } from '../src/core/replay/seedResult';
import { ContextStore } from '../src/core/store/store';
import { childrenCpuMs } from './cpu';
import { errorReport, measureErrors } from './errors';
import { type ProcessStat, type Row, nodeReport } from './nodeReport';
import { option } from './options';
import { generateScenario } from './scenario';
import { type Stat, scale, stat } from '../src/core/stats';

type WriteStep = Extract<Step, { op: 'write' }>;
type HandoffStep = Extract<Step, { op: 'handoff' }>;

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'build', 'bench');
const ITEMS_PER_USER = 10;
const QUERIES = 200;

const RUNS = Math.max(1, Number(option('runs', '5')));
const SCOPED_SAMPLES = 25;
/** The whole process is timed this many times RUNS (except for the largest scenario). */
const PROCESS_RUNS_FACTOR = 5;
const NAIVE_PER_SAMPLE = 10;
const USERS = option('users', '200,2000,20000').split(',').map(Number);

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** Milliseconds of `runs` calls (after a collection, when --expose-gc is on); a call may return its own time. */
function time(runs: number, run: () => number | void): Stat {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    gc();
    const started = performance.now();
    const measured = run();
    samples.push(typeof measured === 'number' ? measured : performance.now() - started);
  }
  return stat(samples);
}

/** Wall and CPU time of one child process, stdout discarded; a non-zero exit stops the bench. */
function spawnTimed(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): { wall: number; cpu: number } {
  const sink = openSync('/dev/null', 'w');
  try {
    const cpuBefore = childrenCpuMs();
    const started = performance.now();
    const result = spawnSync(command, args, { cwd: ROOT, env, stdio: ['ignore', sink, 'pipe'], encoding: 'utf8' });
    const wall = performance.now() - started;
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    return { wall, cpu: childrenCpuMs() - cpuBefore };
  } finally {
    closeSync(sink);
  }
}

/**
 * `rounds` samples of each sampler, taken in turn (one of each, then the next round), so that a noisy
 * spell on the machine falls on all of them alike; the samples of each, in order.
 */
function inTurn<T>(rounds: number, samplers: Array<() => T>): T[][] {
  const samples = samplers.map((): T[] => []);
  for (let round = 0; round < rounds; round++) samplers.forEach((sample, k) => samples[k]!.push(sample()));
  return samples;
}

/** Wall time (median, best) and median CPU time of `runs` spawns of each command line, taken in turn. */
function timeProcesses(
  runs: number,
  commands: Array<{ command: string; args: string[]; env?: NodeJS.ProcessEnv }>,
): ProcessStat[] {
  return inTurn(
    runs,
    commands.map(
      ({ command, args, env }) =>
        () =>
          spawnTimed(command, args, env),
    ),
  ).map((runs) => ({ ...stat(runs.map((run) => run.wall)), cpu: stat(runs.map((run) => run.cpu)).median }));
}

/**
 * This environment without NODE_EXTRA_CA_CERTS, or null when it is not set. Node 20 reads that file
 * and builds its whole root certificate store while starting, before any code runs, whether or not
 * the process ever opens a TLS connection (nodejs/node#40524): here that is 37 of the 60 ms of
 * `node -e 0`. A Python process, as the seed's figures were measured, pays nothing like it.
 */
function withoutExtraCerts(): NodeJS.ProcessEnv | null {
  if (process.env.NODE_EXTRA_CA_CERTS === undefined) return null;
  const env = { ...process.env };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}
const BARE_ENV = withoutExtraCerts();

/** Microseconds per scoped query for each size: SCOPED_SAMPLES rounds, each taking one sample of every size in turn. */
function scopedRounds(samplers: Array<() => number>): Stat[] {
  return inTurn(
    SCOPED_SAMPLES,
    samplers.map((sample) => () => {
      gc();
      return sample();
    }),
  ).map(stat);
}

/** Per-operation times on a store built directly from the scenario's steps (no timeline, no cache). */
function perOperation(
  scenario: Scenario,
): Pick<Row, 'writeUs' | 'handoffUs' | 'fullWriteUs' | 'fullHandoffUs' | 'naiveUs'> & { scopedSample: () => number } {
  const agents = scenario.agents.map((a) => makeAgent(a.name, a.role, a.tools, a.reads));
  const writes = scenario.steps.filter((s): s is WriteStep => s.op === 'write');
  const handoffs = scenario.steps.filter((s): s is HandoffStep => s.op === 'handoff');
  const queries = scenario.steps.filter((s) => s.op === 'query');
  const fill = () => {
    const store = new ContextStore(agents);
    for (const c of scenario.configuration) store.configure(c.id, c.text);
    let writeMs = 0;
    let handoffMs = 0;
    for (const step of scenario.steps) {
      const started = performance.now();
      if (step.op === 'write') {
        store.write(makePrincipal(...step.as), step.scope, step.id, step.text);
        writeMs += performance.now() - started;
      } else if (step.op === 'handoff') {
        store.handoff(makePrincipal(...step.as), step.to, step.items, step.brief);
        handoffMs += performance.now() - started;
      } else if (step.op === 'close_task') store.closeTask(step.user, step.task);
    }
    return { store, writeMs, handoffMs };
  };
  let store = fill().store;
  const fills = Array.from({ length: RUNS }, () => {
    gc();
    const filled = fill();
    store = filled.store;
    return filled;
  });
  const principals = queries.map((q) => makePrincipal(...q.as));
  // One sample: all the scenario's queries, each built afresh (no cache). main() takes the samples of
  // every size in turn, so that the ratio between sizes is not a noisy spell on one of them.
  const scopedSample = () => {
    const started = performance.now();
    queries.forEach((q, i) => buildContext(store, principals[i]!, q.current));
    return ((performance.now() - started) * 1000) / queries.length;
  };
  // Before any naive query: a kept ranking makes every later write offer its item to it.
  const full = onFullStore(store, writes, handoffs);
  // A question the store has not ranked yet ranks the whole store; repeated questions are served from
  // the store's kept ranking. So each naive query here asks a fresh one (an extra word no item holds).
  store.naive(queries[0]!.current);
  let fresh = 0;
  const naiveMs = time(RUNS, () => {
    for (const q of queries.slice(0, NAIVE_PER_SAMPLE)) store.naive(`${q.current} zz${fresh++}`);
  });
  return {
    writeUs: scale(stat(fills.map((f) => f.writeMs)), 1000 / writes.length),
    handoffUs: scale(stat(fills.map((f) => f.handoffMs)), 1000 / handoffs.length),
    ...full,
    scopedSample,
    naiveUs: scale(naiveMs, 1000 / NAIVE_PER_SAMPLE),
  };
}

const EXTRA_OPS = 200;

/**
 * Writes and handoffs on the filled store, by the scenario's own principals, a few hundred at a time
 * after a collection: what one costs at that store size. The times while filling also carry the
 * collections a growing heap needs, which grow with the heap, not with the principal's items.
 * (This adds an item or a handoff to one user in a hundred, which the scoped queries later read.)
 */
function onFullStore(
  store: ContextStore,
  writes: readonly WriteStep[],
  handoffs: readonly HandoffStep[],
): Pick<Row, 'fullWriteUs' | 'fullHandoffUs'> {
  const every = <T>(list: readonly T[]) =>
    list.filter((_, i) => i % Math.max(1, Math.floor(list.length / EXTRA_OPS)) === 0).slice(0, EXTRA_OPS);
  const writers = every(writes).map((step) => makePrincipal(...step.as));
  // Handoffs whose sender can still read every listed item (a closed task took some away).
  const senders = every(
    handoffs.filter(({ as, items }) => {
      const readable = new Set(store.visible(makePrincipal(...as)).map((item) => item.id));
      return items.every((id) => readable.has(id));
    }),
  ).map(({ as, to, items, brief }) => ({ sender: makePrincipal(...as), to, items, brief }));
  let extra = 0;
  const fullWrite = time(RUNS, () => {
    for (const principal of writers)
      store.write(principal, 'task', `bench-extra-${extra++}`, 'One more note for this task.');
  });
  const fullHandoff = time(RUNS, () => {
    for (const { sender, to, items, brief } of senders) store.handoff(sender, to, items, brief);
  });
  return {
    fullWriteUs: scale(fullWrite, 1000 / writers.length),
    fullHandoffUs: scale(fullHandoff, 1000 / senders.length),
  };
}

function measure(users: number): Omit<Row, 'scopedUs'> & { scopedSample: () => number } {
  const scenario = generateScenario({ users, itemsPerUser: ITEMS_PER_USER, queries: QUERIES });
  const text = `${JSON.stringify(scenario, null, 2)}\n`;
  const file = join(OUT, `scenario-${users}-users.json`);
  writeFileSync(file, text);
  const relative = file.slice(ROOT.length + 1);
  process.stderr.write(
    `  ${users} users: ${scenario.steps.length} steps, ${(text.length / 1e6).toFixed(1)} MB in ${relative}\n`,
  );
  // The largest scenario takes seconds a run: fewer runs there.
  const runs = users * ITEMS_PER_USER > 50_000 ? Math.min(RUNS, 3) : RUNS;
  const replay = ['build/cli/replay.cjs', relative];
  spawnTimed('node', replay);
  // A process takes a fifth of a second: many runs, so that the machine's noise does not make the median.
  const [processMs, bareMs] = timeProcesses(runs === RUNS ? RUNS * PROCESS_RUNS_FACTOR : runs, [
    { command: 'node', args: replay },
    ...(BARE_ENV === null ? [] : [{ command: 'node', args: replay, env: BARE_ENV }]),
  ]);
  const [npmMs] = timeProcesses(Math.min(runs, 3), [
    { command: 'npm', args: ['run', '--silent', 'replay', '--', relative] },
  ]);
  const inProcessMs = time(runs, () => {
    const outcome = replayText(text);
    if (outcome.kind !== 'ok') throw new Error(`generated scenario is invalid: ${outcome.problems[0]?.message}`);
    pythonDumps(toSeedResult(outcome.timeline), 2);
  });
  return {
    users,
    items: users * ITEMS_PER_USER,
    steps: scenario.steps.length,
    file: relative,
    processMs: processMs!,
    bareMs: bareMs ?? null,
    npmMs: npmMs!,
    inProcessMs,
    ...perOperation(scenario),
  };
}

function main(): void {
  const built = spawnSync('node', ['scripts/build-cli.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
  mkdirSync(OUT, { recursive: true });
  process.stderr.write(
    `bench: node ${process.version}, ${RUNS} runs per figure (3 for the largest; ${RUNS * PROCESS_RUNS_FACTOR} of the whole process),` +
      ` ${SCOPED_SAMPLES} samples of the scoped queries` +
      `${(globalThis as { gc?: unknown }).gc ? '' : '; run with --expose-gc for steadier figures'}\n`,
  );
  // Warm the JIT on a small scenario first, so the first size's per-operation times are not its warm-up.
  perOperation(generateScenario({ users: 50, itemsPerUser: ITEMS_PER_USER, queries: QUERIES }));
  const measured = USERS.map(measure);
  const scoped = scopedRounds(measured.map((m) => m.scopedSample));
  const rows: Row[] = measured.map(({ scopedSample: _, ...m }, k) => ({ ...m, scopedUs: scoped[k]! }));
  const startUp = timeProcesses(RUNS * 3, [
    { command: 'node', args: ['-e', '0'] },
    ...(BARE_ENV === null ? [] : [{ command: 'node', args: ['-e', '0'], env: BARE_ENV }]),
  ]);

  console.log(nodeReport(rows, startUp, { queries: QUERIES, itemsPerUser: ITEMS_PER_USER, bare: BARE_ENV !== null }));
  // Every error path linear (issue 15): generated files with 20,000 and 100,000 located problems.
  console.log(errorReport(measureErrors(ROOT, OUT, 3)).join('\n'));
}

main();
