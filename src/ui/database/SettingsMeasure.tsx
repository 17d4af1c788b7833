/** The measured cost of reading the settings per row, with and without indexes, timed in this browser. */
import { useState } from 'react';
import type { DbSession } from '../../state/database/dbSession';
import { type Measurement, measureSettings } from '../../state/database/measure';
import { digits } from '../../core/text/digits';

type State =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; measurement: Measurement }
  | { kind: 'error'; message: string };

const ms = (value: number) => (value < 0.01 ? 'under 0.01' : value < 1 ? value.toFixed(2) : value.toFixed(1));

function Figures({ measurement }: { measurement: Measurement }) {
  const cell = (indexes: boolean, settings: 'once' | 'per-row') =>
    measurement.rows.find((row) => row.indexes === indexes && row.settings === settings)?.medianMs ?? NaN;
  const ratio = (indexes: boolean) => cell(indexes, 'per-row') / cell(indexes, 'once');
  return (
    <>
      <table className="db-rows db-figures">
        <caption>
          Median milliseconds per read, {digits(measurement.items)} items, {measurement.principals} principals,{' '}
          {measurement.reads} reads each (in memory: {ms(measurement.memoryMs)} ms)
        </caption>
        <thead>
          <tr>
            <th scope="col">Table</th>
            <th scope="col">Settings once</th>
            <th scope="col">Settings per row</th>
            <th scope="col">Per row ÷ once</th>
          </tr>
        </thead>
        <tbody>
          {[true, false].map((indexes) => (
            <tr key={String(indexes)}>
              <th scope="row">{indexes ? 'with the indexes' : 'without an index'}</th>
              <td>{ms(cell(indexes, 'once'))}</td>
              <td>{ms(cell(indexes, 'per-row'))}</td>
              <td>{ratio(indexes).toFixed(1)}×</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">
        Every read was first checked against the store, so these are correct reads only. One run on this machine: with
        the indexes both take about a millisecond and the difference between them is mostly noise; without an index it
        is not.
      </p>
    </>
  );
}

export function SettingsMeasure({ session }: { session: DbSession }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const run = () => {
    setState({ kind: 'running' });
    measureSettings(session).then(
      (measurement) => setState({ kind: 'done', measurement }),
      (error: unknown) => setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  return (
    <div className="db-measure">
      <p>
        Measured by the project’s benchmark (<code>bench/db.ts</code>, 20,000 items, Node on two cores): with the
        indexes 1.0 ms per read with the settings read once against 2.3 ms per row; without an index 19 ms against 39
        ms.
      </p>
      <p>
        <button type="button" onClick={run} disabled={state.kind === 'running'}>
          {state.kind === 'done' ? 'Measure again' : 'Measure in this browser'}
        </button>{' '}
        <span className="hint">
          10,000 generated items, twice with and twice without the indexes; about ten seconds. The step’s state is
          loaded again afterwards.
        </span>
      </p>
      <div role="status">
        {state.kind === 'running' && <p>Measuring…</p>}
        {state.kind === 'error' && <p className="db-verdict bad">The measurement failed: {state.message}</p>}
      </div>
      {state.kind === 'done' && <Figures measurement={state.measurement} />}
    </div>
  );
}
