/**
 * The vector lesson: the learner's own query (with the iterative-scan switch), the five strategies side
 * by side (rows returned against k, other owners' rows handed over or ranked, the plan with its filter
 * marked), the checks on the learner's query and the lesson's tasks. Loaded only when the lesson opens,
 * with PGlite, pgvector and the shipped database.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { CHUNK_COUNT, DIMENSIONS, PRINCIPAL, PRINCIPAL_SHARE } from '../../core/vector/data';
import { nodeName, returnedK, returnedOfK, siteWords, type QueryOutcome } from '../../core/vector/outcome';
import { STRATEGIES } from '../../core/vector/queries';
import type { VectorRun } from '../../core/vector/run';
import type { Act, VectorGoal } from '../../core/exercises/types';
import { count } from '../../core/text/plural';
import type { VectorLessonStore } from '../../state/lessons/vectorKit';
import { createVectorRunStore, type VectorTask } from '../../state/vector/vectorRun';
import { useProgress, useProgressStore, useReveal } from '../common/exercisesContext';
import type { EngineLessonProps } from '../lessons/EngineLessonPage';
import './vector.css';

const LESSON_ID = 'vector-filter-after-scan';

function openDatabase() {
  return import('../../db/vectorDbPage').then(async ({ openPageVectorDb, runVectorScenario }) => {
    const db = await openPageVectorDb();
    return { run: (scenario: Parameters<typeof runVectorScenario>[1]) => runVectorScenario(db, scenario) };
  });
}

/** A plan, one line each, the filter's line marked. */
function Plan({ outcome, label }: { outcome: QueryOutcome; label: string }) {
  // While the task asking for the filter's place is pending, the plan is shown unmarked (core/exercises/reveal.ts).
  const marked = useReveal()?.planMarker !== false;
  return (
    // Focusable: a long plan line scrolls sideways, and a keyboard user must be able to scroll it.
    <pre className="vector-plan" aria-label={label} tabIndex={0}>
      {outcome.plan.map((line, i) => {
        const shown = line.replace(/'\[[^\]]*\]'/g, "'[question]'");
        return marked && i === outcome.filterLine ? (
          <mark key={i} className="vector-filter-line">
            {shown}
            {'  ← the owner filter\n'}
          </mark>
        ) : (
          <span key={i}>{`${shown}\n`}</span>
        );
      })}
    </pre>
  );
}

function Figures({ outcome }: { outcome: QueryOutcome }) {
  return (
    <dl className="vector-figures">
      <dt>Rows returned</dt>
      <dd className={returnedK(outcome) ? 'vector-full' : 'vector-short'} data-testid="returned">
        {returnedOfK(outcome)}
      </dd>
      <dt>Other owners’ rows handed to the application</dt>
      <dd>{outcome.othersHanded}</dd>
      <dt>Other owners’ rows ranked, then dropped or handed over</dt>
      <dd>{outcome.othersScored}</dd>
      <dt>Where the filter sits</dt>
      <dd>{siteWords(outcome)}</dd>
    </dl>
  );
}

