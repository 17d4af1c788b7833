/** The three traps the database view teaches: no principal, the superuser, and settings read per row. */
import { count } from '../../core/text/plural';
import { useEffect, useState } from 'react';
import type { Item, Principal } from '../../core/store/entities';
import { principalName } from '../../core/store/entities';
import type { Timeline } from '../../core/replay/replayText';
import { type PolicyOptions, READER_ROLE } from '../../core/sql';
import type { DbSession, ReadCheck } from '../../state/database/dbSession';
import { ReadVerdict, RowsTable } from './ReadParts';
import { SettingsMeasure } from './SettingsMeasure';

export function NoPrincipalTrap({ check }: { check: ReadCheck }) {
  return (
    <section className="db-trap" aria-labelledby="trap-unset">
      <h4 id="trap-unset">1. No principal set: fail closed</h4>
      <p>
        A read whose transaction never set <code>app.user</code>, <code>app.task</code> and <code>app.agent</code> sees
        them as NULL (or as an empty string once an earlier transaction has set and ended them; the policy’s{' '}
        <code>nullif</code> makes that NULL too). NULL equals nothing, so only the app rows pass.
      </p>
      <ReadVerdict check={check} what="the store’s rule for a read without a principal: the app items only" />
      <RowsTable rows={check.rows} caption="Rows with no principal set" />
    </section>
  );
}

export function SuperuserTrap({
  superuser,
  scoped,
  principal,
}: {
  superuser: Item[];
  scoped: ReadCheck | null;
  principal: Principal | null;
}) {
  const allowed = new Set((scoped?.rows ?? []).map((item) => item.seq));
  const hidden = superuser.filter((item) => !allowed.has(item.seq));
  const who = principal === null ? 'no principal' : principalName(principal);
  return (
    <section className="db-trap" aria-labelledby="trap-superuser">
      <h4 id="trap-superuser">2. A superuser skips the policy</h4>
      <p>
        PGlite has one login role, and it is a superuser. Row-level security never applies to a superuser, nor to the
        owner of the table. This is the same read as that role, with the same settings for {who}:
      </p>
      <p className="db-verdict warn">
        <span aria-hidden="true">⚠ </span>
        <strong>The superuser would have seen {count(superuser.length, 'row')}</strong>
        {hidden.length > 0 ? (
          <>
            , {hidden.length} of them not for {who}.
          </>
        ) : (
          '.'
        )}
      </p>
      <RowsTable
        rows={superuser}
        caption="Rows the superuser would have seen"
        flag={(item) => (allowed.has(item.seq) ? null : `not for ${who}`)}
      />
      <p>
        So every read switches, for its own transaction only, to a role that owns nothing and cannot bypass the policy:{' '}
        <code>set_config('role', '{READER_ROLE}', true)</code>, which is <code>SET LOCAL ROLE {READER_ROLE}</code>.
      </p>
    </section>
  );
}

/** How many current_setting() calls the plan's row filter makes for each row it checks. */
function callsPerRow(plan: string): number {
  return (
    plan
      .split('\n')
      .filter((line) => line.trim().startsWith('Filter:'))
      .join(' ')
      .match(/current_setting\(/g)?.length ?? 0
  );
}

function Plan({ title, plan }: { title: string; plan: string }) {
  const calls = callsPerRow(plan);
  return (
    <div>
      <h5>{title}</h5>
      <p className="hint">
        {calls === 0
          ? 'The row filter calls current_setting() for no row: it compares each row with the InitPlans’ values.'
          : `The row filter calls current_setting() ${calls} times for each row it checks.`}
      </p>
      <pre className="db-sql" tabIndex={0}>
        {plan}
      </pre>
    </div>
  );
}

interface PlansProps {
  session: DbSession;
  timeline: Timeline;
  index: number;
  principal: Principal | null;
  policy: PolicyOptions;
}

type Plans =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'shown'; once: string; perRow: string }
  | { kind: 'error'; message: string };

export function SettingsTrap({ session, timeline, index, principal, policy }: PlansProps) {
  const [wanted, setWanted] = useState(false);
  const [plans, setPlans] = useState<Plans>({ kind: 'idle' });
  const policyKey = JSON.stringify(policy);
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    setPlans({ kind: 'loading' });
    session.plans(timeline, index, principal, JSON.parse(policyKey) as PolicyOptions).then(
      (got) => live && setPlans({ kind: 'shown', ...got }),
      (error: unknown) =>
        live && setPlans({ kind: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [wanted, session, timeline, index, principal, policyKey]);
  return (
    <section className="db-trap" aria-labelledby="trap-settings">
      <h4 id="trap-settings">3. Read the principal once per query, not once per row</h4>
      <p>
        The policy wraps each setting in a sub-select,{' '}
        <code>(select nullif(current_setting('app.user', true), ''))</code>. PostgreSQL runs such a sub-select once per
        query (an <em>InitPlan</em>) and compares every row with its value. A bare <code>current_setting(…)</code> is a
        function call inside the filter, made again for every row the scan looks at.
      </p>
      <p>
        With the indexes, both plans find rows through <code>items_by_owner</code>, so the bare calls run only for the
        principal’s own rows and the app rows, and on a table this small neither costs anything you could notice. The
        difference shows when no index finds the rows: then the scan reads the whole table and every row pays for the
        calls.
      </p>
      {plans.kind === 'idle' || !wanted ? (
        <button type="button" onClick={() => setWanted(true)}>
          Show both query plans for this read
        </button>
      ) : plans.kind === 'loading' ? (
        <p role="status">Asking PostgreSQL for both plans…</p>
      ) : plans.kind === 'error' ? (
        <p role="alert" className="db-verdict bad">
          The plans could not be read: {plans.message}
        </p>
      ) : (
        <div className="db-plans">
          <Plan title="With sub-selects (this policy): evaluated once, as InitPlans" plan={plans.once} />
          <Plan title="With bare calls: current_setting() inside the filter" plan={plans.perRow} />
        </div>
      )}
      <SettingsMeasure session={session} />
    </section>
  );
}
