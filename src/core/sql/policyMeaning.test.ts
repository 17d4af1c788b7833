/**
 * The row-level-security policy means what the store's read rule means: its SQL text, read by a small
 * interpreter of the few forms it uses, keeps and hides the same items as `decide`, for every item shape,
 * principal and combination of the read rules (src/db's tests run the same policy in PostgreSQL).
 */
import { describe, expect, it } from 'vitest';
import { makeAgent, makePrincipal, type Item, type Principal, SCOPES } from '../store/entities';
import { type Rule, withRulesOff } from '../store/rules';
import { decide } from '../store/visibility';
import { policyExpression, type PolicyOptions, type ReadRules } from './policy';

type Settings = { user: string | null; task: string | null; agent: string | null };
type Reads = (agent: string, declared: readonly string[] | 'declared') => readonly string[] | null;
type Row = Pick<Item, 'scope' | 'user' | 'task' | 'agent'>;

/**
 * The policy's SQL as a JavaScript predicate over one row. NULL is read as false: the policy combines
 * its tests with AND and OR only, where a NULL and a false keep a row out alike. Any SQL left over is a
 * syntax error, so a form the interpreter does not know fails the test rather than passing it.
 */
function predicate(sql: string): (row: Row, settings: Settings, reads: Reads) => boolean {
  const js = sql
    .replace(/\(select nullif\(current_setting\('app\.(user|task|agent)', true\), ''\)\)/g, 'S.$1')
    .replace(/nullif\(current_setting\('app\.(user|task|agent)', true\), ''\)/g, 'S.$1')
    .replace(
      /scope = any \(case when S\.agent is null then array\['app'\]\s+else \(select (a\.reads|array\[[^\]]*\]) from agents a\s+where a\.name = S\.agent\) end\)/g,
      (_, declared: string) =>
        `ANY(row.scope, S.agent === null ? ['app'] : READS(S.agent, ${declared === 'a.reads' ? "'declared'" : declared.replace('array', '')}))`,
    )
    .replace(/starts_with\((user_id|task_id|agent_id), (S\.\w+)\)/g, 'SW($1, $2)')
    .replace(/(user_id|task_id|agent_id) = (S\.\w+)/g, 'EQ($1, $2)')
    .replace(/(user_id|task_id|agent_id) is null/g, '($1 === null)')
    .replace(/scope in \('user', 'task'\)/g, "(row.scope === 'user' || row.scope === 'task')")
    .replace(/scope = '(\w+)'/g, "(row.scope === '$1')")
    .replace(/\buser_id\b/g, 'row.user')
    .replace(/\btask_id\b/g, 'row.task')
    .replace(/\bagent_id\b/g, 'row.agent')
    .replace(/\band\b/g, '&&')
    .replace(/\bor\b/g, '||');
  const run = new Function('row', 'S', 'READS', 'ANY', 'EQ', 'SW', `return (${js});`);
  const any = (scope: string, scopes: readonly string[] | null) => scopes !== null && scopes.includes(scope);
  const eq = (column: string | null, value: string | null) => column !== null && value !== null && column === value;
  const sw = (column: string | null, value: string | null) =>
    column !== null && value !== null && column.startsWith(value);
  return (row, settings, reads) => Boolean(run(row, settings, reads, any, eq, sw));
}

const AGENTS = [
  makeAgent('planner', 'Plan.', [], ['app', 'user', 'task', 'agent']),
  makeAgent('researcher', 'Research.', [], ['app', 'task', 'agent']),
];
const reads: Reads = (name, declared) => {
  const agent = AGENTS.find((a) => a.name === name);
  if (agent === undefined) return null; // no row: the sub-select is NULL
  return declared === 'declared' ? agent.reads : declared;
};

/** Every item shape over keys equal to, prefixed by, or unlike the principal's, and missing. */
const ROWS: Row[] = SCOPES.flatMap((scope) =>
  [null, 'bob', 'bobby', 'alice'].flatMap((user) =>
    [null, 'task-1', 'task-17', 'task-2'].flatMap((task) =>
      [null, 'planner', 'planner-2', 'researcher'].map((agent) => ({ scope, user, task, agent })),
    ),
  ),
);
const PRINCIPALS: Principal[] = [
  makePrincipal('bob', 'task-1', 'planner'),
  makePrincipal('bob', 'task-1', 'researcher'),
  makePrincipal('alice', 'task-2', 'planner'),
];
const READ_RULES: Array<keyof ReadRules> = ['taskCheck', 'agentCheck', 'declaredReads', 'exactKeys', 'ownerlessHidden'];
/** Every subset of the read rules switched off. */
const RULE_SETS: Rule[][] = Array.from({ length: 2 ** READ_RULES.length }, (_, bits) =>
  READ_RULES.filter((_, i) => bits & (2 ** i)),
);

const asItem = (row: Row, seq: number): Item => ({ ...row, seq, id: `item-${seq}`, text: '', source: 'written' });

function disagreements(off: Rule[], options: PolicyOptions): string[] {
  const rules = withRulesOff(...off);
  const visible = predicate(policyExpression({ ...options, rules: Object.fromEntries(off.map((r) => [r, false])) }));
  const found: string[] = [];
  for (const principal of PRINCIPALS) {
    const agent = AGENTS.find((a) => a.name === principal.agent)!;
    ROWS.forEach((row, seq) => {
      const expected = decide(asItem(row, seq), principal, agent, rules).visible;
      if (visible(row, principal, reads) !== expected)
        found.push(`${JSON.stringify(row)} for ${JSON.stringify(principal)}: store ${expected}`);
    });
  }
  return found;
}

describe('the policy means the read rule', () => {
  it.each(RULE_SETS.map((off) => [off.join(', ') || 'no rule', off]))(
    'keeps and hides what the store does with %s off',
    (_, off) => {
      expect(disagreements(off as Rule[], {})).toEqual([]);
      expect(disagreements(off as Rule[], { settings: 'per-row' })).toEqual([]);
    },
  );

  it('shows only the app rows without an agent, and nothing to an agent it does not know', () => {
    const visible = predicate(policyExpression());
    const none = { user: null, task: null, agent: null };
    expect(ROWS.filter((row) => visible(row, none, reads)).every((row) => row.scope === 'app')).toBe(true);
    expect(ROWS.some((row) => visible(row, none, reads))).toBe(true);
    const stranger = { user: 'bob', task: 'task-1', agent: 'auditor' };
    expect(ROWS.filter((row) => visible(row, stranger, reads))).toEqual([]);
    const open = predicate(policyExpression({ rules: { declaredReads: false } }));
    expect(ROWS.filter((row) => open(row, stranger, reads))).toEqual([]);
  });

  it('is checked by an interpreter that refuses SQL it cannot read', () => {
    expect(() => predicate(`${policyExpression()} and exists (select 1)`)).toThrow();
  });
});
