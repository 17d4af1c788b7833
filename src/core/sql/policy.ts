/**
 * The seed's read rule (visibility.ts `decide`) as one PostgreSQL row-level security expression.
 * Pure text generation: nothing here talks to a database, and no principal value is ever part of the
 * text. The principal reaches PostgreSQL as three transaction-local settings (see statements.ts).
 */
import type { Rules } from '../store/rules';

/** The settings that carry the principal into a read transaction. */
export const PRINCIPAL_SETTINGS = { user: 'app.user', task: 'app.task', agent: 'app.agent' } as const;

/** The rules a read policy can switch off; the seed's store has all four on. */
export type ReadRules = Pick<Rules, 'taskCheck' | 'agentCheck' | 'declaredReads' | 'exactKeys' | 'ownerlessHidden'>;

export interface PolicyOptions {
  /**
   * 'once' (the default) wraps each current_setting() in a sub-select: PostgreSQL plans it as an
   * InitPlan and evaluates it once per query. 'per-row' is the trap, kept for the teaching view and
   * the benchmark: a bare current_setting() is a function call in the filter, made again for every row.
   */
  settings?: 'once' | 'per-row';
  /** Read rules to enforce; every rule on by default, as in the seed. */
  rules?: Partial<ReadRules>;
}

const ALL_READ_RULES: ReadRules = {
  taskCheck: true,
  agentCheck: true,
  declaredReads: true,
  exactKeys: true,
  ownerlessHidden: true,
};

/**
 * One principal setting as SQL. `current_setting(name, true)` is NULL in a session that never set it
 * and '' after a transaction that set it locally has ended, so both mean "unset": nullif turns '' into
 * NULL, and NULL equals nothing, so an unset key matches no item.
 */
export function settingSql(key: keyof typeof PRINCIPAL_SETTINGS, options: PolicyOptions = {}): string {
  const call = `nullif(current_setting('${PRINCIPAL_SETTINGS[key]}', true), '')`;
  return (options.settings ?? 'once') === 'once' ? `(select ${call})` : call;
}

/** Which scopes the principal's agent reads: its declared reads; only 'app' when no agent is set; none for an unknown agent. */
function readsSql(options: PolicyOptions, rules: ReadRules): string[] {
  const agent = settingSql('agent', options);
  // With declaredReads off a known agent reads every scope, but an unknown agent still reads nothing,
  // as the in-memory store still refuses it.
  const declared = rules.declaredReads ? 'a.reads' : "array['app', 'user', 'task', 'agent']";
  return [
    `scope = any (case when ${agent} is null then array['app']`,
    `                  else (select ${declared} from agents a`,
    `                        where a.name = ${agent}) end)`,
  ];
}

/**
 * A key column against its principal setting: equal, or with exactKeys off a raw prefix match, the
 * `LIKE 'acme%'` mistake (starts_with, so that no character of the key is read as a pattern).
 */
function keySql(column: string, key: keyof typeof PRINCIPAL_SETTINGS, options: PolicyOptions, rules: ReadRules) {
  const setting = settingSql(key, options);
  return rules.exactKeys ? `${column} = ${setting}` : `starts_with(${column}, ${setting})`;
}

/** Below a user match: the task check, then the agent check (the seed's Item.visible_to). */
function belowUserSql(options: PolicyOptions, rules: ReadRules): string[] {
  const task = keySql('task_id', 'task', options, rules);
  const agent = keySql('agent_id', 'agent', options, rules);
  if (rules.taskCheck && rules.agentCheck) {
    return [`and (scope = 'user'`, `     or (${task}`, `         and (scope = 'task'`, `              or ${agent})))`];
  }
  if (rules.taskCheck) return [`and (scope = 'user' or ${task})`];
  if (rules.agentCheck) return [`and (scope in ('user', 'task') or ${agent})`];
  return [];
}

/**
 * The USING expression: the item's scope is one the agent reads, and the seed's visible_to holds:
 * app rows for all; then the user must match (user scope); then the task (task scope); or the agent.
 */
export function policyExpression(options: PolicyOptions = {}): string {
  const rules = { ...ALL_READ_RULES, ...options.rules };
  const below = belowUserSql(options, rules);
  // With ownerlessHidden off, a row with no owner matches every user: `user_id = ? or user_id is null`.
  const owner = keySql('user_id', 'user', options, rules);
  const user = rules.ownerlessHidden ? owner : `(${owner} or user_id is null)`;
  return [
    ...readsSql(options, rules),
    `and (scope = 'app'`,
    ...(below.length === 0
      ? [`     or ${user})`]
      : [`     or (${user}`, ...below.map((line, i) => `         ${line}${i === below.length - 1 ? '))' : ''}`)]),
  ].join('\n');
}
