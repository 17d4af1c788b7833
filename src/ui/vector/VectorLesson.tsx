/**
 * The vector lesson in the workbench, like every other lesson: the learner's own query (with the
 * iterative-scan switch) and the five strategies compared in the centre, each strategy's plan with its
 * filter marked in a tab of its own, the checks and the editor. The queries run in the engine's worker,
 * where PGlite, pgvector and the shipped database open (engine/worker/kitSession.ts); this view draws
 * what comes back.
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { CHUNK_COUNT, DIMENSIONS, PRINCIPAL, PRINCIPAL_SHARE } from '../../core/vector/data';
import type { ShownOutcome, VectorView } from '../../core/vector/kit';
import type { Act } from '../../core/exercises/types';
import { count } from '../../core/text/plural';
import type { KitLessonStore } from '../../state/lessons/kitStore';
import { useProgress, useReveal } from '../common/exercisesContext';
import { withIterativeScan } from '../../state/lessons/vectorSwitch';
import { kitLesson, type KitLessonWords } from '../lessons/KitLessonPage';
import { Panel } from '../common/Panel';
import './vector.css';

const LESSON_ID = 'vector-filter-after-scan';

type VectorLessonStore = KitLessonStore<'vector'>;

/** A plan, one line each, the filter's line marked. */
function Plan({ outcome, label }: { outcome: ShownOutcome; label: string }) {
  // While the task asking for the filter's place is pending, the plan is shown unmarked (core/exercises/reveal.ts).
  const marked = useReveal()?.planMarker !== false;
  return (
    // Focusable: a long plan line scrolls sideways, and a keyboard user must be able to scroll it.
    <pre className="vector-plan" aria-label={label} tabIndex={0}>
      {outcome.plan.map((shown, i) => {
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

function Figures({ outcome }: { outcome: ShownOutcome }) {
  return (
    <dl className="vector-figures">
      <dt>Rows returned</dt>
      <dd className={outcome.full ? 'vector-full' : 'vector-short'} data-testid="returned">
        {outcome.returned}
      </dd>
      <dt>Other owners’ rows handed to the application</dt>
      <dd>{outcome.othersHanded}</dd>
      <dt>Other owners’ rows ranked, then dropped or handed over</dt>
      <dd>{outcome.othersScored}</dd>
      <dt>Where the filter sits</dt>
      <dd>{outcome.site}</dd>
    </dl>
  );
}

/** The five strategies in one table: what each returned against k and what other owners' rows it exposed. */
function Comparison({ view }: { view: VectorView }) {
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
          {view.strategies.map(({ id, title, outcome }, i) => (
            <tr key={id}>
              <th scope="row">
                {i + 1}. {title}
              </th>
              <td className={outcome.full ? 'vector-full' : 'vector-short'}>{outcome.returned}</td>
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

function MarkNode({ strategy, outcome }: { strategy: number; outcome: ShownOutcome }) {
  const { log, recordAct } = useProgress(
    useShallow((s) => ({ log: s.live?.lessonId === LESSON_ID ? s.live.acts : NO_ACTS, recordAct: s.recordAct })),
  );
  const mark = (at: number, node: string) => recordAct({ kind: 'mark', step: at, item: node });
  const nodes = outcome.nodes;
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

const WORDS: KitLessonWords = {
  safeName: 'your query',
  naiveName: 'no naive side',
  stepNoun: 'Query',
  timelineIntro: 'The vector lesson asks one question: its scenario is the query and the settings it runs under.',
  editorPath: 'vector-lesson.json',
  editorIntro:
    'The vector scenario as JSON: who asks, for how many chunks, where the owner filter sits, and pgvector’s settings. Your edit is kept in this browser.',
};

/** The learner's own query: who asks, the switch, its figures and plan, and the five strategies compared. */
function OwnQuery({ store }: { store: VectorLessonStore }) {
  const { view, running, text, ranText, loadScenario } = useStore(
    store,
    useShallow((s) => ({
      view: s.view,
      running: s.running,
      text: s.text,
      ranText: s.ranText,
      loadScenario: s.loadScenario,
    })),
  );
  // The switch shows the learner's choice at once; the run it asks for answers a moment later.
  const [asked, setAsked] = useState<{ on: boolean; from: VectorView } | null>(null);
  if (view === null) return null;
  const { scenario, own } = view;
  const on = asked !== null && asked.from === view ? asked.on : scenario.iterative_scan !== 'off';
  return (
    <Panel title={`Your query: ${scenario.principal} asks for the ${scenario.k} nearest chunks`} id="requests">
      <p role="status" className="muted">
        {running
          ? 'Running the queries…'
          : view.error !== null
            ? `The database could not run: ${view.error}`
            : view.openedIn !== null
              ? `Database opened in ${view.openedIn} ms.`
              : 'The database answered.'}
      </p>
      <label className="vector-switch">
        <input
          type="checkbox"
          checked={on}
          onChange={(event) => {
            const wanted = event.target.checked;
            setAsked({ on: wanted, from: view });
            // The editor's text, with an edit not yet run, else the scenario on screen.
            const switched = withIterativeScan(text, wanted) ?? withIterativeScan(ranText, wanted);
            if (switched !== null) loadScenario(switched);
          }}
        />{' '}
        SET hnsw.iterative_scan = strict_order
      </label>
      <p className="muted">
        filter: {scenario.filter}, scan: {scenario.scan}, hnsw.ef_search = {scenario.ef_search}, hnsw.iterative_scan ={' '}
        {scenario.iterative_scan}
      </p>
      {own ? (
        <div data-testid="own-query">
          <Figures outcome={own} />
          <Plan outcome={own} label="Your query’s plan" />
        </div>
      ) : null}
      {view.strategies.length > 0 ? <Comparison view={view} /> : null}
    </Panel>
  );
}

/** The five strategies side by side, each plan with its filter, and the task that asks where it sits. */
function Strategies({ store }: { store: VectorLessonStore }) {
  const strategies = useStore(store, (s) => s.view?.strategies ?? []);
  const asked = useProgress(
    useShallow((s) =>
      (s.live?.lessonId === LESSON_ID ? s.live.exercises : []).flatMap(({ goal }) =>
        goal.kind === 'filterPlace' ? [goal.strategy] : [],
      ),
    ),
  );
  return (
    <section className="vector-strategies" aria-label="Five strategies side by side">
      {strategies.map(({ id, title, outcome }, i) => (
        <article key={id} className="vector-strategy" data-testid={`strategy-${id}`}>
          <h3>
            {i + 1}. {title}
          </h3>
          <Figures outcome={outcome} />
          <Plan outcome={outcome} label={`Plan of strategy ${i + 1}`} />
          {asked.includes(i + 1) ? <MarkNode strategy={i + 1} outcome={outcome} /> : null}
        </article>
      ))}
    </section>
  );
}

/** Where the rows come from. */
function TheData() {
  return (
    <Panel title="The data" id="data">
      <p>
        Real PostgreSQL with pgvector, compiled to WebAssembly (PGlite), loaded from a prebuilt database:{' '}
        {count(CHUNK_COUNT, 'chunk')} of {DIMENSIONS} numbers each, {PRINCIPAL} owning {PRINCIPAL_SHARE * 100}%, the
        other owners the rest, with an HNSW index at pgvector’s defaults. The numbers are not a language model’s
        embeddings: a seeded generator draws them around a few topics per owner, the same on every machine. Where the
        filter sits does not depend on what the numbers mean, so real embeddings fail the same way.
      </p>
    </Panel>
  );
}

export default kitLesson<'vector'>({
  words: WORDS,
  centre: (store) => <OwnQuery store={store} />,
  tabs: (store) => [
    { id: 'strategies', label: 'Strategies', pane: <Strategies store={store} /> },
    { id: 'data', label: 'The data', pane: <TheData /> },
  ],
  opening: (
    <p role="status" className="panel muted">
      Opening the database…
    </p>
  ),
});
