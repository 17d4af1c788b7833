/**
 * Stores this project did not write, through the conform command: LangGraph.js's InMemoryStore and
 * PostgresStore (conformance/adapters/langgraph.ts) and pgvector with its filter in the query or after
 * the ranking (conformance/adapters/pgvector.ts). Each test asserts what the suite finds by itself in
 * the store as published; the PostgresStore tests are skipped, saying how to run them, with no server.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeShare } from '../src/core/sharing/shareLink';
import { findServer } from '../src/db/serverUrl';
import { npmRun, ROOT, scratchDir } from './testing';

const langgraph = (flags: string) => `node --import tsx conformance/adapters/langgraph.ts ${flags}`;
const pgvector = (flags: string) => `node --import tsx conformance/adapters/pgvector.ts ${flags}`;

async function conform(adapter: string, ...options: string[]) {
  const out = scratchDir('conform-');
  const run = await npmRun('conform', '--exec', adapter, '--out', out, ...options);
  return { ...run, report: readFileSync(join(out, 'report.txt'), 'utf8') };
}

/** The report's lines under one rule's verdict, up to the next verdict. */
function ruleBlock(report: string, rule: string): string {
  const start = report.search(new RegExp(`^FAIL +${rule} `, 'm'));
  expect(start, `${rule} failed`).toBeGreaterThanOrEqual(0);
  const rest = report.slice(start);
  const end = rest.slice(1).search(/^(pass|FAIL|n\/a) /m);
  return end < 0 ? rest : rest.slice(0, end + 1);
}

/** Each failure of a block: its lines from its case label to the next. */
function failures(block: string): string[] {
  return block.split(/\n(?= {2}\S)/).slice(1);
}

describe('LangGraph.js InMemoryStore (@langchain/langgraph-checkpoint 1.2.2)', () => {
  it('returns a task nested under its user to the user’s next task: taskCheck and exactKeys fail, no sibling user crosses', async () => {
    const run = await conform(langgraph('--store memory'), '--cases', 'canaries');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    expect(ruleBlock(run.report, 'taskCheck')).toMatch(/crossed: c\d+-alice-task-1\b/);
    // acme's search of ["memories", "acme", "task-1"] returns ["memories", "acme", "task-1", "planner-2"] below it.
    expect(ruleBlock(run.report, 'exactKeys')).toMatch(/crossed: c\d+-planner-2\b/);
    // Its prefix match stops at a segment: acme never reads acme-corp.
    expect(run.report).not.toMatch(/crossed: .*-corp-/);
    expect(run.report).toMatch(/^pass +userCheck /m);
  }, 60_000);

  it('conforms on every case when the adapter keeps only the namespace it asked for (--guard)', async () => {
    const run = await conform(langgraph('--store memory --guard'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/ 0 failed; (\d+) of \1 rules conform/);
  }, 60_000);

  it('answers one POST per line with --http, as conform --url and the page’s Your store tab send them', async () => {
    const adapter = spawn(
      'node',
      ['--import', 'tsx', 'conformance/adapters/langgraph.ts', '--store', 'memory', '--http', '4439'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    try {
      await new Promise<void>((resolve) => adapter.stderr.once('data', () => resolve()));
      const out = scratchDir('conform-');
      const run = await npmRun('conform', '--url', 'http://127.0.0.1:4439/', '--cases', 'canaries', '--out', out);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^FAIL +taskCheck /m);
    } finally {
      adapter.kill();
    }
  }, 60_000);
});

const server = await findServer();
if (server.kind === 'none') {
  process.stderr.write(`LangGraph.js PostgresStore suite skipped: ${server.reason}\n`);
  describe.skip(`LangGraph.js PostgresStore (skipped: ${server.reason})`, () => {
    it('returns acme-corp’s items to acme', () => {});
  });
} else {
  // The adapter reads its server from PG_TEST_URL, as the tests of src/db do.
  process.env.PG_TEST_URL = server.url;

  describe(`LangGraph.js PostgresStore (@langchain/langgraph-checkpoint-postgres 1.0.5; ${server.from})`, () => {
    it('returns acme-corp’s items to a search for acme: exactKeys fails, shrunk to two steps, with a link', async () => {
      const run = await conform(langgraph('--store postgres'), '--cases', 'canaries');
      expect(run.stderr).toBe('');
      expect(run.code).toBe(1);
      const sibling = failures(ruleBlock(run.report, 'exactKeys')).find((f) => /crossed: c\d+-corp-user/.test(f));
      expect(sibling, 'a failure where acme-corp’s item crossed').toBeDefined();
      expect(sibling).toMatch(/shrunk to 2 steps; step 2: \{"op":"query","as":\["acme","task-1","planner"\]/);
      expect(sibling).toMatch(/answers like the reference with "exactKeys" switched off/);
      const opened = decodeShare(/open: \S+(#v1\.\S+)/.exec(sibling!)![1]!);
      expect(opened.kind).toBe('shared');
      if (opened.kind === 'shared') {
        expect(opened.state.step).toBe(2);
        const steps = JSON.parse(opened.state.scenario).steps as Array<{ op: string; as: string[] }>;
        expect(steps.map((s) => `${s.op} ${s.as.join('/')}`)).toEqual([
          'write acme-corp/task-1/planner',
          'query acme/task-1/planner',
        ]);
      }
    }, 120_000);

    it('conforms on every case with --guard', async () => {
      const run = await conform(langgraph('--store postgres --guard'));
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/ 0 failed; (\d+) of \1 rules conform/);
    }, 120_000);
  });
}

describe('pgvector in PGlite, k = 16', () => {
  it('with the owner filter inside the query (WHERE … ORDER BY distance LIMIT k) conforms on every case', async () => {
    const run = await conform(pgvector('--filter index'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/ 0 failed; (\d+) of \1 rules conform/);
  }, 60_000);

  it('with the filter after the ranking loses readable items in the larger golden cases, and leaks none', async () => {
    const run = await conform(pgvector('--filter after'), '--cases', 'canaries,golden');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    // Every canary passes: their stores hold fewer than k items, so nothing is crowded out of the top k.
    expect(run.stdout).toMatch(/ (\d+) of \1 rules conform/);
    const golden = ruleBlock(run.report, 'golden');
    expect(failures(golden).length).toBeGreaterThan(0);
    for (const failure of failures(golden)) {
      expect(failure).toMatch(/why: \S+: in the request: /);
      expect(failure).not.toMatch(/crossed:/);
    }
  }, 120_000);
});
