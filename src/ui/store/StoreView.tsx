/** The items present after the current step, grouped by scope and owner, with this step's changes marked. */
import { count } from '../../core/text/plural';
import { LongText } from '../common/LongText';
import { usePlayground } from '../common/playground';
import { Panel } from '../common/Panel';
import { ScopeIcon, ScopeTag } from '../common/labels';
import type { ItemGroup, Mark, MarkedItem } from '../../core/timeline/storeView';
import { VIRTUAL_FROM, VirtualList } from '../common/VirtualList';
import { provenance } from '../../core/explain/describe';
import { Icon } from '../common/icons';
import type { ReactNode } from 'react';

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
function GroupHead({ group }: { group: ItemGroup }) {
  return (
    <>
      <h3 className="group-title">
        <ScopeIcon scope={group.scope} /> {GROUP_TITLE[group.scope]} {group.scope === 'app' ? '' : group.owner}
        <span className="muted"> ({group.items.length})</span>
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

/**
 * The rows of each store view's groups, kept while the view is: the core keeps the last few views by
 * step, so a jump back to one reuses its rows (and the list its row offsets) instead of making 30,000 again.
 */
const rowsOfGroups = new WeakMap<readonly ItemGroup[], number[]>();
function rowsOf(groups: readonly ItemGroup[], total: number): number[] {
  let out = rowsOfGroups.get(groups);
  if (out === undefined) {
    out = new Array<number>(total + groups.length);
    let r = 0;
    groups.forEach((group, g) => {
      out![r++] = g * SPAN;
      for (let i = 0; i < group.items.length; i++) out![r++] = g * SPAN + i + 1;
    });
    rowsOfGroups.set(groups, out);
  }
  return out;
}

/** A heading's row and an item's: one function for the page's life, so the list's offsets are kept with its rows. */
const rowHeight = (row: number) => (row % SPAN === 0 ? 56 : 86);

/** A large store as one list of group headings and items, drawn a window at a time. */
function StoreRows({ groups, total }: { groups: ItemGroup[]; total: number }) {
  const rows = rowsOf(groups, total);
  const part = (row: number) => {
    const group = groups[Math.floor(row / SPAN)]!;
    const i = (row % SPAN) - 1;
    return { group, marked: i < 0 ? null : group.items[i]! };
  };
  return (
    <VirtualList
      className="store-rows"
      label="Groups and items in the store"
      items={rows}
      rowHeight={rowHeight}
      rowKey={(row) => {
        const { group, marked } = part(row);
        return marked === null ? group.key : marked.item.seq;
      }}
      rowClassName={(row) => {
        const { group, marked } = part(row);
        if (marked === null) return `group-row scope-${group.scope}`;
        return `store-item${marked.mark ? ` mark-${marked.mark}` : ''}`;
      }}
      render={(row) => {
        const { group, marked } = part(row);
        return marked === null ? <GroupHead group={group} /> : <ItemCard {...marked} />;
      }}
    />
  );
}

export function StoreView() {
  const store = usePlayground((s) => s.view.store);
  const shown = store.groups.reduce((n, group) => n + group.items.length, 0);
  return (
    <Panel
      title="Store after this step"
      id="store"
      intro={`${count(store.present, 'item')}, grouped by who may read them. Each item names its scope and owner.`}
    >
      {shown > VIRTUAL_FROM ? (
        <StoreRows groups={store.groups} total={shown} />
      ) : (
        <div className="store-groups">
          {store.groups.map((group) => (
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
                {group.items.map(({ item, mark }) => (
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
