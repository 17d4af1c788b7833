/**
 * "Your store": run the scenario on screen against an adapter on this computer and see each step where
 * it and the reference store disagree, with the reference's reason. Nothing is sent until Run is pressed,
 * and only to a loopback address.
 */
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { Panel } from '../common/Panel';
import { TextField } from '../common/TextField';
import { usePlayground } from '../common/playground';
import { disagreementsFor, yourStoreMarks } from '../../state/yourStore';
import { createYourStoreRunner } from '../../state/yourStoreRun';
import { checkAdapterAddress, DEFAULT_ADAPTER_ADDRESS } from './adapterAddress';
import './yourStore.css';

export function YourStorePanel() {
  const ranText = usePlayground((s) => s.ranText);
  const stepTo = usePlayground((s) => s.stepTo);
  const run = useStore(yourStoreMarks, (s) => s.run);
  const runner = useMemo(() => createYourStoreRunner(), []);
  const [address, setAddress] = useState(DEFAULT_ADAPTER_ADDRESS);
  const ids = { address: useId(), hint: useId() };
  const check = checkAdapterAddress(address);
  const running = run.kind === 'running';
  const stale = run.kind !== 'idle' && run.ranText !== ranText;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (check.kind === 'ok' && !running) void runner.runScenario(ranText, check.url);
  };
  const origin = globalThis.location?.origin ?? 'http://localhost:4173';

  return (
    <Panel
      title="Your store"
      id="your-store"
      className="your-store-panel"
      intro={
        <>
          Run this scenario against your own store through an adapter on this computer (one POST per step, the protocol
          of <code>npm run conform</code>) and see where it and the reference store, every rule on, disagree.
        </>
      }
    >
      <form className="your-store-form" onSubmit={submit}>
        <TextField
          id={ids.address}
          label="Your adapter"
          url
          value={address}
          describedBy={ids.hint}
          onChange={setAddress}
        />
        <button type="submit" disabled={check.kind !== 'ok' || running}>
          Run this scenario
        </button>
        {running && (
          <button type="button" onClick={() => runner.cancel()}>
            Stop
          </button>
        )}
      </form>
      <p id={ids.hint} className={check.kind === 'ok' ? 'hint' : 'your-store-bad'}>
        {check.kind === 'ok' ? (
          <>
            Try the project&apos;s own store:{' '}
            <code>node --import tsx conformance/adapters/own-store.ts --http 4437 --allow-origin {origin}</code>
          </>
        ) : (
          check.message
        )}
      </p>
      <div role="status" className="your-store-status">
        {run.kind === 'running' && `Running: ${run.done} of ${run.total} lines answered…`}
        {run.kind === 'failed' && run.message}
        {run.kind === 'done' &&
          (run.disagreements.length === 0
            ? run.notApplicable === null
              ? `Your store agrees with the reference on all ${run.steps} steps.`
              : `Your store agrees with the reference up to step ${run.notApplicable.index}.`
            : `Your store disagrees with the reference on ${run.disagreements.length} of ${run.steps} steps, marked in the timeline.`)}
        {run.kind === 'done' &&
          run.notApplicable !== null &&
          ` Step ${run.notApplicable.index} and the steps after it are n/a: ${run.notApplicable.note} (it answered {"unsupported":true}), so they were not compared.`}
        {stale && run.kind !== 'running' && ' (That run was on an earlier version of the scenario: run it again.)'}
      </div>
      {run.kind === 'done' && !stale && run.disagreements.length > 0 && (
        <ol className="your-store-list" aria-label="Steps where your store disagrees">
          {disagreementsFor(run, ranText).map((d) => (
            <li key={d.index}>
              <button type="button" onClick={() => stepTo(d.index)}>
                {d.index === 0 ? 'The reset' : `Step ${d.index}`}
              </button>
              <p>Your store {d.adapter}.</p>
              <p>The reference {d.reference}.</p>
              {d.breaks !== null && <p className="your-store-rule">Your store {d.breaks}.</p>}
              {d.reasons.length > 0 && (
                <ul className="your-store-reasons">
                  {d.reasons.map((reason) => (
                    <li key={reason}>{reason}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
