/**
 * The vector lesson's pure part, without a database: the scenario's located problems, the SQL each
 * strategy sends, the reading of a plan (where the owner filter sits, what it dropped), the checks on
 * the learner's query and the tasks' verdicts. The plans are shaped as pgvector's EXPLAIN ANALYZE writes
 * them; src/db/vectorDb.test.ts runs the same queries against the shipped database.
 */
import { describe, expect, it } from 'vitest';
import { runVectorChecks } from './checks';
import {
  CHUNK_COUNT,
  DIMENSIONS,
  otherOwner,
  PRINCIPAL,
  PRINCIPAL_SHARE,
  seeded,
  vectorData,
  vectorLiteral,
} from './data';
import { judgeVectorGoal, verifyVectorExercises } from './goals';
import { nodeName, readOutcome, returnedK, returnedOfK, siteWords, type RawOutcome, type VectorRow } from './outcome';
import {
  ownSettings,
  PRINCIPAL_SETTING,
  READER_ROLE,
  STRATEGIES,
  strategyNumber,
  strategySettings,
  vectorQuery,
  type QuerySettings,
} from './queries';
import { runVector } from './run';
import { DEFAULT_EF_SEARCH, parseVectorScenario, type VectorScenario } from './scenario';
import type { LearnerActs } from '../exercises/types';

const SCENARIO: VectorScenario = {
  principal: 'alice',
  k: 3,
  question: Array.from({ length: DIMENSIONS }, (_, i) => i / 10),
  filter: 'sql',
  scan: 'index',
  ef_search: DEFAULT_EF_SEARCH,
  iterative_scan: 'off',
};

const row = (id: number, owner = 'alice'): VectorRow => ({ id, owner, distance: id / 100 });

/** An index scan that filters on its own line and drops `removed` rows. */
const INDEX_PLAN = (removed: number) => [
  'Limit  (cost=0.00..1.00 rows=3 width=12) (actual time=0.1..0.2 rows=1.00 loops=1)',
  '  ->  Index Scan using chunks_embedding_idx on chunks  (cost=0.00..2.00 rows=400 width=12) (actual rows=1.00 loops=1)',
  "        Order By: (embedding <-> '[0,0.1]'::halfvec)",
  "        Filter: (owner = 'alice'::text)",
  `        Rows Removed by Filter: ${removed}`,
  'Planning Time: 0.1 ms',
];

/** A sequential scan under a sort: the filter sits on the scan, before anything is ranked. */
const SEQ_PLAN = [
  'Limit  (actual rows=3.00 loops=1)',
  '  ->  Sort  (actual rows=3.00 loops=1)',
  "        Sort Key: ((embedding <-> '[0]'::halfvec))",
  '        Sort Method: top-N heapsort  Memory: 25kB',
  '        ->  Seq Scan on chunks  (actual rows=400.00 loops=1)',
  "              Filter: (owner = 'alice'::text)",
  '              Rows Removed by Filter: 39600',
];

/** An index scan with no filter at all: what ranking first hands the application. */
const UNFILTERED_PLAN = [
  'Limit  (actual rows=3.00 loops=1)',
  '  ->  Index Scan using chunks_embedding_idx on chunks  (actual rows=3.00 loops=1)',
  "        Order By: (embedding <-> '[0]'::halfvec)",
];

const settings = (over: Partial<QuerySettings> = {}): QuerySettings => ({
  filter: 'sql',
  scan: 'index',
  ef_search: DEFAULT_EF_SEARCH,
  iterative_scan: 'off',
  ...over,
});

