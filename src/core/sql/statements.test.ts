/** The statements a driver runs and the state it loads, and how a read that differs is told apart. */
import { describe, expect, it } from 'vitest';
import { ContextStore } from '../store/store';
import { makeAgent, makePrincipal } from '../store/entities';
import { itemsAt } from '../timeline/timeline';
import { BOB, replayOk, seedScenario } from '../testing/fixtures';
import { compareReads, expectedRead } from './agreement';
import {
  ITEM_COLUMNS,
  loadStatements,
  policyExpression,
  policySql,
  POLICY_NAME,
  readStatements,
  replacePolicySql,
  rowToItem,
  schemaSql,
  SELECT_ITEMS,
  stateAt,
  stateOf,
  unscopedReadStatements,
  UnstorableValueError,
} from './index';

const seed = replayOk(seedScenario());

describe('the state to load', () => {
  it('is the store after an entry, the entry clamped to the timeline', () => {
    expect(stateAt(seed, 6)).toEqual({ agents: seed.agents, items: itemsAt(seed, 6) });
    expect(stateAt(seed, -4).items.map((item) => item.id)).toEqual(['app-policy']);
    expect(stateAt(seed, 99).items).toEqual(itemsAt(seed, 12));
  });

  it("is a live store's agents and items", () => {
    const planner = makeAgent('planner', 'Plan.', [], ['app', 'agent']);
    const store = new ContextStore([planner]);
    store.configure('app-note', 'Hello.');
    expect(stateOf(store)).toEqual({ agents: [planner], items: store.items() });
    expect(stateOf(store).items.map((item) => item.id)).toEqual(['app-note']);
  });

  it('replaces what the tables hold: items deleted before agents, then both inserted from one parameter each', () => {
    const statements = loadStatements(stateAt(seed, 6));
    expect(statements.slice(0, 2)).toEqual([
      { text: 'delete from items', params: [] },
      { text: 'delete from agents', params: [] },
    ]);
    expect(statements[2]!.text).toMatch(
      /^insert into agents \(name, reads\) select name, reads from jsonb_to_recordset\(\$1::jsonb\)/,
    );
    expect(statements[3]!.text).toMatch(
      new RegExp(
        `^insert into items \\(${ITEM_COLUMNS}\\) select ${ITEM_COLUMNS} from jsonb_to_recordset\\(\\$1::jsonb\\)`,
      ),
    );
    expect(statements.slice(2).map((s) => s.params.length)).toEqual([1, 1]);
  });

  it('names the error of a state PostgreSQL cannot hold', () => {
    const item = { ...stateAt(seed, 1).items[0]!, text: 'a\u0000b' };
    const error = (() => {
      try {
        loadStatements({ agents: seed.agents, items: [item] });
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(UnstorableValueError);
    expect((error as Error).name).toBe('UnstorableValueError');
  });
});

describe('the read statements', () => {
  it('set the principal in one select of comma-separated set_config calls, then select with no parameter', () => {
    const [setup, select] = readStatements(makePrincipal('bob', 'task-17', 'planner'));
    expect(setup!.text).toMatch(/^select set_config\([^)]*\)(,\n {7}set_config\([^)]*\)){4}$/);
    expect(select).toEqual({ text: SELECT_ITEMS, params: [] });
    expect(unscopedReadStatements()).toEqual([
      { text: "select set_config('transaction_read_only', 'on', true)", params: [] },
      { text: SELECT_ITEMS, params: [] },
    ]);
  });
});

describe('the policy text', () => {
  it('puts one clause on each line, indented under using (...) in CREATE POLICY', () => {
    const expression = policyExpression().split('\n');
    expect(expression.length).toBeGreaterThan(4);
    expect(expression[3]).toBe("and (scope = 'app'");
    const lines = policySql().split('\n');
    expect(lines.slice(0, 4)).toEqual([
      `create policy ${POLICY_NAME} on items`,
      '  for select',
      '  to scope_reader',
      '  using (',
    ]);
    expect(lines.slice(4, -1)).toEqual(expression.map((line) => `    ${line}`));
    expect(lines.at(-1)).toBe('  );');
  });

  it('replaces the policy with one for the rules given', () => {
    const off = { rules: { taskCheck: false } };
    expect(replacePolicySql(off)).toBe(`drop policy if exists ${POLICY_NAME} on items;\n${policySql(off)}`);
    expect(replacePolicySql(off)).not.toContain('task_id');
  });

  it('indexes the table unless told not to', () => {
    expect(schemaSql()).toContain('create index');
    expect(schemaSql({ indexes: true })).toContain('create index');
    expect(schemaSql({ indexes: false })).not.toContain('create index');
    expect(schemaSql({ indexes: false })).toContain(policySql());
  });
});

describe('rows', () => {
  it('refuse a seq that is not a whole number', () => {
    const row = {
      seq: 1.5,
      id: 'x',
      scope: 'app',
      text: 't',
      user_id: null,
      task_id: null,
      agent_id: null,
      source: 's',
    };
    expect(() => rowToItem(row)).toThrow('items.seq: expected an integer, got 1.5');
  });
});

describe('expectedRead and compareReads', () => {
  it('rethrow an error that is not the store refusing an unknown agent', () => {
    const broken = {
      get user(): string {
        throw new Error('no session');
      },
      task: 'task-17',
      agent: 'planner',
    };
    expect(() => expectedRead(seed, 6, broken)).toThrow('no session');
  });

  const items = expectedRead(seed, 6, BOB).items;
  const alice = expectedRead(seed, 6, makePrincipal('alice', 'task-9', 'planner')).items.at(-1)!;
  it.each([
    ['a row too many', [...items, alice], { missing: [], extra: [alice], changed: [] }],
    ['a row too few', items.slice(0, -1), { missing: items.slice(-1), extra: [], changed: [] }],
    [
      'a changed row',
      [{ ...items[0]!, text: 'edited' }, ...items.slice(1)],
      { missing: [], extra: [], changed: [{ ...items[0]!, text: 'edited' }] },
    ],
  ])('call %s a difference, not a reordering', (_what, got, parts) => {
    expect(compareReads(items, got)).toEqual({ kind: 'different', ...parts, reordered: false });
  });
});
