/** The scoped request beside the naive global list's, for the same principal and question. */
import { count } from '../../core/text/plural';
import { LongText } from '../common/LongText';
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { usePlayground } from '../common/playground';
import { ScopeTag } from '../common/labels';
import { STEP_LIST_WHOLE_UP_TO, VirtualList } from '../common/VirtualList';
import { MessageView } from './MessageView';
import type { Explained } from '../../core/explain/explain';
import type { ItemWhy, RequestWhy } from '../../core/explain/whyRequest';
import type { QueryResult } from '../../core/replay/replayText';
import { principalName } from '../../core/store/entities';
import { quote } from '../../core/explain/describe';
import { Icon } from '../common/icons';
import { VerdictLine, Withheld } from '../common/VerdictLine';
import { useReveal } from '../common/exercisesContext';

function ScopedPanel({
  result,
  why,
  leaked,
  shown,
}: {
  result: QueryResult;
  why: RequestWhy;
  leaked: ReadonlySet<number>;
  /** False while a task about this step is pending: the items are listed without their reasons. */
  shown: boolean;
}) {
  // From the explainer, by item (not ID: two users may hold the same ID), so that with a rule switched
  // off the list shows what the request really holds, each item with the store's reason and any disagreement.
  const included = why.inRequest;
  const left = why.leftOut;
  const isLeak = (e: ItemWhy) => shown && leaked.has(e.item.seq);
  const wrong = shown ? leaked.size : 0;
  return (
    <Panel
      title="Scoped request"
      level={3}
      className={`request scoped${wrong > 0 ? ' broken' : ''}`}
      intro="Built by the scoped store: only items this principal may read, checked before anything is ranked."
    >
      {!shown ? (
        <Withheld />
      ) : wrong > 0 ? (
        <VerdictLine tone="warn">
          Not isolated: {count(wrong, 'item')} in this request should not reach {result.principal.user}’s{' '}
          {result.principal.agent} in {result.principal.task}. A rule is switched off.
        </VerdictLine>
      ) : (
        <VerdictLine tone="ok">
          No leak: only items {result.principal.user}’s {result.principal.agent} in {result.principal.task} may read.
        </VerdictLine>
      )}
      <h4>Items in the request ({result.context.item_ids.length})</h4>
      <ul className="request-items" aria-label="Items in the scoped request">
        {included.map((e) => (
          <li key={e.item.seq} className={`request-item${isLeak(e) ? ' leak' : ''}`}>
            <div className="item-head">
              <code className="item-id">{e.item.id}</code>
              <ScopeTag item={e.item} />
            </div>
            <LongText className="item-text" text={e.item.text} />
            {shown && (
              <p className={`why${isLeak(e) && !e.mismatch ? ' leak-label' : ''}`}>
                <span aria-hidden="true">{isLeak(e) ? '⚠ ' : '✓ '}</span>
                {isLeak(e) && !e.mismatch ? <strong>{e.because}</strong> : e.because}
              </p>
            )}
            {shown && e.mismatch && (
              <p className="why leak-label">
                <span aria-hidden="true">⚠ </span>
                <strong>{e.mismatch}</strong>
              </p>
            )}
          </li>
        ))}
      </ul>
      <h4>Tools</h4>
      <p className="tools">
        {result.context.tools.length === 0 ? 'none' : result.context.tools.map((t) => <code key={t}>{t}</code>)}
      </p>
      <h4>Left out by the scope check ({left.length})</h4>
      {left.length === 0 ? (
        <p className="muted">Nothing: this principal may read every item in the store.</p>
      ) : (
        <VirtualList
          className="request-items left-out"
          label="Items left out of the scoped request"
          items={left}
          wholeUpTo={STEP_LIST_WHOLE_UP_TO}
          rowHeight={60}
          rowKey={(e) => e.item.seq}
          rowClassName={() => 'request-item'}
          render={(e) => (
            <>
              <div className="item-head">
                <code className="item-id">{e.item.id}</code>
                <ScopeTag item={e.item} />
              </div>
              {shown && (
                <p className="why">
                  <span aria-hidden="true">⊘ </span>
                  {e.mismatch ?? `left out: ${e.because}`}
                </p>
              )}
            </>
          )}
        />
      )}
      <h4>Messages sent to the model</h4>
      <MessageView messages={result.context.messages} />
    </Panel>
  );
}

