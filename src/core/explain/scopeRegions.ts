/**
 * The scopes as nested regions, app ⊃ user ⊃ task ⊃ agent, with the items of one step placed in their
 * region, for one asking principal. A region is readable when `decide` says in for an item with the
 * region's scope keys: every item in a region has those keys, so its own verdict is the region's.
 * Read from the store view of the step (timelineIndex), so a step costs what the page already made.
 */
import type { Agent, Item, Principal, Scope } from '../store/entities';
import type { Timeline } from '../replay/replayText';
import { decide, type Verdict } from '../store/visibility';
import { storeViewAt } from '../timeline/storeViewIndex';

export interface Region {
  scope: Scope;
  /** "everyone", "bob", "bob/task-17", "bob/task-17/planner". */
  owner: string;
  /** The region's items in the store after the step, in insertion order. */
  items: Item[];
  /** decide's verdict for the asker on this region's items; null when the asker's agent is unknown. */
  verdict: Verdict | null;
  /** The asker's own user, task or agent region (shown even when it holds nothing yet). */
  own: boolean;
  children: Region[];
}

export interface RegionMap {
  app: Region;
  /** Users beyond the ones drawn, and how many items they hold: too many to draw, never decided here. */
  hiddenUsers: number;
  hiddenItems: number;
}

/** What a probe holds beyond its keys: decide reads none of it. */
const PROBE = { id: 'region', text: '', source: 'written', seq: -1 } as const;

/** An item with the region's keys only, for asking decide about a region with no items yet. */
function probe(scope: Scope, user: string | null, task: string | null, agent: string | null): Item {
  return { ...PROBE, scope, user, task, agent };
}

/**
 * The regions after entry `at` for `principal`: the app region holding every user's region that has
 * items (the asker's first, then in store-view order, at most `maxUsers`), each holding its tasks,
 * each holding its agents.
 */
export function scopeRegionsAt(timeline: Timeline, at: number, principal: Principal | null, maxUsers = 6): RegionMap {
  const asker: { principal: Principal; agent: Agent | undefined } | null =
    principal === null ? null : { principal, agent: timeline.agents.find((a) => a.name === principal.agent) };
  const verdictOf = (item: Item): Verdict | null =>
    asker?.agent === undefined ? null : decide(item, asker.principal, asker.agent, timeline.rules);
  const region = (scope: Scope, owner: string, keys: Item, own: boolean): Region => ({
    scope,
    owner,
    items: [],
    verdict: verdictOf(keys),
    own,
    children: [],
  });
  const app = region('app', 'everyone', probe('app', null, null, null), false);
  const users = new Map<string, Region>();
  const tasks = new Map<string, Region>();
  const agents = new Map<string, Region>();
  const userRegion = (user: string) => {
    let r = users.get(user);
    if (r === undefined)
      users.set(user, (r = region('user', user, probe('user', user, null, null), principal?.user === user)));
    return r;
  };
  const taskRegion = (user: string, task: string) => {
    const key = `${user}/${task}`;
    let r = tasks.get(key);
    if (r === undefined) {
      const own = principal?.user === user && principal.task === task;
      tasks.set(key, (r = region('task', key, probe('task', user, task, null), own)));
      userRegion(user).children.push(r);
    }
    return r;
  };
  const agentRegion = (user: string, task: string, name: string) => {
    const key = `${user}/${task}/${name}`;
    let r = agents.get(key);
    if (r === undefined) {
      const own = principal?.user === user && principal.task === task && principal.agent === name;
      agents.set(key, (r = region('agent', key, probe('agent', user, task, name), own)));
      taskRegion(user, task).children.push(r);
    }
    return r;
  };
  // The asker's own regions come first, so they are drawn even before they hold anything.
  if (principal !== null) agentRegion(principal.user, principal.task, principal.agent);
  const view = storeViewAt(timeline, at);
  let drawn = 0;
  let hiddenUsers = 0;
  let lastHidden: string | null = null;
  // Groups come user by user (storeView order): a user beyond the drawn ones is counted, never walked,
  // so a step of a store of thousands of users costs its groups, not its items.
  for (const group of view.groups) {
    const user = group.items[0]!.item.user; // a group holds at least one item
    if (user !== null && !users.has(user) && users.size >= maxUsers) {
      if (user !== lastHidden) hiddenUsers += 1;
      lastHidden = user;
      continue;
    }
    for (const { item, mark } of group.items) {
      if (mark === 'deleted') continue; // deleted by this very step: listed in the store view, not present
      drawn += 1;
      if (item.user === null) app.items.push(item);
      else if (item.scope === 'user') userRegion(item.user).items.push(item);
      else if (item.scope === 'task') taskRegion(item.user, item.task!).items.push(item);
      else agentRegion(item.user, item.task!, item.agent!).items.push(item);
    }
  }
  app.children = [...users.values()];
  return { app, hiddenUsers, hiddenItems: view.present - drawn };
}
