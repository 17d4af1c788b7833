/**
 * The vector lesson's runs in the page: the database opens once, a scenario asked for while another
 * runs waits and only the newest runs, and the checks and the tasks' verdicts follow the run on screen.
 */
import { describe, expect, it } from 'vitest';
import { runVector } from '../../core/vector/run';
import type { RawOutcome } from '../../core/vector/outcome';
import { STRATEGIES } from '../../core/vector/queries';
import type { VectorScenario } from '../../core/vector/scenario';
import { createVectorRunStore, type VectorDatabase } from './vectorRun';

const SCENARIO: VectorScenario = {
  principal: 'alice',
  k: 2,
  question: Array.from({ length: 16 }, () => 0),
  filter: 'sql',
  scan: 'index',
  ef_search: 40,
  iterative_scan: 'off',
};
const PLAN = [
  'Limit (actual rows=1.00 loops=1)',
  '  ->  Index Scan using chunks_embedding_idx on chunks (actual rows=1.00 loops=1)',
  "        Filter: (owner = 'alice'::text)",
  '        Rows Removed by Filter: 39',
];
const alice = (id: number) => ({ id, owner: 'alice', distance: id / 10 });

/** A database whose filtered index query returns one row without the iterative scan, two with it. */
function fakeDatabase(): VectorDatabase & { opened: number; ran: VectorScenario[] } {
  const db = {
    opened: 1,
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

describe('createVectorRunStore', () => {
  it('opens once, runs only the newest of the scenarios asked for meanwhile, and judges the run on screen', async () => {
    const db = fakeDatabase();
    let opens = 0;
    const store = createVectorRunStore(async () => {
      opens++;
      return db;
    });
    store.getState().request(SCENARIO);
    store.getState().request({ ...SCENARIO, k: 1 });
    store.getState().request(SCENARIO);
    await expect.poll(() => store.getState().status).toBe('ready');
    expect(opens).toBe(1);
    expect(db.ran.map((s) => s.k)).toEqual([2]);
    expect(
      store
        .getState()
        .checks.filter((c) => !c.ok)
        .map((c) => c.id),
    ).toEqual(['k-rows']);

    const tasks = [
      { id: 'where', goal: { kind: 'filterPlace', strategy: 2 } as const },
      { id: 'k', goal: { kind: 'returnsK' } as const },
    ];
    expect(
      store
        .getState()
        .verdicts(tasks, [])
        .map((v) => v.met),
    ).toEqual([false, false]);
    const log = [{ kind: 'mark', step: 2, item: 'Index Scan' } as const];
    store.getState().request({ ...SCENARIO, iterative_scan: 'strict_order' });
    await expect.poll(() => store.getState().run?.own.rows.length).toBe(2);
    expect(store.getState().checks.every((c) => c.ok)).toBe(true);
    expect(
      store
        .getState()
        .verdicts(tasks, log)
        .map((v) => v.met),
    ).toEqual([true, true]);
    expect(opens).toBe(1);
  });

  it('says why when the database cannot open', async () => {
    const store = createVectorRunStore(() => Promise.reject(new Error('no WebAssembly here')));
    store.getState().request(SCENARIO);
    await expect.poll(() => store.getState().status).toBe('failed');
    expect(store.getState().error).toBe('no WebAssembly here');
  });
});
