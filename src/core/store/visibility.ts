/**
 * The read rule, in one place: the store's read path and every explanation of it call `decide`,
 * so an explanation can never disagree with a request.
 */
import type { Agent, Item, Principal } from './entities';
import { ALL_RULES, type Rule, type Rules } from './rules';

export type HiddenWhy = 'other-user' | 'no-owner' | 'other-task' | 'other-agent' | 'scope-not-read';

export type Verdict =
  | { visible: true; why: 'app' | 'own-user' | 'own-task' | 'own-agent' }
  /** Visible only because a rule is switched off; `wouldBe` is the verdict with the rule on. */
  | { visible: true; why: 'rule-off'; rule: Rule; wouldBe: HiddenWhy }
  | { visible: false; why: HiddenWhy };

/**
 * With `exactKeys` off a key matches as a raw string prefix, as a `LIKE 'acme%'` scan does: acme reads
 * acme-corp's items, task-1 reads task-10's. That is a broken read, reported as one.
 */
function prefixOnly(key: string | null, own: string, rules: Rules): boolean {
  return !rules.exactKeys && key !== null && key.startsWith(own);
}

/**
 * The owners whose items a principal of `user` may read: `user` alone, and with `exactKeys` off every
 * owner whose name begins with it (the read path gathers its candidates from these; `decide` judges each).
 */
export function ownersReadBy(user: string, owners: Iterable<string>, rules: Rules): string[] {
  if (rules.exactKeys) return [user];
  return [...owners].filter((owner) => owner.startsWith(user));
}

/** The seed's Item.visible_to: app items for all, then user, then task, then agent must match. */
function scopeKeys(item: Item, p: Principal, rules: Rules): Verdict {
  if (item.scope === 'app') return { visible: true, why: 'app' };
  let broken: { rule: Rule; wouldBe: HiddenWhy } | undefined;
  if (item.user === null) {
    // An item stored without its owner (an import) matches no user. With ownerlessHidden off the read
    // is `user = ? OR user IS NULL`, and every user reads it.
    if (rules.ownerlessHidden) return { visible: false, why: 'no-owner' };
    broken = { rule: 'ownerlessHidden', wouldBe: 'no-owner' };
  } else if (item.user !== p.user) {
    if (!prefixOnly(item.user, p.user, rules)) return { visible: false, why: 'other-user' };
    broken = { rule: 'exactKeys', wouldBe: 'other-user' };
  }
  if (item.scope === 'user')
    return broken ? { visible: true, why: 'rule-off', ...broken } : { visible: true, why: 'own-user' };
  if (item.task !== p.task) {
    if (prefixOnly(item.task, p.task, rules)) broken ??= { rule: 'exactKeys', wouldBe: 'other-task' };
    else if (rules.taskCheck) return { visible: false, why: 'other-task' };
    else broken ??= { rule: 'taskCheck', wouldBe: 'other-task' };
  }
  if (item.scope === 'task')
    return broken ? { visible: true, why: 'rule-off', ...broken } : { visible: true, why: 'own-task' };
  if (item.agent !== p.agent) {
    if (prefixOnly(item.agent, p.agent, rules)) broken ??= { rule: 'exactKeys', wouldBe: 'other-agent' };
    else if (rules.agentCheck) return { visible: false, why: 'other-agent' };
    else broken ??= { rule: 'agentCheck', wouldBe: 'other-agent' };
  }
  return broken ? { visible: true, why: 'rule-off', ...broken } : { visible: true, why: 'own-agent' };
}

/**
 * May `p`, acting as `agent`, read `item`? The seed's `item.scope in agent.reads and item.visible_to(p)`.
 * The scope-key reason is reported first, since "belongs to another user" is what a learner needs to see.
 */
export function decide(item: Item, p: Principal, agent: Agent, rules: Rules = ALL_RULES): Verdict {
  const keys = scopeKeys(item, p, rules);
  if (!keys.visible || agent.reads.includes(item.scope)) return keys;
  return rules.declaredReads
    ? { visible: false, why: 'scope-not-read' }
    : { visible: true, why: 'rule-off', rule: 'declaredReads', wouldBe: 'scope-not-read' };
}

/**
 * The rules that keep an item out of a request, one per reason `decide` gives, with their words: the one
 * place a reason is paired with its rule (a learner's "which rule keeps it out" is judged by it).
 */
export const KEEPING_RULES = ['userCheck', 'taskCheck', 'agentCheck', 'declaredReads'] as const;
export type KeepingRule = (typeof KEEPING_RULES)[number];

export const KEEPING_RULE_OF: Readonly<Record<HiddenWhy, KeepingRule>> = {
  'other-user': 'userCheck',
  'no-owner': 'userCheck',
  'other-task': 'taskCheck',
  'other-agent': 'agentCheck',
  'scope-not-read': 'declaredReads',
};

/** What each keeping rule says, as a learner chooses among them. */
export const KEEPING_RULE_WORDS: Readonly<Record<KeepingRule, string>> = {
  userCheck: 'It belongs to another user',
  taskCheck: "It is the same user's item from another task",
  agentCheck: "It is another agent's item",
  declaredReads: 'The agent does not declare that scope in its reads',
};
