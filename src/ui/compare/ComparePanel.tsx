/**
 * Two principals' scoped requests side by side, at the same step and for the same question, with the
 * items only one of them receives marked. The requests come from the store (derive's requestView).
 */
import { count, verb } from '../../core/text/plural';
import { LongText } from '../common/LongText';
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { usePlayground } from '../common/playground';
import { compareAnswered } from '../../state/playgroundState';
import { ScopeTag } from '../common/labels';
import type { CompareRow } from '../../core/explain/compare';
import type { Principal } from '../../core/store/entities';
import { principalName } from '../../core/store/entities';
import './compare.css';
import type { RequestView } from '../../engine/views';

const PARTS: Array<{ key: keyof Principal; listKey: 'users' | 'tasks' | 'agents' }> = [
  { key: 'user', listKey: 'users' },
  { key: 'task', listKey: 'tasks' },
  { key: 'agent', listKey: 'agents' },
];

function Side({
  name,
  request,
  rows,
  side,
  otherName,
}: {
  name: string;
  request: RequestView;
  rows: CompareRow[] | null;
  side: 'left' | 'right';
  otherName: string;
}) {
  if (request.kind !== 'ok') {
    return (
      <div className="compare-side">
        <h3>
          <code>{name}</code>
        </h3>
        <p className="verdict-line bad">
          {request.kind === 'rejected' ? `The store refused this request: ${request.reason}.` : 'No request.'}
        </p>
      </div>
    );
  }
  const other = side === 'left' ? 'right' : 'left';
  const mine = (rows ?? []).filter((row) => row[side]);
  const only = mine.filter((row) => !row[other]).length;
  return (
    <div className="compare-side">
      <h3>
        <code>{name}</code>
      </h3>
      <p className="compare-count">
        {count(mine.length, 'item')}, {only} only here · tools: {request.result.context.tools.join(', ') || 'none'}
      </p>
      <ul className="compare-items" aria-label={`Items in ${name}'s request`}>
        {mine.map(({ item, ...row }) => (
          <li key={item.seq} className={`compare-item${row[other] ? ' both' : ' only'}`}>
            <div className="item-head">
              <code className="item-id">{item.id}</code>
              <ScopeTag item={item} />
              <span className="compare-mark">
                {row[other] ? (
                  <>= also in {otherName}’s</>
                ) : (
                  <>
                    <span aria-hidden="true">≠ </span>only here
                  </>
                )}
              </span>
            </div>
            <LongText className="item-text" text={item.text} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ComparePanel() {
  const { principal, comparing, compare, request, options, question, compareWith, stopComparing } = usePlayground(
    useShallow((s) => ({
      principal: s.principal,
      comparing: s.comparing,
      compare: s.why.compare,
      request: s.view.request,
      options: s.options,
      question: s.view.question,
      compareWith: s.compareWith,
      stopComparing: s.stopComparing,
    })),
  );

  if (comparing === null || compare === null || principal === null) {
    return (
      <Panel
        title="Compare two principals"
        id="compare"
        intro="Put two principals’ scoped requests side by side, at this step and for the same question, with what differs marked."
        actions={
          <button type="button" onClick={() => compareWith()} disabled={principal === null}>
            Compare with another principal
          </button>
        }
      >
        {null}
      </Panel>
    );
  }
  const left = principalName(principal);
  const right = principalName(comparing);
  const rows = compare.rows;
  const differ = rows === null ? null : rows.filter((row) => row.left !== row.right).length;
  return (
    <Panel
      title="Compare two principals"
      id="compare"
      className="compare"
      intro={<>Both ask “{question}” at this step. Items only one of them receives are marked ≠.</>}
      actions={
        <button type="button" onClick={stopComparing}>
          Stop comparing
        </button>
      }
    >
      <fieldset className="compare-pick">
        <legend>
          Compare <code>{left}</code> with
        </legend>
        {PARTS.map(({ key, listKey }) => {
          const values = options[listKey];
          const all = values.includes(comparing[key]) ? values : [...values, comparing[key]];
          return (
            <label key={key} className="field">
              <span className="field-label">Compared {key}</span>
              <select value={comparing[key]} onChange={(event) => compareWith({ [key]: event.target.value })}>
                {all.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </label>
          );
        })}
      </fieldset>
      <p className="verdict-line differ" role="status">
        {!compareAnswered(comparing, compare.principal)
          ? 'Comparing… the answer follows.'
          : differ === null
            ? 'One of the two requests was refused.'
            : differ === 0
              ? 'The two requests hold exactly the same items.'
              : `${count(differ, 'item')} ${verb(differ, 'differs', 'differ')}: each principal receives only its own, and both receive the shared ones.`}
      </p>
      <div className="compare-grid">
        <Side name={left} request={request} rows={rows} side="left" otherName={right} />
        <Side name={right} request={compare.request} rows={rows} side="right" otherName={left} />
      </div>
    </Panel>
  );
}
