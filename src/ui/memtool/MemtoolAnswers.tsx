/** One tool call answered by the safe tool beside the naive one: search or forget (a path: MemtoolViewAnswers.tsx). */
import { count } from '../../core/text/plural';
import { LongText } from '../common/LongText';
import type { ReactNode } from 'react';
import type { MemoryRecord, MemtoolOutcome, TenantPrincipal, ToolResponse } from '../../core/memtool/index';
import { Panel } from '../common/Panel';
import { Icon } from '../common/icons';
import { VerdictLine, Withheld } from '../common/VerdictLine';
import { useReveal } from '../common/exercisesContext';

type Outcome<K extends MemtoolOutcome['kind']> = Extract<MemtoolOutcome, { kind: K }>;

const who = (p: TenantPrincipal | null) => (p === null ? 'no principal' : `${p.user_id} in ${p.org_id}`);

/** Whether this step's verdicts are shown: not while a task about it is pending (core/exercises/reveal.ts). */
const useShown = () => useReveal()?.verdicts !== false;

export function Verdict({ ok, children }: { ok: boolean; children: ReactNode }) {
  const shown = useShown();
  return shown ? <VerdictLine tone={ok ? 'ok' : 'warn'}>{children}</VerdictLine> : <Withheld />;
}

export function Side({
  title,
  intro,
  bad,
  children,
}: {
  title: string;
  intro: string;
  bad: boolean;
  children: ReactNode;
}) {
  const leaking = useShown() && bad;
  return (
    <Panel title={title} level={3} className={`request ${leaking ? 'naive leaking' : 'scoped'}`} intro={intro}>
      {children}
    </Panel>
  );
}

function Schema({ fields }: { fields: readonly string[] }) {
  return (
    <p className="tools">
      Its schema takes:{' '}
      {fields.map((key) => (
        <code key={key}>{key}</code>
      ))}
    </p>
  );
}

export function Response({ label, response }: { label: string; response: ToolResponse }) {
  return (
    <div className="tool-response">
      <p className="message-role">{label}</p>
      <pre className="message-content">{response.text}</pre>
    </div>
  );
}

