/** The items present after the current step, grouped by scope and owner, with this step's changes marked. */
import { count } from '../../core/text/plural';
import { LongText } from '../common/LongText';
import { usePlayground } from '../common/playground';
import { Panel } from '../common/Panel';
import { ScopeIcon, ScopeTag } from '../common/labels';
import type { Mark, MarkedItem } from '../../core/timeline/storeView';
import type { GroupHead, StoreScreen } from '../../engine/derive';
import type { LiveRows } from '../../engine/liveRows';
import { useLiveRows, VIRTUAL_FROM, VirtualList } from '../common/VirtualList';
import { provenance } from '../../core/explain/describe';
import { Icon } from '../common/icons';
import { type ReactNode, useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';

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

interface StoreRowList {
  rows: Float64Array;
  /** Each row's top, and the list's height last. */
  tops: Float64Array;
  /** Where each group's items start in the store's one list of items. */
  starts: Int32Array;
}

/**
 * The rows of each store view's groups and their tops, kept while the view is: the core keeps the last few
 * views by step, so a jump back to one reuses them instead of making 30,000 again. Typed arrays, filled in
 * one pass: a step made two arrays of 30,000 numbers and called a height function 30,000 times, about
 * 2 ms of script and garbage a step with the Store tab open (npm run bench:browser, profiled).
 */
const rowsOfGroups = new WeakMap<readonly number[], StoreRowList>();
function rowsOf(sizes: readonly number[], total: number): StoreRowList {
  let out = rowsOfGroups.get(sizes);
  if (out === undefined) {
    const rows = new Float64Array(total + sizes.length);
    const tops = new Float64Array(rows.length + 1);
    const starts = new Int32Array(sizes.length);
    let r = 0;
    let start = 0;
    sizes.forEach((size, g) => {
      starts[g] = start;
      start += size;
      rows[r] = g * SPAN;
      tops[r + 1] = tops[r]! + HEADING;
      r++;
      for (let i = 0; i < size; i++, r++) {
        rows[r] = g * SPAN + i + 1;
        tops[r + 1] = tops[r]! + ITEM;
      }
    });
    rowsOfGroups.set(sizes, (out = { rows, tops, starts }));
  }
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
  const { rows, tops, starts } = rowsOf(sizes, items.length);
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
      rowHeight={tops}
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
      ) : store.items.length > VIRTUAL_FROM ? (
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
  const start = rowsOf(sizes, items.length).starts[g]!;
  return Array.from({ length: sizes[g]! }, (_, i) => items.at(start + i)!);
}
