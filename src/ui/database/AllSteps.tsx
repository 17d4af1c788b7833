/** Check every step of the scenario at once: each step's state read as each of its principals and with none. */
import { useState } from 'react';
import type { Timeline } from '../../core/replay/replayText';
import type { PolicyOptions } from '../../core/sql';
import type { AllStepsCheck, DbSession } from '../../state/database/dbSession';
import { differences } from './ReadParts';

type State =
  | { kind: 'idle' }
  | { kind: 'running' }
  | { kind: 'done'; result: AllStepsCheck; timeline: Timeline; policyKey: string }
  | { kind: 'error'; message: string };

export function AllSteps({
  session,
  timeline,
  policy,
}: {
  session: DbSession;
  timeline: Timeline;
  policy: PolicyOptions;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const policyKey = JSON.stringify(policy);
  const run = () => {
    setState({ kind: 'running' });
    session.checkAll(timeline, policy).then(
      (result) => setState({ kind: 'done', result, timeline, policyKey }),
      (error: unknown) => setState({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  // A result belongs to the scenario and policy it was run on; after a change it is gone, not stale.
  const shown =
    state.kind === 'done' && state.timeline === timeline && state.policyKey === policyKey ? state.result : null;
  return (
    <section className="db-all" aria-labelledby="db-all-title">
      <h3 id="db-all-title">Every step at once</h3>
      <p>
        <button type="button" onClick={run} disabled={state.kind === 'running'}>
          Check every step of this scenario
        </button>{' '}
        <span className="hint">Each step’s state, read as every principal the scenario names and with none.</span>
      </p>
      <div role="status">
        {state.kind === 'running' && <p>Checking every step…</p>}
        {state.kind === 'error' && <p className="db-verdict bad">The check failed: {state.message}</p>}
        {shown !== null &&
          (shown.failures.length === 0 ? (
            <p className="db-verdict ok">
              <span aria-hidden="true">✓ </span>
              <strong>All {shown.reads} reads agree with the store</strong>: {shown.steps} steps, each read as{' '}
              {shown.principals.join(', ')}.
            </p>
          ) : (
            <p className="db-verdict bad">
              <span aria-hidden="true">✗ </span>
              <strong>
                {shown.failures.length} of {shown.reads} reads disagree with the store.
              </strong>
            </p>
          ))}
      </div>
      {shown !== null && shown.failures.length > 0 && (
        <ul className="db-failures">
          {shown.failures.slice(0, 12).map((failure) => (
            <li key={`${failure.index} ${failure.label}`}>
              Step {failure.index}, {failure.label}:{' '}
              {failure.agreement?.kind === 'different' ? differences(failure.agreement) : failure.reason}.
            </li>
          ))}
          {shown.failures.length > 12 && <li>… and {shown.failures.length - 12} more.</li>}
        </ul>
      )}
    </section>
  );
}