function Records({
  label,
  records,
  principal,
}: {
  label: string;
  records: readonly MemoryRecord[];
  principal: TenantPrincipal | null;
}) {
  const shown = useShown();
  if (records.length === 0) return null;
  return (
    <ul className="request-items" aria-label={label}>
      {records.map((record) => {
        const foreign = shown && record.org_id !== principal?.org_id;
        const otherUser = !foreign && record.user_id !== principal?.user_id;
        return (
          <li key={record.id} className={`request-item${foreign ? ' leak' : ''}`}>
            <div className="item-head">
              <code className="item-id">{record.id}</code>
              <span className="tenant-tag">
                {record.org_id} / {record.user_id}
              </span>
            </div>
            <LongText className="item-text" text={record.text} />
            {foreign && (
              <p className="why leak-label">
                <span aria-hidden="true">⚠ </span>
                <strong>leak: belongs to {record.org_id}, another tenant</strong>
              </p>
            )}
            {otherUser && (
              <p className="why">
                <Icon name="info" /> another user in {record.org_id}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function records(response: ToolResponse): readonly MemoryRecord[] {
  return response.kind === 'ok' ? response.records : [];
}

export function SearchAnswers({
  outcome,
  fields,
}: {
  outcome: Outcome<'searched'>;
  fields: { safe: readonly string[]; naive: readonly string[] };
}) {
  const { principal, safe, naive, validating } = outcome;
  const dropped = Object.keys(outcome.args).filter((key) => !(key in outcome.stripped));
  const foreign = records(naive.response).filter((r) => r.org_id !== principal?.org_id);
  const safeForeign = records(safe.response).filter((r) => r.org_id !== principal?.org_id);
  const filter = ['org_id', 'user_id']
    .map((key) => `${key} = ${JSON.stringify(outcome.args[key] ?? '(missing)')}`)
    .join(' and ');
  return (
    <div className="request-grid">
      <Side
        title="Safe tool: the principal from the session"
        bad={safeForeign.length > 0}
        intro={`Searches the namespace of ${who(principal)}, read from the session. No field of the call names an identity, so none is read as one.`}
      >
        <Schema fields={fields.safe} />
        <Verdict ok={safeForeign.length === 0}>
          {safeForeign.length === 0
            ? 'No record of another tenant.'
            : `${safeForeign.length} records of another tenant.`}
        </Verdict>
        <Records label="Records the safe tool returned" records={records(safe.response)} principal={principal} />
        <h4>Inert, not rejected</h4>
        {dropped.length === 0 ? (
          <p className="muted">This call carries no identifiers, so there is nothing to strip.</p>
        ) : (
          <p>
            The same call without{' '}
            {dropped.map((key, i) => (
              <span key={key}>
                {i > 0 ? ' and ' : ''}
                <code>{key}</code>
              </span>
            ))}
            :
          </p>
        )}
        <div className="inert-pair">
          <Response label="Response to the call as made" response={safe.response} />
          <Response
            label={`Response without ${dropped.length > 0 ? dropped.join(' and ') : 'them'}`}
            response={safe.withoutIdentifiers}
          />
        </div>
        <Verdict ok={safe.identical}>
          {safe.identical
            ? `Byte-identical (${safe.response.text.length} characters): the identifiers are inert, ignored rather than rejected.`
            : 'The two responses differ: something read the identifiers.'}
        </Verdict>
        <p className="aside">
          A tool that keeps the parameters and checks them against the session answers{' '}
          {validating.response.kind === 'ok'
            ? `with ${validating.response.records.length} records`
            : `“${validating.response.text}”`}
          {validating.identical ? (
            ', the same as without them.'
          ) : (
            <>
              {' '}
              here, and{' '}
              {validating.withoutIdentifiers.kind === 'ok'
                ? `with ${validating.withoutIdentifiers.records.length} records`
                : `“${validating.withoutIdentifiers.text}”`}{' '}
              without them: it read the field as an identity, so its answer still depends on it. Rejected is weaker than
              inert.
            </>
          )}
        </p>
      </Side>
      <Side
        title="Naive tool: org_id and user_id from the call"
        bad={foreign.length > 0}
        intro={`Applies its tenant filter to ${filter}, the values in the call. The filter is present; the tenant is whoever wrote the call.`}
      >
        <Schema fields={fields.naive} />
        <Verdict ok={foreign.length === 0}>
          {foreign.length > 0
            ? `Leak: ${count(foreign.length, 'record')} of another tenant (${[...new Set(foreign.map((r) => r.org_id))].join(', ')}).`
            : naive.response.kind === 'ok'
              ? 'No record of another tenant this time.'
              : `It answered: “${naive.response.text}”.`}
        </Verdict>
        <Records label="Records the naive tool returned" records={records(naive.response)} principal={principal} />
        <h4>Without the identifiers</h4>
        <Response
          label={`Response without ${dropped.length > 0 ? dropped.join(' and ') : 'them'}`}
          response={naive.withoutIdentifiers}
        />
        <p className="muted">
          {naive.identical
            ? 'The same response: this call’s identifiers changed nothing.'
            : 'A different response: its answer depends on who the call says it is.'}
        </p>
      </Side>
    </div>
  );
}

export function ForgetAnswers({ outcome }: { outcome: Outcome<'forgot'> }) {
  const id = String(outcome.args.memory_id ?? '');
  const side = (name: 'safe' | 'naive') => {
    const { response, missing } = outcome[name];
    const oracle = response.kind !== 'ok' && (response.kind !== missing.kind || response.text !== missing.text);
    return { response, missing, oracle };
  };
  const safe = side('safe');
  const naive = side('naive');
  const pair = (s: typeof safe) => (
    <div className="inert-pair">
      <Response label={`For ${id || 'the ID asked for'}`} response={s.response} />
      <Response label={`For ${outcome.probe}, an ID that does not exist`} response={s.missing} />
    </div>
  );
  const verdict = (s: typeof safe) =>
    s.response.kind === 'ok' ? (
      <Verdict ok>Deleted: the record is {who(outcome.principal)}’s own.</Verdict>
    ) : (
      <Verdict ok={!s.oracle}>
        {s.oracle
          ? `Existence oracle: the two answers differ, so the caller learns that ${id} exists, in someone else’s memory.`
          : 'The same answer for “not yours” and “missing”: the caller learns nothing about other tenants.'}
      </Verdict>
    );
  return (
    <div className="request-grid">
      <Side
        title="Safe forget_memory"
        bad={safe.oracle}
        intro={`Resolves the ID first, then checks the record against the session (${who(outcome.principal)}), and says “No such memory.” whether it is missing or not theirs.`}
      >
        {verdict(safe)}
        {pair(safe)}
      </Side>
      <Side
        title="Naive forget_memory"
        bad={naive.oracle}
        intro="The same decision, but “not yours” has its own message."
      >
        {verdict(naive)}
        {pair(naive)}
      </Side>
    </div>
  );
}