describe('parseVectorScenario', () => {
  const text = (over: Record<string, unknown>) => JSON.stringify({ ...SCENARIO, ...over }, null, 2);

  it('accepts a well-formed scenario as written', () => {
    expect(parseVectorScenario(text({}))).toEqual({ kind: 'ok', scenario: SCENARIO });
  });

  it.each([
    ['k', 0],
    ['k', 101],
    ['k', 2.5],
    ['ef_search', 0],
    ['ef_search', 1001],
    ['principal', 'Alice'],
    ['question', [1, 2]],
    ['question', Array.from({ length: DIMENSIONS }, () => 11)],
    ['filter', 'where'],
    ['scan', 'ivfflat'],
    ['iterative_scan', 'on'],
  ])('refuses %s = %j with a problem located on that field', (field, value) => {
    const result = parseVectorScenario(text({ [field]: value }));
    expect(result.kind).toBe('invalid');
    if (result.kind !== 'invalid') return;
    const problem = result.problems[0]!;
    expect(problem.path.startsWith(field), problem.path).toBe(true);
    const line = text({ [field]: value })
      .split('\n')
      .findIndex((l) => l.includes(`"${field}"`));
    expect(problem.line).toBeGreaterThanOrEqual(line + 1);
  });

  it('names the field it does not know', () => {
    const result = parseVectorScenario(text({ owner: 'alice' }));
    expect(result.kind).toBe('invalid');
    if (result.kind === 'invalid') expect(JSON.stringify(result.problems)).toContain('owner');
  });
});

