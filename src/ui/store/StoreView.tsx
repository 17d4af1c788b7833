/** The items present after the current step, grouped by scope and owner, with this step's changes marked. */
import { usePlayground } from '../common/playground';
import { Panel } from '../common/Panel';
import { ScopeIcon, ScopeTag } from '../common/labels';
import type { Mark } from '../../core/storeView';
import { provenance } from '../../core/describe';

const MARK: Record<Mark, { icon: string; text: string }> = {
  configured: { icon: '✚', text: 'set by configuration' },
  written: { icon: '✚', text: 'just written' },
  copied: { icon: '⧉', text: 'just copied here' },
  deleted: { icon: '✕', text: 'deleted by this step' },
};

const GROUP_TITLE: Record<string, string> = { app: 'App', user: 'User', task: 'Task', agent: 'Agent' };

export function StoreView() {
  const store = usePlayground((s) => s.view.store);
  return (
    <Panel
      title="Store after this step"
      id="store"
      intro={`${store.present} item${store.present === 1 ? '' : 's'}, grouped by who may read them. Each item names its scope and owner.`}
    >
      <div className="store-groups">
        {store.groups.map((group) => (
          <div role="group" aria-labelledby={`group-${group.key}`} key={group.key} className={`store-group scope-${group.scope}`}>
            <h3 id={`group-${group.key}`} className="group-title">
              <ScopeIcon scope={group.scope} /> {GROUP_TITLE[group.scope]} {group.scope === 'app' ? '' : group.owner}
            </h3>
            <p className="group-readers">{group.readers}</p>
            <ul className="item-list">
              {group.items.map(({ item, mark }) => (
                <li key={item.seq} className={`store-item${mark ? ` mark-${mark}` : ''}`}>
                  <div className="item-head">
                    <code className="item-id">{item.id}</code>
                    <ScopeTag item={item} />
                    {mark && (
                      <span className={`change change-${mark}`}>
                        <span aria-hidden="true">{MARK[mark].icon} </span>{MARK[mark].text}
                      </span>
                    )}
                  </div>
                  <p className="item-text">{item.text}</p>
                  {provenance(item) && <p className="item-source">{provenance(item)}</p>}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Panel>
  );
}