function NaivePanel({
  result,
  naiveVerdicts,
  naiveLeakLines,
  shown,
}: {
  result: QueryResult;
  naiveVerdicts: Explained[];
  naiveLeakLines: ReadonlyMap<string, string>;
  /** False while a task about this step is pending: the rows are listed unlabelled, with no leak count. */
  shown: boolean;
}) {
  const leaked = new Set(shown ? result.leaked.map((item) => item.seq) : []);
  const verdicts = new Map(naiveVerdicts.map((e) => [e.item.seq, e]));
  const flagged = new Map(shown ? [...naiveLeakLines].map(([line, user]) => [line, `leak: belongs to ${user}`]) : []);
  const n = leaked.size;
  return (
    <Panel
      title="Naive global list"
      level={3}
      className={`request naive${n > 0 ? ' leaking' : ''}`}
      intro="The baseline: every item in the store, ranked by words shared with the question, top 3. It never asks whose an item is."
    >
      {shown ? (
        <VerdictLine tone={n > 0 ? 'warn' : 'ok'} status>
          {n > 0
            ? `${n} of ${count(result.naive.length, 'item')} leaked: ${n === 1 ? 'it belongs' : 'they belong'} to another user.`
            : `No leak: none of its ${count(result.naive.length, 'item')} belongs to another user.`}
        </VerdictLine>
      ) : (
        <Withheld />
      )}
      <h4>Items in the request ({result.naive.length})</h4>
      {result.naive.length === 0 ? (
        <p className="muted">No item shares a word with the question.</p>
      ) : (
        <ul className="request-items" aria-label="Items in the naive request">
          {result.naive.map((item) => {
            const e = verdicts.get(item.seq);
            return (
              <li key={item.seq} className={`request-item${leaked.has(item.seq) ? ' leak' : ''}`}>
                <div className="item-head">
                  <code className="item-id">{item.id}</code>
                  <ScopeTag item={item} />
                </div>
                <LongText className="item-text" text={item.text} />
                {leaked.has(item.seq) ? (
                  <p className="why leak-label">
                    <span aria-hidden="true">⚠ </span>
                    <strong>leak: belongs to {item.user}</strong>
                    {e && !e.verdict.visible && (
                      <span className="muted"> · the scoped store left it out: {e.because}</span>
                    )}
                  </p>
                ) : !shown ? null : e && !e.verdict.visible ? (
                  <p className="why">
                    <Icon name="info" /> not a leak to another user, but the scoped store left it out: {e.because}
                  </p>
                ) : (
                  <p className="why">
                    <span aria-hidden="true">✓ </span>also in the scoped request{e ? `: ${e.because}` : ''}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <h4>Messages sent to the model</h4>
      <MessageView messages={result.naiveMessages} flagged={flagged} />
    </Panel>
  );
}

export function RequestPanels({ onShowAnswers }: { onShowAnswers?: (principal: string) => void }) {
  const { request, question, why, leaked } = usePlayground(
    useShallow((s) => ({
      request: s.view.request,
      question: s.view.question,
      why: s.why.explained,
      leaked: s.why.leaked,
    })),
  );
  const showAnswersFor = usePlayground((s) => s.showAnswersFor);
  const shown = useReveal()?.verdicts !== false;

  if (request.kind === 'none') {
    return (
      <Panel title="Requests" id="requests" tour="requests">
        <p>The scenario names no principal yet: add a step to ask as someone.</p>
      </Panel>
    );
  }
  if (request.kind === 'rejected') {
    return (
      <Panel title="Requests" id="requests" tour="requests">
        <VerdictLine tone="fail" status>
          The store refused this request: {request.reason}.
        </VerdictLine>
      </Panel>
    );
  }
  const { result, naiveVerdicts, naiveLeakLines, recorded, recordedAnswers } = request;
  const name = principalName(result.principal);
  return (
    <Panel
      title={`Requests for ${name}`}
      id="requests"
      tour="requests"
      className="requests"
      intro={
        <>
          Both answer {quote(question)} {request.fromStep ? 'at this query step' : 'after this step'}. First: what the
          scoped store builds. Then: what a naive global list builds.
        </>
      }
    >
      <div className="request-grid">
        {why && <ScopedPanel result={result} why={why} leaked={leaked} shown={shown} />}
        <NaivePanel result={result} naiveVerdicts={naiveVerdicts} naiveLeakLines={naiveLeakLines} shown={shown} />
      </div>
      {recorded.length > 0 && (
        <p className="recorded-link">
          A small model was sent exactly these {recorded.length === 1 ? 'request' : 'two requests'}, and its answers
          were graded.{' '}
          <button
            type="button"
            onClick={() => {
              showAnswersFor(name);
              onShowAnswers?.(name);
            }}
          >
            Show the {recordedAnswers} recorded answers for {name}
          </button>
        </p>
      )}
    </Panel>
  );
}
