/**
 * The read rule, in one place: the store's read path and every explanation of it call `decide`,
 * so an explanation can never disagree with a request.
 */
import type { Agent, Item, Principal } from './model';

export type Verdict =
  | { visible: true; why: 'app' | 'own-user' | 'own-task' | 'own-agent' }
  | { visible: false; why: 'other-user' | 'other-task' | 'other-agent' | 'scope-not-read' };

/** The seed's Item.visible_to: app items for all, then user, then task, then agent must match. */
function scopeKeys(item: Item, p: Principal): Verdict {
  if (item.scope === 'app') return { visible: true, why: 'app' };
  if (item.user !== p.user) return { visible: false, why: 'other-user' };
  if (item.scope === 'user') return { visible: true, why: 'own-user' };
  if (item.task !== p.task) return { visible: false, why: 'other-task' };
  if (item.scope === 'task') return { visible: true, why: 'own-task' };
  return item.agent === p.agent ? { visible: true, why: 'own-agent' } : { visible: false, why: 'other-agent' };
}

/**
 * May `p`, acting as `agent`, read `item`? The seed's `item.scope in agent.reads and item.visible_to(p)`.
 * The scope-key reason is reported first, since "belongs to another user" is what a learner needs to see.
 */
export function decide(item: Item, p: Principal, agent: Agent): Verdict {
  const keys = scopeKeys(item, p);
  if (!keys.visible) return keys;
  return agent.reads.includes(item.scope) ? keys : { visible: false, why: 'scope-not-read' };
}
