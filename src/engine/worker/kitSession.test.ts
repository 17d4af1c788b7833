/**
 * A router, memtool or vector lesson's session in the engine: the page gets view models and verdicts
 * only. The vector lesson's database opens once, only the newest of the scenarios asked for meanwhile
 * runs, and its checks and verdicts follow the run on screen.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runVector } from '../../core/vector/run';
import type { RawOutcome } from '../../core/vector/outcome';
import { STRATEGIES } from '../../core/vector/queries';
import type { VectorScenario } from '../../core/vector/scenario';
import type { VectorDatabase } from '../../core/vector/kit';
import type { Exercise } from '../../core/exercises/types';
import { createKitSession, judgeKit } from './kitSession';

const SCENARIO: VectorScenario = {
  principal: 'alice',
  k: 2,
  question: Array.from({ length: 16 }, () => 0),
  filter: 'sql',
  scan: 'index',
  ef_search: 40,
  iterative_scan: 'off',
};
const text = (scenario: VectorScenario) => JSON.stringify(scenario);
const PLAN = [
  'Limit (actual rows=1.00 loops=1)',
  '  ->  Index Scan using chunks_embedding_idx on chunks (actual rows=1.00 loops=1)',
  "        Filter: (owner = 'alice'::text)",
  '        Rows Removed by Filter: 39',
];
const alice = (id: number) => ({ id, owner: 'alice', distance: id / 10 });

/** A database whose filtered index query returns one row without the iterative scan, two with it. */
function fakeDatabase(): VectorDatabase & { ran: VectorScenario[] } {
  const db = {
    ran: [] as VectorScenario[],
    async run(scenario: VectorScenario) {
      db.ran.push(scenario);
      const raw = (rows: number): RawOutcome => ({ rows: [alice(1), alice(2)].slice(0, rows), plan: PLAN });
      return runVector(
        scenario,
        STRATEGIES.map(() => raw(2)),
        raw(scenario.iterative_scan === 'off' ? 1 : 2),
      );
    },
  };
  return db;
}

const VECTOR_TASKS = [
  { id: 'where', title: '', kind: 'act', goal: { kind: 'filterPlace', strategy: 2 } },
  { id: 'k', title: '', kind: 'act', goal: { kind: 'returnsK' } },
] as unknown as Exercise[];

describe('the vector lesson’s session', () => {
  it('opens the database once, runs only the newest of the scenarios asked for meanwhile, and judges the run on screen', async () => {
    const db = fakeDatabase();
    let opens = 0;
    const session = createKitSession('vector', async () => {
      opens++;
      return db;
    });
    const first = session.run(text(SCENARIO), 'keep');
    void session.run(text({ ...SCENARIO, k: 1 }), 'keep');
    const last = await session.run(text(SCENARIO), 'keep');
    await first;
    expect(opens).toBe(1);
    // Asked for before any had its turn: only the newest of the three runs.
    expect(db.ran.map((s) => s.k)).toEqual([2]);
    if (last.kind !== 'ok') throw new Error('invalid');
    expect(last.screen.checks.safe.filter((c) => !c.ok).map((c) => c.id)).toEqual(['k-rows']);
    expect(last.shown.view.own?.returned).toBe('1 of 2');
    const acts = { selectedStep: 0, rulesOff: [], log: [] };
    expect((await session.verify({ exercises: VECTOR_TASKS, acts })).map((v) => v.met)).toEqual([false, false]);

    const on = await session.run(text({ ...SCENARIO, iterative_scan: 'strict_order' }), 'keep');
    if (on.kind !== 'ok') throw new Error('invalid');
    expect(on.screen.checks.safe.every((c) => c.ok)).toBe(true);
    expect(on.shown.view.own?.returned).toBe('2 of 2');
    const marked = { ...acts, log: [{ kind: 'mark', step: 2, item: 'Index Scan' } as const] };
    expect((await session.verify({ exercises: VECTOR_TASKS, acts: marked })).map((v) => v.met)).toEqual([true, true]);
    expect(opens).toBe(1);
  });

  it('says why when the database cannot open, and tries again on the next run', async () => {
    let opens = 0;
    const session = createKitSession('vector', () => {
      opens++;
      return Promise.reject(new Error('no WebAssembly here'));
    });
    const reply = await session.run(text(SCENARIO), 'keep');
    if (reply.kind !== 'ok') throw new Error('invalid');
    expect(reply.shown.view.error).toBe('no WebAssembly here');
    await session.run(text(SCENARIO), 'keep');
    expect(opens).toBe(2);
  });

  it('lists a scenario’s problems at once, without the database', async () => {
    const session = createKitSession('vector', () => Promise.reject(new Error('not asked')));
    const reply = await session.run('{ "principal": 3 }', 'keep');
    expect(reply.kind).toBe('invalid');
  });
});

describe('the router and memtool sessions', () => {
  const ROUTER = readFileSync('fixtures/lessons/router-authorize-before-ranking.json', 'utf8');

  it('judge the lesson’s tasks beside the timeline they hold, not on the page', () => {
    const session = createKitSession('router', () => Promise.reject(new Error('no database')));
    const acts = { selectedStep: 0, rulesOff: [], log: [] };
    const exercises = JSON.parse(readFileSync('fixtures/exercises/router-authorize-before-ranking.json', 'utf8')) as {
      exercises: Exercise[];
    };
    expect(session.verify({ exercises: exercises.exercises, acts })).toEqual(
      exercises.exercises.map(({ id }) => ({ id, met: false, reason: 'The scenario has not run yet.' })),
    );
    session.run(ROUTER, 'keep');
    const verdicts = session.verify({ exercises: exercises.exercises, acts }) as { id: string; reason: string }[];
    expect(verdicts.map((v) => v.id)).toEqual(exercises.exercises.map((e) => e.id));
    expect(verdicts.every((v) => v.reason !== 'The scenario has not run yet.')).toBe(true);
  });

  it('move the look: a step that names its context selects it, a typed query stays until cleared', () => {
    const session = createKitSession('router', () => Promise.reject(new Error('no database')));
    session.run(ROUTER, 'keep');
    expect(session.move({ kind: 'actAs', actor: 'visitor' })).toMatchObject({ look: { actor: 'visitor' } });
    expect(session.move({ kind: 'ask', query: '  cedar ' })).toMatchObject({ look: { query: 'cedar' } });
    const stepped = session.move({ kind: 'step', index: 1 }) as { look: { actor: string; query: null } };
    expect(stepped.look).toMatchObject({ index: 1, query: null });
    expect(stepped.look.actor).not.toBe('visitor');
  });

  it('judge a saved text for its done mark: checks for a valid one, a count of problems for another', async () => {
    const judged = await judgeKit('router', ROUTER);
    expect(judged).toMatchObject({ kind: 'ok' });
    expect(await judgeKit('memtool', ROUTER)).toMatchObject({ kind: 'invalid' });
    expect(await judgeKit('vector', text(SCENARIO))).toEqual({ kind: 'ok', checks: [] });
  });
});
