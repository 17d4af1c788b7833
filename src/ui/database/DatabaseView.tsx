/**
 * The database view, loaded only when opened: PGlite holds the step's store state, and the reads that
 * row-level security allows are compared with the store's, for the step and principal in view.
 */
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Timeline } from '../../core/replay/replayText';
import type { Principal } from '../../core/store/entities';
import { principalName } from '../../core/store/entities';
import { RULES } from '../../core/store/rules';
import { type PolicyOptions, policySql, schemaSql } from '../../core/sql';
import { usePlayground, useTimeline } from '../common/playground';
import { AllSteps } from './AllSteps';
import type { DbSession, StepCheck } from '../../state/database/dbSession';
import { PolicyChoice, POLICY_RULES } from './PolicyChoice';
import { ReadSql, ReadVerdict, RowsTable } from './ReadParts';
import { NoPrincipalTrap, SettingsTrap, SuperuserTrap } from './Traps';
import { type CheckState, SLOW_MS, useDbSession, useStepCheck } from './useDatabase';

const where = (index: number) => (index === 0 ? 'After the configuration' : `After step ${index}`);

function StepVerdict({ state, principal }: { state: CheckState; principal: Principal | null }) {
  const at = where(state.index);
  if (state.kind === 'pending') return <p className="db-verdict pending">{at}: checking…</p>;
  if (state.kind === 'error')
    return (
      <p className="db-verdict bad">
        <span aria-hidden="true">✗ </span>
        {at}: the read failed: {state.message}
      </p>
    );
  const { check } = state;
  if (check.kind === 'unstorable') {
    return (
      <p className="db-verdict bad">
        <span aria-hidden="true">✗ </span>
        {at}: not compared. {check.reason}.
      </p>
    );
  }
  if (check.scoped === null || principal === null)
    return (
      <p className="db-verdict pending">
        {at}: no principal is selected, so only the read with none is checked (below).
      </p>
    );
  return (
    <div className="db-step-verdict">
      <p className="db-at">
        {at}, as <code>{principalName(principal)}</code>:
      </p>
      <ReadVerdict check={check.scoped} what={`store.visible(${principalName(principal)})`} />
    </div>
  );
}

function Checked({
  check,
  principal,
  session,
  policy,
  index,
}: {
  check: Extract<StepCheck, { kind: 'checked' }>;
  principal: Principal | null;
  session: DbSession;
  policy: PolicyOptions;
  index: number;
}) {
  const timeline = useTimeline();
  return (
    <>
      <h3>Three traps</h3>
      <NoPrincipalTrap check={check.unset} />
      <SuperuserTrap superuser={check.superuser} scoped={check.scoped} principal={check.scoped?.principal ?? null} />
      {timeline !== null && (
        <SettingsTrap session={session} timeline={timeline} index={index} principal={principal} policy={policy} />
      )}
    </>
  );
}

/** The rows of the selected principal's read, the store's answer beside them marked where they differ. */
function ScopedRows({ check }: { check: StepCheck | null }) {
  if (check?.kind !== 'checked' || check.scoped === null) return null;
  const scoped = check.scoped;
  const shown = new Set(scoped.expected.items.map((item) => item.seq));
  return (
    <RowsTable
      rows={scoped.rows}
      caption={`Rows PostgreSQL returned for ${scoped.label}`}
      flag={(item) => (shown.has(item.seq) ? null : 'the store does not show this')}
    />
  );
}

function Workbench(props: { session: DbSession; loadMs: number; bytes: number | null }) {
  const timeline = useTimeline();
  return timeline === null ? (
    <p className="db-status">Loading the timeline…</p>
  ) : (
    <Loaded {...props} timeline={timeline} />
  );
}

function Loaded({
  session,
  loadMs,
  bytes,
  timeline,
}: {
  session: DbSession;
  loadMs: number;
  bytes: number | null;
  timeline: Timeline;
}) {
  const { index, principal } = usePlayground(useShallow((s) => ({ index: s.index, principal: s.principal })));
  const [broken, setBroken] = useState(false);
  const off = RULES.filter((rule) => !timeline.rules[rule]);
  const readOff = POLICY_RULES.filter((rule) => off.includes(rule));
  const policy: PolicyOptions =
    broken && readOff.length > 0 ? { rules: Object.fromEntries(readOff.map((rule) => [rule, false])) } : {};
  const state = useStepCheck(session, timeline, index, principal, policy);
  const shown = state.kind === 'done' ? state.check : state.kind === 'pending' ? state.last : null;
  const size =
    bytes === null ? '' : `, from ${(bytes / 1e6).toFixed(1)} MB of WebAssembly and data served by this site`;
  return (
    <div className="db-view">
      <p className="db-status">
        <span aria-hidden="true">● </span>PostgreSQL {session.version} (PGlite) is running in this page. It started in{' '}
        {(loadMs / 1000).toFixed(1)} s{size}. Follow the steps and principals above; this view follows them.
      </p>
      <PolicyChoice off={off} broken={broken} onChange={setBroken} />
      <div role="status" aria-label="Database check of this step">
        <StepVerdict state={state} principal={principal} />
      </div>
      <div aria-busy={state.kind === 'pending'}>
        <ScopedRows check={shown} />
      </div>
      <section aria-labelledby="db-read-title">
        <h3 id="db-read-title">The read</h3>
        <p className="hint">
          One transaction. The principal goes in as parameters to <code>set_config(…, true)</code>, which is{' '}
          <code>SET LOCAL</code>: it ends with the transaction and is never spliced into the SQL text.
        </p>
        <ReadSql principal={principal} />
        <h4 id="db-policy-title">The policy in force</h4>
        <pre className="db-sql" tabIndex={0} aria-labelledby="db-policy-title">
          {policySql(policy)}
        </pre>
        <details>
          <summary>The whole schema: tables, reader role, row-level security</summary>
          <pre className="db-sql" tabIndex={0} aria-label="The schema">
            {schemaSql(policy)}
          </pre>
        </details>
      </section>
      {shown?.kind === 'checked' && (
        <div aria-busy={state.kind === 'pending'}>
          <Checked check={shown} principal={principal} session={session} policy={policy} index={index} />
        </div>
      )}
      <AllSteps session={session} timeline={timeline} policy={policy} />
    </div>
  );
}

export default function DatabaseView() {
  const [state, retry] = useDbSession();
  if (state.kind === 'loading') {
    return (
      <div role="status" className="db-status">
        <p>
          Starting PostgreSQL in this page (PGlite): fetching its files from this site and starting up, which takes a
          few seconds…
        </p>
        {state.slow && (
          <p className="db-verdict warn">
            <span aria-hidden="true">⚠ </span>It has not started after {SLOW_MS / 1000} s. If it never does, the browser
            may have refused to compile its WebAssembly, or a file failed to load: the browser’s console says which.
            Reloading the page starts again.
          </p>
        )}
      </div>
    );
  }
  if (state.kind === 'error') {
    return (
      <div role="alert" className="panel-error">
        <p>PostgreSQL could not start in this page: {state.message}</p>
        {/Content Security Policy/i.test(state.message) && (
          <p>
            The page’s Content-Security-Policy must allow WebAssembly with <code>'wasm-unsafe-eval'</code> in{' '}
            <code>script-src</code> (this site’s own policy does; it allows no other eval).
          </p>
        )}
        <button type="button" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  return <Workbench session={state.session} loadMs={state.loadMs} bytes={state.bytes} />;
}