describe('the data', () => {
  it('draws the same numbers from the same seed, and other numbers from another', () => {
    const a = seeded(7);
    const b = seeded(7);
    const drawn = Array.from({ length: 50 }, () => a());
    expect(Array.from({ length: 50 }, () => b())).toEqual(drawn);
    expect(drawn.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(drawn).size).toBe(50);
    const c = seeded(8);
    expect(c()).not.toBe(drawn[0]);
  });

  it('spreads the draws over [0, 1)', () => {
    const random = seeded(1);
    const draws = Array.from({ length: 2000 }, () => random());
    const mean = draws.reduce((s, x) => s + x, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
    expect(draws.filter((x) => x < 0.1).length).toBeGreaterThan(150);
    expect(draws.filter((x) => x > 0.9).length).toBeGreaterThan(150);
  });

  it('gives the principal one chunk in a hundred, every chunk its numbers to two decimals', () => {
    const { chunks, question } = vectorData(3);
    expect(chunks).toHaveLength(CHUNK_COUNT);
    expect(chunks.map((c) => c.id)).toEqual(Array.from({ length: CHUNK_COUNT }, (_, i) => i + 1));
    expect(chunks.filter((c) => c.owner === PRINCIPAL)).toHaveLength(CHUNK_COUNT * PRINCIPAL_SHARE);
    expect(chunks[0]!.owner).toBe(PRINCIPAL);
    expect(question).toHaveLength(DIMENSIONS);
    for (const chunk of chunks.slice(0, 500)) {
      expect(chunk.embedding).toHaveLength(DIMENSIONS);
      for (const x of chunk.embedding) expect(Math.round(x * 100) / 100).toBe(x);
    }
    const others = new Set(chunks.map((c) => c.owner));
    expect(others.size).toBe(100);
    expect(others.has('user-01') && others.has('user-99')).toBe(true);
  });

  it("clusters an owner's chunks around a few topics, the question near the principal's", () => {
    const { chunks, question } = vectorData();
    const distance = (a: number[], b: number[]) => Math.hypot(...a.map((x, i) => x - b[i]!));
    const nearest = (owner: string) =>
      Math.min(...chunks.filter((c) => c.owner === owner).map((c) => distance(c.embedding, question)));
    const spread = chunks.slice(0, 2000).flatMap((c) => c.embedding);
    const mean = spread.reduce((s, x) => s + x, 0) / spread.length;
    expect(Math.abs(mean)).toBeLessThan(0.2);
    expect(Math.max(...spread)).toBeLessThan(4);
    expect(nearest(PRINCIPAL)).toBeLessThan(nearest('user-50'));
    expect(vectorData()).toEqual({ chunks, question });
  });

  it('writes owners and vectors as the table stores them', () => {
    expect(otherOwner(1)).toBe('user-01');
    expect(otherOwner(99)).toBe('user-99');
    expect(vectorLiteral([0.5, -1, 2])).toBe('[0.5,-1,2]');
  });
});

describe('vectorQuery', () => {
  it('filters in SQL with a WHERE on the owner, quoting the principal', () => {
    const query = vectorQuery({ ...SCENARIO, principal: "o'neil", k: 5 }, settings());
    expect(query.role).toBeNull();
    expect(query.setup).toEqual([`SET LOCAL hnsw.ef_search = ${DEFAULT_EF_SEARCH}`]);
    expect(query.sql).toContain(" WHERE owner = 'o''neil' ");
    expect(query.sql).toMatch(/ORDER BY embedding <-> '\[0,0\.1,[^\]]*\]'::halfvec LIMIT 5$/);
    expect(query.sql).toMatch(/^SELECT id, owner, \(embedding <-> '\[/);
  });

  it('reads as the reader role under the policy, the principal set for the transaction', () => {
    const query = vectorQuery(SCENARIO, settings({ filter: 'rls', ef_search: 80 }));
    expect(query.role).toBe(READER_ROLE);
    expect(query.setup).toEqual(['SET LOCAL hnsw.ef_search = 80', `SET LOCAL ${PRINCIPAL_SETTING} = 'alice'`]);
    expect(query.sql).toMatch(/ FROM chunks ORDER BY /);
  });

  it('turns on the iterative scan, or the index off, only when asked', () => {
    const iterative = vectorQuery(SCENARIO, settings({ iterative_scan: 'strict_order' }));
    expect(iterative.setup).toContain('SET LOCAL hnsw.iterative_scan = strict_order');
    const exact = vectorQuery(SCENARIO, settings({ filter: 'application', scan: 'exact' }));
    expect(exact.setup).toEqual([
      `SET LOCAL hnsw.ef_search = ${DEFAULT_EF_SEARCH}`,
      'SET LOCAL enable_indexscan = off',
    ]);
    expect(exact.sql).not.toContain('WHERE');
    expect(exact.role).toBeNull();
  });

  it('numbers the strategies as the lesson shows them and runs each at the default ef_search', () => {
    expect(STRATEGIES.map((s) => strategyNumber(s.id))).toEqual([1, 2, 3, 4, 5]);
    expect(strategySettings(STRATEGIES[3]!)).toEqual({ ...STRATEGIES[3]!.settings, ef_search: DEFAULT_EF_SEARCH });
    expect(strategySettings(STRATEGIES[0]!, 7).ef_search).toBe(7);
    expect(
      ownSettings({ ...SCENARIO, filter: 'rls', scan: 'exact', ef_search: 9, iterative_scan: 'relaxed_order' }),
    ).toEqual({ filter: 'rls', scan: 'exact', ef_search: 9, iterative_scan: 'relaxed_order' });
  });
});

describe('reading a plan', () => {
  it('names plan nodes, not their detail lines', () => {
    expect(nodeName('  ->  Index Scan using chunks_embedding_idx on chunks  (actual rows=1)')).toBe('Index Scan');
    expect(nodeName('        ->  Seq Scan on chunks  (actual rows=400.00 loops=1)')).toBe('Seq Scan');
    expect(nodeName('Limit  (actual rows=3.00 loops=1)')).toBe('Limit');
    expect(nodeName('  ->  Sort')).toBe('Sort');
    expect(nodeName("        Filter: (owner = 'alice'::text)")).toBeNull();
    expect(nodeName('        Rows Removed by Filter: 3')).toBeNull();
    expect(nodeName('  ->  lowercase thing')).toBeNull();
    expect(nodeName('  ->  index Scan on chunks')).toBeNull();
    expect(nodeName('  ->  Sort   ')).toBe('Sort');
  });

  it('finds the filter on the index scan, and counts what it dropped as ranked', () => {
    const outcome = readOutcome('alice', 3, settings(), { rows: [row(1)], plan: INDEX_PLAN(39) });
    expect(outcome).toMatchObject({
      filterLine: 3,
      filterNode: 'Index Scan',
      site: 'index-scan',
      removedByFilter: 39,
      othersHanded: 0,
      othersScored: 39,
    });
    expect(returnedOfK(outcome)).toBe('1 of 3');
    expect(returnedK(outcome)).toBe(false);
    expect(siteWords(outcome)).toBe(
      'on the index scan, after the index found its candidates: it dropped 39 rows of other owners the index had already ranked',
    );
  });

  it('finds the filter on a sequential scan under the sort, where nothing of others is ranked', () => {
    const outcome = readOutcome('alice', 3, settings({ scan: 'exact' }), {
      rows: [row(1), row(2), row(3)],
      plan: SEQ_PLAN,
    });
    expect(outcome).toMatchObject({
      filterLine: 5,
      filterNode: 'Seq Scan',
      site: 'seq-scan',
      removedByFilter: 39600,
      othersScored: 0,
    });
    expect(returnedK(outcome)).toBe(true);
    expect(siteWords(outcome)).toMatch(/^on the sequential scan, before the sort/);
  });

  it('reads "Rows Removed by Filter" only from the filtering node down', () => {
    const plan = ['Limit', '  Rows Removed by Filter: 5', ...INDEX_PLAN(2).slice(1)];
    expect(readOutcome('alice', 3, settings(), { rows: [], plan }).removedByFilter).toBe(2);
    expect(readOutcome('alice', 3, settings(), { rows: [], plan: UNFILTERED_PLAN }).removedByFilter).toBe(0);
  });

  it('finds the owner among the conditions of a combined filter, and on a plan without a Limit', () => {
    const plan = [
      'Index Scan using chunks_embedding_idx on chunks  (actual rows=2.00 loops=1)',
      "  Filter: ((id > 0) AND (owner = current_setting('app.principal'::text)))",
      '  Rows Removed by Filter: 12',
    ];
    const outcome = readOutcome('alice', 3, settings({ filter: 'rls' }), { rows: [row(1), row(2)], plan });
    expect(outcome).toMatchObject({ filterLine: 1, filterNode: 'Index Scan', site: 'index-scan', removedByFilter: 12 });
  });

  it('gives the filter to the node above it, not to the next one', () => {
    const plan = [
      'Limit  (actual rows=3.00 loops=1)',
      '  ->  Merge Append  (actual rows=3.00 loops=1)',
      '        ->  Index Scan using chunks_1_embedding_idx on chunks_1  (actual rows=1.00 loops=1)',
      "              Filter: (owner = 'alice'::text)",
      '        ->  Seq Scan on chunks_2  (actual rows=2.00 loops=1)',
    ];
    expect(readOutcome('alice', 3, settings(), { rows: [], plan }).filterNode).toBe('Index Scan');
  });

  it('ignores a filter that is not on the owner', () => {
    const plan = [...UNFILTERED_PLAN, '        Filter: (id > 3)', '        Rows Removed by Filter: 8'];
    const outcome = readOutcome('alice', 3, settings(), { rows: [], plan });
    expect(outcome).toMatchObject({ filterLine: null, filterNode: null, site: 'none', removedByFilter: 0 });
    expect(siteWords(outcome)).toBe('nowhere in the plan');
  });

  it('filters in the application after ranking: every other row left the database', () => {
    const raw: RawOutcome = { rows: [row(1, 'user-02'), row(2), row(3, 'user-07')], plan: UNFILTERED_PLAN };
    const outcome = readOutcome('alice', 3, settings({ filter: 'application' }), raw);
    expect(outcome.site).toBe('application');
    expect(outcome.rows).toEqual([row(2)]);
    expect(outcome.handed).toEqual(raw.rows);
    expect(outcome.othersHanded).toBe(2);
    expect(outcome.othersScored).toBe(2);
    expect(siteWords(outcome)).toBe(
      'after ranking, in the application: the database handed over 3 rows, 2 of other owners',
    );
  });

  it('keeps a sql-filtered query its rows, even if another owner slipped in', () => {
    const raw: RawOutcome = { rows: [row(1), row(2, 'bob')], plan: INDEX_PLAN(0) };
    const outcome = readOutcome('alice', 3, settings(), raw);
    expect(outcome.rows).toEqual(raw.rows);
    expect(outcome.othersHanded).toBe(1);
    expect(outcome.othersScored).toBe(1);
  });
});

/** A run whose exact scan finds `owned` of the principal's rows, and the learner's query `own`. */
function run(own: RawOutcome, owned = 3, scenario: VectorScenario = SCENARIO) {
  const exact: RawOutcome = { rows: Array.from({ length: owned }, (_, i) => row(i + 1)), plan: SEQ_PLAN };
  const shortIndex: RawOutcome = { rows: [row(1)], plan: INDEX_PLAN(39) };
  const ranked: RawOutcome = { rows: [row(1), row(2, 'user-03'), row(3, 'user-04')], plan: UNFILTERED_PLAN };
  return runVector(scenario, [ranked, shortIndex, shortIndex, exact, exact], own);
}

describe('runVector', () => {
  it('reads each strategy with its own settings and the learner query with the scenario', () => {
    const result = run({ rows: [row(1)], plan: INDEX_PLAN(39) });
    expect(result.strategies.map((s) => s.outcome.site)).toEqual([
      'application',
      'index-scan',
      'index-scan',
      'seq-scan',
      'seq-scan',
    ]);
    expect(result.strategies.map((s) => s.strategy.id)).toEqual(STRATEGIES.map((s) => s.id));
    expect(result.strategies[3]!.outcome.settings.iterative_scan).toBe('strict_order');
    expect(result.strategies[0]!.outcome.rows).toEqual([row(1)]);
    expect(result.own.settings).toEqual(ownSettings(SCENARIO));
    expect(result.own.k).toBe(3);
  });
});

describe('runVectorChecks', () => {
  const failing = (checks: ReturnType<typeof runVectorChecks>) => checks.filter((c) => !c.ok).map((c) => c.id);

  it('is green when the query returns k of the principal’s rows from the database', () => {
    const checks = runVectorChecks(run({ rows: [row(1), row(2), row(3)], plan: INDEX_PLAN(0) }));
    expect(checks.map((c) => c.id)).toEqual(['own-rows-only', 'nothing-foreign-leaves', 'k-rows']);
    expect(checks.map((c) => c.title)).toEqual([
      'The principal receives only their own rows',
      "No other owner's row leaves the database",
      'The query returns k rows when the principal owns k',
    ]);
    expect(failing(checks)).toEqual([]);
  });

  it('says which chunk of whom the principal received', () => {
    const checks = runVectorChecks(run({ rows: [row(1), row(9, 'user-05')], plan: INDEX_PLAN(0) }));
    expect(failing(checks)).toEqual(['own-rows-only', 'nothing-foreign-leaves', 'k-rows']);
    expect(checks[0]!.failures).toEqual([{ step: 0, reason: 'alice received chunk 9 of user-05.', path: ['filter'] }]);
    expect(checks[1]!.failures).toEqual([
      {
        step: 0,
        reason: "The database handed the application 1 row of other owners, ranked beside alice's, before it filtered.",
        path: ['filter'],
      },
    ]);
  });

  it('counts a short answer against what the principal owns, capped at k', () => {
    const short = { rows: [row(1)], plan: INDEX_PLAN(39) };
    const checks = runVectorChecks(run(short));
    expect(failing(checks)).toEqual(['k-rows']);
    expect(checks[2]!.failures).toEqual([
      {
        step: 0,
        reason:
          'The query returned 1 of 3, though alice owns at least 3: the filter ran after the index had chosen its candidates.',
        path: ['iterative_scan'],
      },
    ]);
    // The principal owns one row only: one is all that is owed.
    expect(failing(runVectorChecks(run(short, 1)))).toEqual([]);
    // Owns two: one is short by one.
    expect(failing(runVectorChecks(run(short, 2)))).toEqual(['k-rows']);
    expect(failing(runVectorChecks(run({ rows: [row(1), row(2)], plan: INDEX_PLAN(0) }, 2)))).toEqual([]);
  });

  it('fails the application filter for what it handed over, not for what the principal got', () => {
    const own = { rows: [row(1), row(2, 'user-03'), row(3), row(4)], plan: UNFILTERED_PLAN };
    const scenario = { ...SCENARIO, filter: 'application' as const };
    expect(failing(runVectorChecks(run(own, 3, scenario)))).toEqual(['nothing-foreign-leaves']);
  });
});

describe('the vector goals', () => {
  const acts = (log: LearnerActs['log']): LearnerActs => ({ selectedStep: 0, rulesOff: [], log });
  const mark = (step: number, item: string) => ({ kind: 'mark' as const, step, item });
  const shortRun = run({ rows: [row(1)], plan: INDEX_PLAN(39) });

  it('meets the filter place when the first mark on that strategy is its filtering node', () => {
    const [met, reason] = judgeVectorGoal(
      { kind: 'filterPlace', strategy: 2 },
      shortRun,
      acts([mark(2, 'Index Scan')]),
    );
    expect(met).toBe(true);
    expect(reason).toBe(
      'The filter sits on the index scan, after the index found its candidates: it dropped 39 rows of other owners the index had already ranked; so the principal got 1 of 3 (hnsw.ef_search = 40).',
    );
    expect(
      judgeVectorGoal({ kind: 'filterPlace', strategy: 4 }, shortRun, acts([mark(2, 'Limit'), mark(4, 'Seq Scan')]))[0],
    ).toBe(true);
    // Seeing the strategy first is no mark.
    const seen = acts([{ kind: 'see', step: 2 }, mark(2, 'Index Scan')]);
    expect(judgeVectorGoal({ kind: 'filterPlace', strategy: 2 }, shortRun, seen)[0]).toBe(true);
  });

  it('keeps the first mark final', () => {
    const [met, reason] = judgeVectorGoal(
      { kind: 'filterPlace', strategy: 2 },
      shortRun,
      acts([mark(2, 'Limit'), mark(2, 'Index Scan')]),
    );
    expect(met).toBe(false);
    expect(reason).toBe('You marked the Limit node of strategy 2, and that mark is final; the filter sits elsewhere.');
  });

  it('says what is missing: a mark, a filter, a strategy', () => {
    expect(judgeVectorGoal({ kind: 'filterPlace', strategy: 2 }, shortRun, acts(undefined))).toEqual([
      false,
      "No node of strategy 2's plan is marked yet.",
    ]);
    expect(judgeVectorGoal({ kind: 'filterPlace', strategy: 2 }, shortRun, acts([{ kind: 'see', step: 2 }]))).toEqual([
      false,
      "No node of strategy 2's plan is marked yet.",
    ]);
    expect(judgeVectorGoal({ kind: 'filterPlace', strategy: 1 }, shortRun, acts([mark(1, 'Limit')]))).toEqual([
      false,
      "Strategy 1's plan filters nowhere.",
    ]);
    expect(judgeVectorGoal({ kind: 'filterPlace', strategy: 6 }, shortRun, acts([]))).toEqual([
      false,
      'The lesson has no strategy 6.',
    ]);
  });

  it('meets "returns k" only from the database, at the default ef_search, with k rows', () => {
    const goal = { kind: 'returnsK' } as const;
    const full = { rows: [row(1), row(2), row(3)], plan: INDEX_PLAN(0) };
    expect(judgeVectorGoal(goal, run(full), acts([]))).toEqual([
      true,
      "Your query returns 3 of 3, all alice's; the filter sits on the index scan, after the index found its candidates: it dropped 0 rows of other owners the index had already ranked.",
    ]);
    expect(judgeVectorGoal(goal, shortRun, acts([]))).toEqual([false, 'Your query returns 1 of 3.']);
    expect(judgeVectorGoal(goal, run({ ...full, rows: [row(1), row(2, 'bob')] }), acts([]))).toEqual([
      false,
      "Your query returned rows that are not alice's.",
    ]);
    const application = { ...SCENARIO, filter: 'application' as const };
    const handed = run({ rows: [...full.rows, row(4, 'bob')], plan: UNFILTERED_PLAN }, 3, application);
    expect(judgeVectorGoal(goal, handed, acts([]))).toEqual([
      false,
      'Your query handed the application 1 row of other owners: the filter must stay in the database.',
    ]);
    const wide = { ...SCENARIO, ef_search: DEFAULT_EF_SEARCH + 1 };
    expect(judgeVectorGoal(goal, run(full, 3, wide), acts([]))).toEqual([
      false,
      'hnsw.ef_search is 41: a wider candidate list for every query. Keep it at 40 and find another way.',
    ]);
    expect(judgeVectorGoal(goal, run(full, 3, { ...SCENARIO, ef_search: DEFAULT_EF_SEARCH }), acts([]))[0]).toBe(true);
  });

  it('judges every task of the lesson against the same run', () => {
    const verdicts = verifyVectorExercises(
      [
        { id: 'where', goal: { kind: 'filterPlace', strategy: 2 } },
        { id: 'k', goal: { kind: 'returnsK' } },
      ],
      shortRun,
      acts([mark(2, 'Index Scan')]),
    );
    expect(verdicts.map(({ id, met }) => [id, met])).toEqual([
      ['where', true],
      ['k', false],
    ]);
    expect(verdicts[1]!.reason).toBe('Your query returns 1 of 3.');
    expect(() => judgeVectorGoal({ kind: 'other' } as never, shortRun, acts([]))).toThrow(/goal/);
  });
});
