/**
 * The vector lesson on the shipped database (PGlite with pgvector): what each strategy returns and
 * hands over, where its plan filters, the checks on the learner's query (green with the iterative scan,
 * red without), and its tasks: unmet as shipped, met by the reference solution, unmet by near misses.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { parseLessonExercises } from '../core/exercises/lessonExercises';
import { solvedText } from '../core/exercises/lessonTasks';
import type { LearnerActs, VectorGoal } from '../core/exercises/types';
import { CHUNK_COUNT, PRINCIPAL, vectorData } from '../core/vector/data';
import { runVectorChecks } from '../core/vector/checks';
import { judgeVectorGoal } from '../core/vector/goals';
import { parseVectorScenario, type VectorScenario } from '../core/vector/scenario';
import type { VectorRun } from '../core/vector/run';
import { openVectorDb, runVectorScenario } from './vectorDb';
import { VECTOR_DUMP_PATH } from './vectorDump';

const LESSON = 'vector-filter-after-scan';
const lessonText = readFileSync(`fixtures/lessons/${LESSON}.json`, 'utf8');
const exercisesFile = parseLessonExercises('vector', readFileSync(`fixtures/exercises/${LESSON}.json`, 'utf8'));
if (exercisesFile.kind === 'invalid') throw new Error(JSON.stringify(exercisesFile.problems));
const { exercises, solution } = exercisesFile.scenario;

const scenarioOf = (text: string): VectorScenario => {
  const parsed = parseVectorScenario(text);
  if (parsed.kind === 'invalid') throw new Error(JSON.stringify(parsed.problems));
  return parsed.scenario;
};
const shipped = scenarioOf(lessonText);
const solvedOutcome = solvedText(lessonText, solution);
if (solvedOutcome.kind === 'invalid') throw new Error(JSON.stringify(solvedOutcome.problems));
const solved = scenarioOf(solvedOutcome.text);

let db: PGlite;
beforeAll(async () => {
  db = await openVectorDb(new Uint8Array(readFileSync(VECTOR_DUMP_PATH)));
}, 60_000);
afterAll(() => db.close());

const run = (scenario: VectorScenario) => runVectorScenario(db, scenario);
const verdict = (r: VectorRun, id: string, acts: LearnerActs) =>
  judgeVectorGoal(exercises.find((e) => e.id === id)!.goal as VectorGoal, r, acts);
const noActs: LearnerActs = { selectedStep: 0, rulesOff: [] };

describe('the shipped database', () => {
  it(`holds ${CHUNK_COUNT} chunks, 1 in 100 of them ${PRINCIPAL}'s, and the lesson asks the generator's question`, async () => {
    const rows = (
      await db.query<{ n: number; own: number }>(
        `SELECT count(*)::int AS n, count(*) FILTER (WHERE owner = '${PRINCIPAL}')::int AS own FROM chunks`,
      )
    ).rows;
    expect(rows).toEqual([{ n: CHUNK_COUNT, own: CHUNK_COUNT / 100 }]);
    expect(shipped.question).toEqual(vectorData().question);
  });
});

describe('the five strategies, side by side', () => {
  let r: VectorRun;
  beforeAll(async () => {
    r = await run(shipped);
  }, 60_000);
  const of = (id: string) => r.strategies.find(({ strategy }) => strategy.id === id)!.outcome;

  it('filtering after the HNSW scan leaves alice short, in SQL and under RLS alike', () => {
    for (const id of ['where-over-index', 'rls-over-index']) {
      const outcome = of(id);
      expect(outcome.rows.length, id).toBeLessThan(shipped.k);
      expect(outcome.site, id).toBe('index-scan');
      expect(outcome.plan[outcome.filterLine!], id).toMatch(/Filter: \(owner = /);
      expect(outcome.rows.length + outcome.removedByFilter, id).toBe(shipped.ef_search);
      expect(outcome.othersHanded, id).toBe(0);
    }
    expect(of('where-over-index').rows.map((row) => row.id)).toEqual(of('rls-over-index').rows.map((row) => row.id));
  });

  it('ranking first hands other owners’ rows to the application', () => {
    const outcome = of('rank-then-filter');
    expect(outcome.handed).toHaveLength(shipped.k);
    expect(outcome.othersHanded).toBeGreaterThan(0);
    expect(outcome.rows.every((row) => row.owner === PRINCIPAL)).toBe(true);
    expect(outcome.site).toBe('application');
  });

  it('the iterative scan and the exact scan return k, the same nearest rows; only the exact one ranks no one else', () => {
    const iterative = of('iterative-scan');
    const exact = of('exact-scan');
    expect(iterative.rows).toHaveLength(shipped.k);
    expect(iterative.rows.map((row) => row.id)).toEqual(exact.rows.map((row) => row.id));
    expect(iterative.othersScored).toBeGreaterThan(of('where-over-index').othersScored);
    expect(exact.site).toBe('seq-scan');
    expect(exact.othersScored).toBe(0);
  });
});

describe('the checks on the learner’s query', () => {
  it('are green with the iterative scan, and k-rows is red without it (as shipped)', async () => {
    expect(runVectorChecks(await run(solved)).filter((check) => !check.ok)).toEqual([]);
    const red = runVectorChecks(await run(shipped)).filter((check) => !check.ok);
    expect(red.map((check) => check.id)).toEqual(['k-rows']);
    expect(red[0]!.failures[0]!.reason).toMatch(/^The query returned \d of 10/);
  });

  it('ranking first in the application turns nothing-foreign-leaves red', async () => {
    const red = runVectorChecks(await run({ ...solved, filter: 'application' })).filter((check) => !check.ok);
    expect(red.map((check) => check.id)).toContain('nothing-foreign-leaves');
  });
});

describe('the tasks', () => {
  const mark = (item: string): LearnerActs => ({ ...noActs, log: [{ kind: 'mark', step: 2, item }] });

  it('are unmet as shipped and met by the reference solution', async () => {
    const before = await run(shipped);
    expect(exercises.map((e) => verdict(before, e.id, noActs)[0])).toEqual([false, false]);
    const after = await run(solved);
    const acts: LearnerActs = { ...noActs, ...solution!.acts, rulesOff: [] };
    expect(exercises.map((e) => verdict(after, e.id, acts))).toEqual([
      [true, expect.stringMatching(/^The filter sits on the index scan/)],
      [true, expect.stringMatching(/^Your query returns 10 of 10/)],
    ]);
  });

  it('find-the-filter: a first mark on the wrong node is final', async () => {
    const r = await run(shipped);
    expect(verdict(r, 'find-the-filter', mark('Limit'))).toEqual([
      false,
      expect.stringMatching(/You marked the Limit node/),
    ]);
    const both: LearnerActs = {
      ...noActs,
      log: [
        { kind: 'mark', step: 2, item: 'Limit' },
        { kind: 'mark', step: 2, item: 'Index Scan' },
      ],
    };
    expect(verdict(r, 'find-the-filter', both)[0]).toBe(false);
  });

  it('return-k: neither raising ef_search nor ranking in the application meets it', async () => {
    const wider = await run({ ...shipped, ef_search: 1000 });
    expect(wider.own.rows).toHaveLength(10);
    expect(verdict(wider, 'return-k', noActs)).toEqual([false, expect.stringMatching(/hnsw.ef_search is 1000/)]);
    const app = await run({ ...solved, filter: 'application' });
    expect(verdict(app, 'return-k', noActs)).toEqual([false, expect.stringMatching(/handed the application/)]);
    const exact = await run({ ...shipped, scan: 'exact' });
    expect(verdict(exact, 'return-k', noActs)[0]).toBe(true);
  });
});
