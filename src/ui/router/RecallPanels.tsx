/** One recall from both orderings: everything each scorer was handed, and the results. The inputs are the lesson. */
import { LongText } from '../common/LongText';
import type { Bank, RecallComparison, Result } from '../../core/router/index';
import { Panel } from '../common/Panel';
import type { RouterView } from '../../core/router/kit';
import { VerdictLine, Withheld } from '../common/VerdictLine';
import { useReveal } from '../common/exercisesContext';

const ids = (items: readonly Result[]) => items.map((item) => item.memory_id);
const score = (value: number) => value.toFixed(2);

export function BankTag({ bank }: { bank: Bank }) {
  return (
    <span className={`bank-tag bank-${bank}`}>
      <span aria-hidden="true">{bank === 'private' ? '◆ ' : '● '}</span>
      {bank} bank
    </span>
  );
}

function MemoryRow({
  item,
  allowed,
  context,
  rank,
  shown,
}: {
  item: Result;
  allowed: readonly Bank[];
  context: string;
  rank?: number;
  /** False while a task about this step is pending (core/exercises/reveal.ts): the row is not labelled. */
  shown: boolean;
}) {
  const unauthorized = shown && !allowed.includes(item.bank);
  return (
    <li className={`request-item${unauthorized ? ' leak' : ''}`}>
      <div className="item-head">
        {rank !== undefined && <span className="rank">#{rank}</span>}
        <code className="item-id">{item.memory_id}</code>
        <BankTag bank={item.bank} />
        <span className="score">score {score(item.score)}</span>
      </div>
      <LongText className="item-text" text={item.content} />
      {unauthorized && (
        <p className="why leak-label">
          <span aria-hidden="true">⚠ </span>
          <strong>
            read by the scorer, yet {context} may not read the {item.bank} bank
          </strong>
        </p>
      )}
    </li>
  );
}

/** Memories handed to a scorer (a list), or results in their ranked order (numbered, with `ranked`). */
function MemoryList({
  label,
  items,
  recall,
  shown,
  ranked = false,
}: {
  label: string;
  items: readonly Result[];
  recall: RecallComparison;
  shown: boolean;
  ranked?: boolean;
}) {
  if (items.length === 0) return <p className="muted">{ranked ? 'No results.' : 'Nothing.'}</p>;
  const List = ranked ? 'ol' : 'ul';
  return (
    <List className="request-items" aria-label={label}>
      {items.map((item, i) => (
        <MemoryRow
          key={`${item.bank}/${item.memory_id}`}
          item={item}
          allowed={recall.safe.allowed}
          context={recall.context}
          rank={ranked ? i + 1 : undefined}
          shown={shown}
        />
      ))}
    </List>
  );
}

/** The two sentences a learner should leave with: the results may match; the inputs do not. */
function Comparison({
  recall,
  results: { safe, naive, same, missing },
  seen,
}: {
  recall: RecallComparison;
  results: RouterView['results'];
  seen: readonly Result[];
}) {
  return (
    <ul className="comparison" aria-label="The two orderings compared">
      <li className={same ? 'same' : 'differ'}>
        <strong>Final results:</strong>{' '}
        {same
          ? `the same from both orderings (${safe.join(', ') || 'none'}).`
          : `they differ: the router returns ${safe.length}, the naive ordering ${naive.length}${missing.length > 0 ? `, without ${missing.join(', ')}` : ''}.`}
      </li>
      <li className={seen.length > 0 ? 'differ' : 'same'}>
        <strong>What the scorers were handed:</strong> the router’s scorer was handed {recall.safe.scored.length} memor
        {recall.safe.scored.length === 1 ? 'y' : 'ies'}, all from banks {recall.context} may read;{' '}
        {seen.length > 0 ? (
          <>
            the naive scorer was handed {recall.naive.scored.length},{' '}
            <strong className="leak-text">
              {seen.length} of them from a bank {recall.context} may not read ({ids(seen).join(', ')})
            </strong>
            .
          </>
        ) : (
          <>the naive scorer was handed {recall.naive.scored.length}, none it may not read.</>
        )}
      </li>
    </ul>
  );
}

export function RecallPanels({ view }: { view: RouterView }) {
  const { recall } = view;
  const shown = useReveal()?.verdicts !== false;
  const heading = `Recall for ${view.context}`;
  if (recall.kind === 'rejected') {
    return (
      <Panel title={heading} id="requests">
        <VerdictLine tone="fail" status>
          The router refused this recall: {recall.reason}.
        </VerdictLine>
      </Panel>
    );
  }
  const seen = shown ? view.unread.length : 0;
  return (
    <Panel
      title={heading}
      id="requests"
      className="requests"
      intro={
        <>
          Both orderings answer “{view.query}” (at most {view.limit}){' '}
          {view.fromStep ? 'at this recall step' : 'after this step'}. Left: the router chooses the banks first. Right:
          a naive router scores every bank and filters afterwards.
        </>
      }
    >
      {shown ? <Comparison recall={recall} results={view.results} seen={view.unread} /> : <Withheld />}
      <div className="request-grid">
        <Panel
          title="Router: authorize, then rank"
          level={3}
          className="request scoped"
          intro={`The context’s policy picks the banks (${recall.safe.allowed.join(' and ') || 'none'}) before any candidate is built, so the scorer never sees the rest.`}
        >
          <VerdictLine tone="ok">The scorer saw only banks {recall.context} may read.</VerdictLine>
          <h4>Handed to the scorer ({recall.safe.scored.length})</h4>
          <MemoryList label="Handed to the router's scorer" items={recall.safe.scored} recall={recall} shown={shown} />
          <h4>Results ({recall.safe.results.length})</h4>
          <MemoryList label="The router's results" items={recall.safe.results} recall={recall} shown={shown} ranked />
        </Panel>
        <Panel
          title="Naive: rank every bank, then filter"
          level={3}
          className={`request naive${seen > 0 ? ' leaking' : ''}`}
          intro="The ordering the seed warns about: every bank is scored and ranked, and what the context may not read is removed from the ranked list."
        >
          {shown ? (
            <VerdictLine tone={seen > 0 ? 'warn' : 'ok'} status>
              {seen > 0
                ? `Leak: its scorer read ${seen} memor${seen === 1 ? 'y' : 'ies'} ${recall.context} may not read.`
                : 'Its scorer saw nothing unauthorized this time.'}
            </VerdictLine>
          ) : (
            <Withheld />
          )}
          <h4>Handed to the scorer ({recall.naive.scored.length})</h4>
          <MemoryList label="Handed to the naive scorer" items={recall.naive.scored} recall={recall} shown={shown} />
          <h4>Results after the filter ({recall.naive.results.length})</h4>
          <MemoryList label="The naive results" items={recall.naive.results} recall={recall} shown={shown} ranked />
          <h4>Removed after ranking ({recall.naive.filtered.length})</h4>
          <MemoryList label="Removed by the naive filter" items={recall.naive.filtered} recall={recall} shown={shown} />
        </Panel>
      </div>
      <details className="seed-output">
        <summary>What the seed’s command line prints for the router’s results</summary>
        <pre>{recall.printed}</pre>
      </details>
    </Panel>
  );
}
