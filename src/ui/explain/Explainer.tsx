/**
 * Why is each item in the request, or not? Every item the store has held, for the principal asking at
 * this step, with the store's own verdict and reason (core `explainRequest`, which reads `decide`).
 */
import { useShallow } from 'zustand/react/shallow';
import { Panel } from '../common/Panel';
import { usePlayground } from '../common/playground';
import { ScopeTag } from '../common/labels';
import { STEP_LIST_WHOLE_UP_TO, VirtualList } from '../common/VirtualList';
import type { ItemWhy } from '../../core/explain/whyRequest';
import type { Rows } from '../../core/timeline/rows';
import { principalName } from '../../core/store/entities';
import { stepName, useGoToStep } from './useGoToStep';
import './explain.css';
import { useReveal } from '../common/exercisesContext';
import { Withheld } from '../common/VerdictLine';

const ARRIVAL: Record<ItemWhy['arrival'], string> = {
  configured: 'set by the',
  written: 'written at',
  copied: 'copied at',
};

function Origin({ why, goTo }: { why: ItemWhy; goTo: (index: number) => void }) {
  const removedAt = why.status === 'deleted' ? why.life.removedAt : null;
  return (
    <p className="why-origin">
      {ARRIVAL[why.arrival]}{' '}
      <button type="button" className="link" onClick={() => goTo(why.addedAt)}>
        {stepName(why.addedAt)}
      </button>
      {removedAt !== null && (
        <>
          , deleted at{' '}
          <button type="button" className="link" onClick={() => goTo(removedAt)}>
            {stepName(removedAt)}
          </button>
        </>
      )}
    </p>
  );
}

const ICON = { in: '✓', out: '⊘', deleted: '✕' } as const;

function ItemRow({
  why,
  leak,
  goTo,
  asked,
}: {
  why: ItemWhy;
  leak: boolean;
  goTo: (index: number) => void;
  asked: boolean;
}) {
  return (
    <>
      {/* The item asked about from the access picture takes focus (see AccessPanel), so it is focusable. */}
      <div className="item-head" tabIndex={asked ? -1 : undefined} data-asked-item={asked ? '' : undefined}>
        <code className="item-id">{why.item.id}</code>
        <ScopeTag item={why.item} />
        {asked && <span className="why-asked">◆ asked about</span>}
      </div>
      <p className="why-because">
        <span aria-hidden="true">{leak ? '⚠' : ICON[why.status]} </span>
        {why.because}
      </p>
      {why.mismatch && (
        <p className="why-warning">
          <span aria-hidden="true">⚠ </span>
          <strong>{why.mismatch}</strong>
        </p>
      )}
      <Origin why={why} goTo={goTo} />
    </>
  );
}

function Group({
  title,
  items,
  leaked,
  goTo,
  empty,
  asked,
  askedRow,
}: {
  title: string;
  items: Rows<ItemWhy>;
  /** The row of the item asked about in `items`, or -1. */
  askedRow: number;
  /** The store's leaked items (by seq): marked as a mismatch. */
  leaked: ReadonlySet<number>;
  goTo: (index: number) => void;
  empty: string;
  /** The seq of the item asked about, or null. */
  asked: number | null;
}) {
  const rowClass = (why: ItemWhy) =>
    `why-item why-${why.status}${why.mismatch || leaked.has(why.item.seq) ? ' why-mismatch' : ''}`;
  return (
    <div className="why-group">
      <h3>
        {title} ({items.length})
      </h3>
      {items.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <VirtualList
          className="why-list"
          label={title}
          items={items}
          wholeUpTo={STEP_LIST_WHOLE_UP_TO}
          rowHeight={100}
          rowKey={(why) => why.item.seq}
          rowClassName={(why) => `${rowClass(why)}${why.item.seq === asked ? ' why-asked-row' : ''}`}
          keepInView={askedRow === -1 ? undefined : askedRow}
          render={(why) => (
            <ItemRow why={why} leak={leaked.has(why.item.seq)} goTo={goTo} asked={why.item.seq === asked} />
          )}
        />
      )}
    </div>
  );
}

export function Explainer() {
  // The reasons tell what leaks: withheld, like the request's verdicts, while a task about this step is pending.
  const shown = useReveal()?.verdicts !== false;
  const { explained, leaked, principal, index, request, asked } = usePlayground(
    useShallow((s) => ({
      asked: s.focusedItem,
      explained: s.why.explained,
      leaked: s.why.leaked,
      principal: s.principal,
      index: s.index,
      request: s.view.request,
    })),
  );
  const goTo = useGoToStep({ scroll: false });
  const who = principal ? principalName(principal) : 'nobody';
  const where = index === 0 ? 'after the configuration' : `after step ${index}`;

  return (
    <Panel
      title="Why is each item in or out?"
      id="why"
      className="explainer"
      intro={
        <>
          Every item the store has held, for <strong>{who}</strong> {where}, with the store’s verdict in plain words.
          The reasons come from the same check the store reads with, so they cannot disagree with it.
        </>
      }
    >
      {!shown ? (
        <Withheld />
      ) : explained === null ? (
        <p className="muted">
          {request.kind === 'rejected'
            ? `The store refused this request (${request.reason}), so no item reaches it.`
            : 'No one is asking yet.'}
        </p>
      ) : (
        <>
          {explained.wrongCache && (
            <p className="why-cache-warning" role="note">
              <span aria-hidden="true">⚠ </span>
              This request came from the cache: it was built for {principalName(explained.wrongCache.builtFor)} at step{' '}
              {explained.wrongCache.builtAtStep}
              {explained.wrongCache.stale ? ', before the store last changed' : ''}. Where it disagrees with the store’s
              verdict, the item says so.
            </p>
          )}
          <div className="why-groups">
            {(
              [
                [
                  'In the request',
                  explained.inRequest,
                  explained.inRequest.findIndex((why) => why.item.seq === asked),
                  'Nothing: this principal receives no items.',
                ],
                [
                  'Left out',
                  explained.leftOut,
                  explained.leftOut.focused,
                  'Nothing: every item in the store is in the request.',
                ],
                ['Deleted', explained.deleted, explained.deleted.focused, 'Nothing has been deleted yet.'],
              ] as const
            ).map(([title, items, askedRow, empty]) => (
              <Group
                key={title}
                title={title}
                items={items}
                askedRow={askedRow}
                leaked={leaked}
                goTo={goTo}
                asked={asked}
                empty={empty}
              />
            ))}
          </div>
        </>
      )}
    </Panel>
  );
}
