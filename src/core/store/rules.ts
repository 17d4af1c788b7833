/**
 * The store's rules as named switches, so a learner can turn one off and watch what it protected break.
 * Every rule is on by default; each switch is read at the one place its rule lives (see `where`).
 */

export const RULES = [
  'taskCheck',
  'agentCheck',
  'declaredReads',
  'keysFromPrincipal',
  'cacheKeyPrincipal',
  'cacheKeyVersion',
  'escaping',
  'atomicHandoff',
  'handoffReadCheck',
  'perUserDuplicates',
  'authorizeBeforeRanking',
  'exactKeys',
  'ownerlessHidden',
  'scopedDelete',
  'semanticCachePartition',
] as const;
export type Rule = (typeof RULES)[number];
export type Rules = Readonly<Record<Rule, boolean>>;

/** Every rule on: the seed's store. */
export const ALL_RULES: Rules = Object.freeze(
  Object.fromEntries(RULES.map((rule) => [rule, true])) as Record<Rule, boolean>,
);

/** All rules on except the ones named. */
export function withRulesOff(...off: Rule[]): Rules {
  return Object.freeze({ ...ALL_RULES, ...Object.fromEntries(off.map((rule) => [rule, false])) });
}

export interface RuleInfo {
  /**
   * The rule's name, as it is enforced: the switch's label (on = enforced, off = broken), and the words
   * every banner, badge, explanation, task, hint and check uses for it (ruleName() quotes it). Learner-facing
   * text never shows the rule's id.
   */
  name: string;
  /** What goes wrong without it. */
  effect: string;
}

/** Each rule's name and effect; its incident and where it lives in the core: ruleDetails.ts. */
export const RULE_INFO: Readonly<Record<Rule, RuleInfo>> = {
  taskCheck: {
    name: 'A task item stays in its task',
    effect: "A new task sees the previous task's notes.",
  },
  agentCheck: {
    name: 'An agent item stays with its agent',
    effect: "The researcher reads the planner's scratch, and the planner reads the researcher's handoff.",
  },
  declaredReads: {
    name: 'An agent reads only the scopes it declares',
    effect: 'The researcher gets user and task items it never declared.',
  },
  keysFromPrincipal: {
    name: 'Scope keys come from the principal',
    effect: "A write may name its owner with user_id, so Bob can put a note into Alice's context.",
  },
  cacheKeyPrincipal: {
    name: 'The cache key holds the principal',
    effect: "Bob's context is served to Alice when she asks the same question.",
  },
  cacheKeyVersion: {
    name: 'The cache key holds the store version',
    effect: "A closed task's context is still served after its items were deleted.",
  },
  escaping: {
    name: 'Item text is escaped',
    effect: 'Item text can close its <item> block and forge another item.',
  },
  atomicHandoff: {
    name: 'A handoff is all or nothing',
    effect: 'A handoff that fails partway leaves partial copies behind.',
  },
  handoffReadCheck: {
    name: 'A handoff copies only readable items',
    effect: "The planner can hand off any item by ID, Alice's included.",
  },
  perUserDuplicates: {
    name: 'Duplicate IDs are checked per user',
    effect: 'The "duplicate item id" error tells Bob that Alice has an item with that ID.',
  },
  authorizeBeforeRanking: {
    name: 'Authorize before ranking',
    effect:
      "Every user's items are ranked, then filtered: the scorer sees everything, and a user with few matching items gets fewer than they should.",
  },
  exactKeys: {
    name: 'Scope keys match exactly',
    effect: "acme's request also holds acme-corp's items, and task-1's holds task-10's.",
  },
  ownerlessHidden: {
    name: "An item without an owner is nobody's",
    effect: "An item imported without its owner reaches every user's request.",
  },
  scopedDelete: {
    name: "A user's delete removes only that user's items",
    effect: "Forgetting one user deletes every user's items: Bob loses his notes when Alice asks to be forgotten.",
  },
  semanticCachePartition: {
    name: 'The semantic cache is partitioned by the principal',
    effect:
      "The principal is only a tag in the cached question's text: Bob's question is similar enough to Alice's, so he is served the request built for her.",
  },
};

/** A rule's name in quotes, as sentences name it: “A task item stays in its task”. */
export function ruleName(rule: Rule): string {
  return `“${RULE_INFO[rule].name}”`;
}

/** Rules' names in a sentence: “A” and “B”, or “A”, “B” and “C”. */
export function ruleNames(rules: readonly Rule[]): string {
  const quoted = rules.map(ruleName);
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
}

/** What a switch says of its rule: on is enforced, off is broken. */
export const RULE_STATE = { on: 'enforced', off: 'off: broken' } as const;
