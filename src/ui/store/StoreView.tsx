/** The items present after the current step, grouped by scope and owner, with this step's changes marked. */
import { count } from '../../core/text/plural';
import { LongText } from '../common/LongText';
import { usePlayground } from '../common/playground';
import { Panel } from '../common/Panel';
import { ScopeIcon, ScopeTag } from '../common/labels';
import type { Mark, MarkedItem } from '../../core/timeline/storeView';
import type { LiveRows } from '../../engine/client/liveRows';
import { type RowPlaces, STEP_LIST_WHOLE_UP_TO, useLiveRows, VirtualList } from '../common/VirtualList';
import type { Rows } from '../../core/timeline/rows';
import { provenance } from '../../core/explain/describe';
import { Icon } from '../common/icons';
import { type ReactNode, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { GroupHead, StoreScreen } from '../../engine/views';

const MARK: Record<Mark, { icon: ReactNode; text: string }> = {
  configured: { icon: '✚', text: 'set by configuration' },
  written: { icon: '✚', text: 'just written' },
  copied: { icon: <Icon name="copy" />, text: 'just copied here' },
  deleted: { icon: '✕', text: 'deleted by this step' },
};

const GROUP_TITLE: Record<string, string> = { app: 'App', user: 'User', task: 'Task', agent: 'Agent' };

function ItemCard({ item, mark }: MarkedItem) {
  return (
    <>
      <div className="item-head">
        <code className="item-id">{item.id}</code>
        <ScopeTag item={item} />
        {mark && (
          <span className={`change change-${mark}`}>
            <span aria-hidden="true">{MARK[mark].icon} </span>
            {MARK[mark].text}
          </span>
        )}
      </div>
      <LongText className="item-text" text={item.text} />
      {provenance(item) && <p className="item-source">{provenance(item)}</p>}
    </>
  );
}

/** A group's heading in the long list, with its size. */
function GroupHeading({ group }: { group: GroupHead }) {
  return (
    <>
      <h3 className="group-title">
        <ScopeIcon scope={group.scope} /> {GROUP_TITLE[group.scope]} {group.scope === 'app' ? '' : group.owner}
        <span className="muted"> ({group.size})</span>
      </h3>
      <p className="group-readers">{group.readers}</p>
    </>
  );
}

/**
 * A row of the long store list as one number: group g's heading is g * SPAN, its item i is g * SPAN + i + 1.
 * Numbers, not objects: the list is rebuilt at every step, and 30,000 small objects a step add up.
 */
const SPAN = 2 ** 21;

/** A group heading's height and an item's, in pixels. */
const HEADING = 56;
const ITEM = 86;

export interface StoreRowList {
  /** Row r as one number (SPAN): a group's heading, or one of its items. */
  rows: Rows<number>;
  places: RowPlaces;
  /** Where each group's items start in the store's one list of items; the number of items last. */
  starts: Int32Array;
}

/** The largest i below `count` whose `value(i)` is at most `x` (0 when none is): a binary search. */
function lastAtMost(count: number, value: (i: number) => number, x: number): number {
  let lo = 0;
  let hi = count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (value(mid) <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The long store list's rows and where they are, from each group's size alone: row r and its top are
 * found by a search over the groups, so a step makes one array of its groups, not two of its 30,000 rows
 * (with the Store tab open those were about 2 ms of script and garbage a step: npm run bench:browser,
 * profiled). Kept with the view's sizes: the core keeps the last few views by step, and a jump back reuses them.
 */
const rowsOfGroups = new WeakMap<readonly number[], StoreRowList>();
export function storeRows(sizes: readonly number[]): StoreRowList {
  let out = rowsOfGroups.get(sizes);
  if (out !== undefined) return out;
  const n = sizes.length;
  const starts = new Int32Array(n + 1);
  for (let g = 0; g < n; g++) starts[g + 1] = starts[g]! + sizes[g]!;
  const length = n + starts[n]!;
  /** Group g's heading: the row after the groups before it and their items; its top, likewise. */
  const headRow = (g: number) => g + starts[g]!;
  const headTop = (g: number) => g * HEADING + starts[g]! * ITEM;
  const groupOf = (r: number) => lastAtMost(n, headRow, r);
  out = {
    starts,
    rows: {
      length,
      at: (r) => (r >= 0 && r < length ? groupOf(r) * SPAN + r - headRow(groupOf(r)) : undefined),
    },
    places: {
      top(r) {
        if (r >= length) return headTop(n);
        const g = groupOf(r);
        const k = r - headRow(g);
        return headTop(g) + (k === 0 ? 0 : HEADING + (k - 1) * ITEM);
      },
      at(y) {
        const g = lastAtMost(n, headTop, y);
        const inside = y - headTop(g);
        return headRow(g) + (inside < HEADING ? 0 : Math.min(sizes[g]!, 1 + Math.floor((inside - HEADING) / ITEM)));
      },
    },
  };
  rowsOfGroups.set(sizes, out);
  return out;
}

/** An item the engine has not sent yet: its place, kept until it arrives. */
function Arriving() {
  return <p className="muted">…</p>;
}

/** A large store as one list of group headings and items, drawn a window at a time. */
function StoreRows({ store }: { store: StoreScreen<LiveRows<MarkedItem>, LiveRows<GroupHead>> }) {
  const { groups, items, sizes } = store;
  useLiveRows(groups);
  useLiveRows(items);
  const { rows, places, starts } = storeRows(sizes);
  const part = (row: number) => {
    const g = Math.floor(row / SPAN);
    const group = groups.at(g);
    const i = (row % SPAN) - 1;
    return { g, group, heading: i < 0, marked: i < 0 ? undefined : items.at(starts[g]! + i) };
  };
  return (
    <VirtualList
      className="store-rows"
      label="Groups and items in the store"
      items={rows}
      wholeUpTo={STEP_LIST_WHOLE_UP_TO}
      rowHeight={places}
      rowKey={(row) => {
        const { g, group, heading, marked } = part(row);
        if (heading) return group?.key ?? `arriving-group-${g}`;
        return marked === undefined ? `arriving-${row}` : marked.item.seq;
      }}
      rowClassName={(row) => {
        const { group, heading, marked } = part(row);
        if (heading) return `group-row${group ? ` scope-${group.scope}` : ''}`;
        return `store-item${marked?.mark ? ` mark-${marked.mark}` : ''}`;
      }}
      render={(row) => {
        const { group, heading, marked } = part(row);
        if (heading) return group === undefined ? <Arriving /> : <GroupHeading group={group} />;
        return marked === undefined ? <Arriving /> : <ItemCard {...marked} />;
      }}
    />
  );
}

export function StoreView() {
  const { store, present, showStore } = usePlayground(
    useShallow((s) => ({ store: s.view.store, present: s.view.present, showStore: s.showStore })),
  );
  // The engine groups the store at each step only while it is drawn here.
  useEffect(showStore, [showStore]);
  return (
    <Panel
      title="Store after this step"
      id="store"
      intro={`${count(present, 'item')}, grouped by who may read them. Each item names its scope and owner.`}
    >
      {store === null ? (
        <Arriving />
      ) : store.items.length > STEP_LIST_WHOLE_UP_TO ? (
        <StoreRows store={store} />
      ) : (
        <div className="store-groups">
          {Array.from({ length: store.groups.length }, (_, g) => store.groups.at(g)!).map((group, g) => (
            <div
              role="group"
              aria-labelledby={`group-${group.key}`}
              key={group.key}
              className={`store-group scope-${group.scope}`}
            >
              <h3 id={`group-${group.key}`} className="group-title">
                <ScopeIcon scope={group.scope} /> {GROUP_TITLE[group.scope]} {group.scope === 'app' ? '' : group.owner}
              </h3>
              <p className="group-readers">{group.readers}</p>
              <ul className="item-list">
                {groupItems(store.sizes, store.items, g).map(({ item, mark }) => (
                  <li key={item.seq} className={`store-item${mark ? ` mark-${mark}` : ''}`}>
                    <ItemCard item={item} mark={mark} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </Panel>
  );
}

/** Group g's items, from a short store's list (the engine sends a short list whole). */
function groupItems(sizes: readonly number[], items: LiveRows<MarkedItem>, g: number): MarkedItem[] {
  const start = storeRows(sizes).starts[g]!;
  return Array.from({ length: sizes[g]! }, (_, i) => items.at(start + i)!);
}
