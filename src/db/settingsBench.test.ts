/** The benchmark's state and its refusal to time an engine that answers wrongly (no database needed). */
import { describe, expect, it } from 'vitest';
import { ContextStore } from '../core/store/store';
import type { Item } from '../core/store/entities';
import { benchDb, benchPrincipals, formatDbBench, largeState } from './settingsBench';
import type { ScopeDb } from './scopeDb';

/** A ScopeDb that answers every read from a store, optionally dropping the last row. */
function fakeDb(wrong: boolean): ScopeDb {
  let store: ContextStore | null = null;
  const unused = () => Promise.reject(new Error('not used by the benchmark'));
  return {
    load: async (state) => {
      store = ContextStore.restore(state.agents, state.items, 0);
    },
    readVisible: async (principal) => {
      const rows: Item[] = principal === null ? [] : store!.visible(principal);
      return wrong ? rows.slice(0, -1) : rows;
    },
    readAsSuperuser: unused,
    explainVisible: unused,
    serverVersion: unused,
    setPolicy: async () => {},
    close: async () => {},
  };
}

describe('largeState', () => {
  it('holds exactly the items asked for, the same each time, a state the store itself reached', () => {
    const state = largeState(2_000);
    expect(state.items).toHaveLength(2_000);
    expect(largeState(2_000)).toEqual(state);
    expect(new Set(state.items.map((item) => item.scope))).toEqual(new Set(['app', 'user', 'task', 'agent']));
  });

  it('gives principals who each see their own items and the app items', () => {
    const state = largeState(2_000);
    const store = ContextStore.restore(state.agents, state.items, 0);
    const principals = benchPrincipals(state, 9);
    expect(principals).toHaveLength(9);
    for (const p of principals)
      expect(store.visible(p).every((item) => item.user === null || item.user === p.user)).toBe(true);
  });
});

describe('benchDb', () => {
  it('reports each engine beside the in-memory store', async () => {
    const report = await benchDb({ state: largeState(200), rounds: 2, targets: [{ name: 'fake', db: fakeDb(false) }] });
    expect(report.rows.map((row) => [row.engine, row.reads])).toEqual([
      ['in-memory store', 60],
      ['fake', 60],
    ]);
    expect(formatDbBench(report)).toMatch(/^200 items, 30 principals, 2 reads each\nengine/);
  });

  it('refuses to time an engine whose rows differ from store.visible', async () => {
    await expect(
      benchDb({ state: largeState(200), rounds: 1, targets: [{ name: 'wrong', db: fakeDb(true) }] }),
    ).rejects.toThrow(/wrong: rows for user-\d+\/task-\d+-a\/planner differ from store.visible/);
  });
});
