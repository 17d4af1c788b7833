/** The SQL text: the principal only ever travels as parameters, and the policy mirrors the read rule. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeAgent, makePrincipal } from '../store/entities';
import {
  loadStatements,
  policyExpression,
  policySql,
  READER_ROLE,
  readStatements,
  rowToItem,
  schemaFile,
  schemaSql,
  unscopedReadStatements,
  unstorableReason,
  UnstorableValueError,
} from './index';

const identifier = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/);

describe('read statements', () => {
  it('pass the principal as parameters and never in the text', () => {
    fc.assert(
      fc.property(identifier, identifier, identifier, (user, task, agent) => {
        // A marker no statement contains, so a value found in the text was spliced into it.
        const values = [`qz-u-${user}`, `qz-t-${task}`, `qz-a-${agent}`] as const;
        const statements = readStatements(makePrincipal(...values));
        for (const { text } of statements) expect(text).not.toContain('qz-');
        expect(statements[0]!.params).toEqual(values);
      }),
    );
  });

  it('set everything transaction-local (SET LOCAL), the reader role included', () => {
    const [setup] = readStatements(makePrincipal('bob', 'task-17', 'planner'));
    const calls = setup!.text.match(/set_config\([^)]*\)/g) ?? [];
    expect(calls).toHaveLength(5);
    for (const call of calls) expect(call).toMatch(/, true\)$/);
    expect(setup!.text).toContain(`set_config('role', '${READER_ROLE}', true)`);
    expect(setup!.text).toContain("set_config('transaction_read_only', 'on', true)");
  });

  it('set no principal at all when there is none, but still switch to the reader', () => {
    const [setup] = readStatements(null);
    expect(setup!.params).toEqual([]);
    expect(setup!.text).not.toContain('app.user');
    expect(setup!.text).toContain(`set_config('role', '${READER_ROLE}', true)`);
  });

  it('leave the role alone for the unscoped read, which is what makes it unscoped', () => {
    expect(unscopedReadStatements(makePrincipal('bob', 'task-17', 'planner'))[0]!.text).not.toContain("'role'");
  });

  it('use the prepared select only when asked', () => {
    expect(readStatements(null)[1]!.text).toMatch(/^select .* from items order by seq$/);
    expect(readStatements(null, { prepared: true })[1]!.text).toBe('execute scope_read_items');
  });
});

describe('the policy', () => {
  it('reads each setting once, through a sub-select, by default', () => {
    const expression = policyExpression();
    const calls = expression.match(/current_setting\('app\.\w+', true\)/g) ?? [];
    const wrapped = expression.match(/\(select nullif\(current_setting\('app\.\w+', true\), ''\)\)/g) ?? [];
    expect(calls.length).toBeGreaterThan(0);
    expect(wrapped).toHaveLength(calls.length);
  });

  it('calls current_setting per row in the trap variant', () => {
    expect(policyExpression({ settings: 'per-row' })).not.toContain('(select nullif');
  });

  it('drops the task and agent comparisons when those rules are off', () => {
    expect(policyExpression({ rules: { taskCheck: false } })).not.toContain('task_id');
    expect(policyExpression({ rules: { agentCheck: false } })).not.toContain('agent_id');
    expect(policyExpression({ rules: { declaredReads: false } })).not.toContain('a.reads');
  });

  it('is part of the schema, on a table with row-level security enabled', () => {
    const sql = schemaSql();
    expect(sql).toContain('alter table items enable row level security;');
    expect(sql).toContain(policySql());
    expect(schemaFile()).toContain(sql);
  });
});

describe('loading', () => {
  const agents = [makeAgent('planner', 'Plan.', ['delegate'], ['app', 'user', 'task', 'agent'])];
  const item = {
    id: 'note',
    scope: 'user' as const,
    text: 'it\'s "quoted"',
    user: 'bob',
    task: null,
    agent: null,
    source: 'written',
    seq: 3,
  };

  it('sends the rows as JSON parameters, keys as columns', () => {
    const [, , insertAgents, insertItems] = loadStatements({ agents, items: [item] });
    expect(JSON.parse(insertAgents!.params[0] as string)).toEqual([
      { name: 'planner', reads: ['app', 'user', 'task', 'agent'] },
    ]);
    expect(JSON.parse(insertItems!.params[0] as string)).toEqual([
      {
        seq: 3,
        id: 'note',
        scope: 'user',
        text: 'it\'s "quoted"',
        user_id: 'bob',
        task_id: null,
        agent_id: null,
        source: 'written',
      },
    ]);
    expect(insertItems!.text).not.toContain('quoted');
  });

  it('refuses text PostgreSQL cannot hold: NUL and lone surrogates', () => {
    for (const text of ['a\u0000b', 'a\ud800b', 'a\udc00']) {
      expect(unstorableReason({ agents, items: [{ ...item, text }] })).toContain('item note (seq 3)');
      expect(() => loadStatements({ agents, items: [{ ...item, text }] })).toThrow(UnstorableValueError);
    }
    expect(unstorableReason({ agents, items: [{ ...item, text: 'a \ud83d\ude00 b' }] })).toBeNull();
  });
});

describe('rows', () => {
  const row = {
    seq: 1,
    id: 'x',
    scope: 'task',
    text: 't',
    user_id: 'bob',
    task_id: 'task-1',
    agent_id: null,
    source: 'written',
  };

  it('become items', () => {
    expect(rowToItem(row)).toEqual({
      seq: 1,
      id: 'x',
      scope: 'task',
      text: 't',
      user: 'bob',
      task: 'task-1',
      agent: null,
      source: 'written',
    });
  });

  it('that do not fit throw', () => {
    expect(() => rowToItem({ ...row, scope: 'global' })).toThrow(/unknown scope/);
    expect(() => rowToItem({ ...row, seq: '1' })).toThrow(/items.seq/);
    expect(() => rowToItem({ ...row, text: null })).toThrow(/items.text/);
  });
});