/** The five strategies in one table: what each returned against k and what other owners' rows it exposed. */
function Comparison({ run }: { run: VectorRun }) {
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard user must be able to scroll it.
    <div className="vector-comparison-wrap" tabIndex={0} role="region" aria-label="The five strategies compared">
      <table className="vector-comparison">
        <caption>The five strategies for the same question</caption>
        <thead>
          <tr>
            <th scope="col">Strategy</th>
            <th scope="col">Rows returned</th>
            <th scope="col">Other owners’ rows handed over</th>
            <th scope="col">Other owners’ rows ranked</th>
          </tr>
        </thead>
        <tbody>
          {run.strategies.map(({ strategy, outcome }, i) => (
            <tr key={strategy.id}>
              <th scope="row">
                {i + 1}. {STRATEGIES[i]!.title}
              </th>
              <td className={returnedK(outcome) ? 'vector-full' : 'vector-short'}>{returnedOfK(outcome)}</td>
              <td>{outcome.othersHanded}</td>
              <td>{outcome.othersScored}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const NO_ACTS: readonly Act[] = [];

function MarkNode({ strategy, outcome }: { strategy: number; outcome: QueryOutcome }) {
  const { log, recordAct } = useProgress(
    useShallow((s) => ({ log: s.live?.lessonId === LESSON_ID ? s.live.acts : NO_ACTS, recordAct: s.recordAct })),
  );
  const mark = (at: number, node: string) => recordAct({ kind: 'mark', step: at, item: node });
  const nodes = [...new Set(outcome.plan.map(nodeName).filter((name): name is string => name !== null))];
  const marked = log.find((act) => act.kind === 'mark' && act.step === strategy);
  return (
    <fieldset className="vector-mark">
      <legend>Which node filters by owner?</legend>
      {nodes.map((node) => (
        <button
          key={node}
          type="button"
          disabled={marked !== undefined}
          aria-pressed={marked?.kind === 'mark' && marked.item === node}
          onClick={() => mark(strategy, node)}
        >
          {node}
        </button>
      ))}
      {marked?.kind === 'mark' ? <p className="muted">You marked {marked.item} (final).</p> : null}
    </fieldset>
  );
}

export default function VectorLesson({ store, lesson }: EngineLessonProps<VectorLessonStore>) {
  const runs = useMemo(() => createVectorRunStore(openDatabase), []);
  const { scenario, ranText, problems, loadScenario } = useStore(
    store,
    useShallow((s) => ({
      scenario: s.timeline,
      ranText: s.ranText,
      problems: s.problems,
      loadScenario: s.loadScenario,
    })),
  );
  const { status, error, run, checks, openedIn } = useStore(
    runs,
    useShallow((s) => ({ status: s.status, error: s.error, run: s.run, checks: s.checks, openedIn: s.openedIn })),
  );
  const progress = useProgressStore();
  const live = useProgress((s) => (s.live?.lessonId === LESSON_ID ? s.live : null));
  const exercises = live?.exercises;
  const tasks: VectorTask[] = useMemo(
    () => (exercises ?? []).map((e) => ({ id: e.id, goal: e.goal as VectorGoal })),
    [exercises],
  );
  const acts = live?.acts ?? NO_ACTS;
  const key = live?.key ?? null;
  useEffect(() => {
    runs.getState().request(scenario);
  }, [runs, scenario]);
  // The lesson's tasks are judged here, on the run on screen; the Tasks panel shows the verdicts.
  useEffect(() => {
    const shown = progress.getState().live;
    if (key === null || shown === null || run === null || tasks.length === 0) return;
    progress.getState().receiveVerdicts(key, runs.getState().verdicts(tasks, acts), shown.keep());
  }, [progress, runs, key, run, tasks, acts]);
  const setIterative = (on: boolean) => {
    const value = JSON.parse(ranText) as Record<string, unknown>;
    loadScenario(`${JSON.stringify({ ...value, iterative_scan: on ? 'strict_order' : 'off' }, null, 2)}\n`);
  };
  const own = run?.own;
  return (
    <main className="vector-lesson" data-status={status}>
      {/* The evidence first (beside the lesson on a wide screen): the learner's query and the five strategies. */}
      <div className="vector-evidence">
        <section className="vector-own" aria-labelledby="vector-own-title">
          <h2 id="vector-own-title">
            Your query: {scenario.principal} asks for the {scenario.k} nearest chunks
          </h2>
          <p role="status" className="muted">
            {status === 'opening'
              ? 'Opening the database…'
              : status === 'running'
                ? 'Running the queries…'
                : status === 'failed'
                  ? `The database could not run: ${error}`
                  : `Database opened in ${openedIn ?? 0} ms.`}
          </p>
          {problems.length > 0 ? (
            <p className="vector-problem">The scenario has a problem: {problems[0]!.message}</p>
          ) : null}
          <label className="vector-switch">
            <input
              type="checkbox"
              checked={scenario.iterative_scan !== 'off'}
              onChange={(event) => setIterative(event.target.checked)}
            />{' '}
            SET hnsw.iterative_scan = strict_order
          </label>
          <p className="muted">
            filter: {scenario.filter}, scan: {scenario.scan}, hnsw.ef_search = {scenario.ef_search}, hnsw.iterative_scan
            = {scenario.iterative_scan}
          </p>
          {own ? (
            <div data-testid="own-query">
              <Figures outcome={own} />
              <Plan outcome={own} label="Your query’s plan" />
            </div>
          ) : null}
          {run ? <Comparison run={run} /> : null}
          <h3>Checks</h3>
          <ul className="vector-checks">
            {checks.map((check) => (
              <li key={check.id} className={check.ok ? 'ok' : 'failed'}>
                {check.ok ? '✓' : '✗'} {check.title}
                {check.failures.map((failure) => (
                  <span key={failure.reason} className="muted">
                    {' '}
                    {failure.reason}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </section>
        <section className="vector-strategies" aria-label="Five strategies side by side">
          {run?.strategies.map(({ strategy, outcome }, i) => (
            <article key={strategy.id} className="vector-strategy" data-testid={`strategy-${strategy.id}`}>
              <h3>
                {i + 1}. {STRATEGIES[i]!.title}
              </h3>
              <Figures outcome={outcome} />
              <Plan outcome={outcome} label={`Plan of strategy ${i + 1}`} />
              {tasks.some((task) => task.goal.kind === 'filterPlace' && task.goal.strategy === i + 1) ? (
                <MarkNode strategy={i + 1} outcome={outcome} />
              ) : null}
            </article>
          ))}
        </section>
      </div>
      <div className="vector-side">
        <section className="vector-top">{lesson}</section>
        <section className="vector-about">
          <h2>The data</h2>
          <p>
            Real PostgreSQL with pgvector, compiled to WebAssembly (PGlite), loaded from a prebuilt database:{' '}
            {count(CHUNK_COUNT, 'chunk')} of {DIMENSIONS} numbers each, {PRINCIPAL} owning {PRINCIPAL_SHARE * 100}%, the
            other owners the rest, with an HNSW index at pgvector’s defaults. The numbers are not a language model’s
            embeddings: a seeded generator draws them around a few topics per owner, the same on every machine. Where
            the filter sits does not depend on what the numbers mean, so real embeddings fail the same way.
          </p>
        </section>
      </div>
    </main>
  );
}
