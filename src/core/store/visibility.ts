/**
 * The read rule, in one place: the store's read path and every explanation of it call `decide`,
 * so an explanation can never disagree with a request.
 */
import type { Agent, Item, Principal } from './entities';
import { ALL_RULES, type Rule, type Rules } from './rules';

export type HiddenWhy = 'other-user' | 'other-task' | 'other-agent' | 'scope-not-read';

export type Verdict =
  | { visible: true; why: 'app' | 'own-user' | 'own-task' | 'own-agent' }
  /** Visible only because a rule is switched off; `wouldBe` is the verdict with the rule on. */
  | { visible: true; why: 'rule-off'; rule: Rule; wouldBe: HiddenWhy }
  | { visible: false; why: HiddenWhy };

/** The seed's Item.visible_to: app items for all, then user, then task, then agent must match. */
function scopeKeys(item: Item, p: Principal, rules: Rules): Verdict {
  if (item.scope === 'app') return { visible: true, why: 'app' };
  if (item.user !== p.user) return { visible: false, why: 'other-user' };
  if (item.scope === 'user') return { visible: true, why: 'own-user' };
  let broken: { rule: Rule; wouldBe: HiddenWhy } | undefined;
  if (item.task !== p.task) {
    if (rules.taskCheck) return { visible: false, why: 'other-task' };
    broken = { rule: 'taskCheck', wouldBe: 'other-task' };
  }
  if (item.scope === 'task')
    return broken ? { visible: true, why: 'rule-off', ...broken } : { visible: true, why: 'own-task' };
  if (item.agent !== p.agent) {
    if (rules.agentCheck) return { visible: false, why: 'other-agent' };
    broken ??= { rule: 'agentCheck', wouldBe: 'other-agent' };
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
