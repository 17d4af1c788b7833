import { describe, expect, it } from 'vitest';
import { withRulesOff } from '../store/rules';
import { decide } from '../store/visibility';
import { itemsAt } from '../timeline/timeline';
import { type Region, scopeRegionsAt } from './scopeRegions';
import { scenarioSchema } from '../scenario/scenario';
import { BOB, BOB_RESEARCHER, ids, projectJson, replayOk, seedScenario } from '../testing/fixtures';
import { generateScenario } from '../../../bench/scenario';

const walk = (region: Region): Region[] => [region, ...region.children.flatMap(walk)];
const lit = (region: Region) =>
  walk(region)
    .filter((r) => r.verdict?.visible)
    .map((r) => r.owner);

describe('the scope regions', () => {
  it("places every item of the step in its region, and lights the regions bob's planner reads", () => {
    const timeline = replayOk(seedScenario());
    const { app, hiddenUsers } = scopeRegionsAt(timeline, 9, BOB);
    expect(hiddenUsers).toBe(0);
    expect(walk(app).map((r) => `${r.owner}: ${ids(r.items).join(' ')}`)).toEqual([
      'everyone: app-policy',
      'bob: bob-style',
      'bob/task-17: bob-export-plan',
      'bob/task-17/planner: planner-scratch',
      'bob/task-17/researcher: handoff-1-brief handoff-1-item-1',
      'alice: alice-contact',
      'alice/task-9: alice-export-limit',
    ]);
    expect(lit(app)).toEqual(['everyone', 'bob', 'bob/task-17', 'bob/task-17/planner']);
    const placed = walk(app).flatMap((r) => r.items);
    expect(new Set(placed)).toEqual(new Set(itemsAt(timeline, 9)));
  });

  it("gives each item its region's verdict, as decide gives it, with a rule off too", () => {
    for (const rules of [undefined, withRulesOff('agentCheck'), withRulesOff('declaredReads')]) {
      const timeline = replayOk(seedScenario(), rules);
      const { app } = scopeRegionsAt(timeline, 9, BOB_RESEARCHER);
      const agent = timeline.agents.find((a) => a.name === 'researcher')!;
      for (const region of walk(app))
        for (const item of region.items)
          expect(decide(item, BOB_RESEARCHER, agent, timeline.rules)).toEqual(region.verdict);
    }
  });

  it("draws the asker's own regions even before they hold items, and no verdict without a principal", () => {
    const timeline = replayOk(seedScenario());
    const asker = { user: 'bob', task: 'task-18', agent: 'planner' };
    const own = walk(scopeRegionsAt(timeline, 1, asker).app).filter((r) => r.own);
    expect(own.map((r) => [r.owner, r.items.length, r.verdict?.visible])).toEqual([
      ['bob', 0, true],
      ['bob/task-18', 0, true],
      ['bob/task-18/planner', 0, true],
    ]);
    expect(scopeRegionsAt(timeline, 9, null).app.verdict).toBeNull();
  });

  it('draws at most maxUsers users and counts the rest', () => {
    const { app, hiddenUsers, hiddenItems } = scopeRegionsAt(replayOk(seedScenario()), 9, BOB, 1);
    expect(app.children.map((r) => r.owner)).toEqual(['bob']);
    expect([hiddenUsers, hiddenItems]).toEqual([1, 2]);
  });

  it('in a store of many users, draws the asker and the first few and counts the rest exactly', () => {
    const timeline = replayOk(generateScenario({ users: 120, itemsPerUser: 10, queries: 20 }));
    const asker = { user: 'user-00077', task: 'task-77', agent: 'planner' };
    for (const at of [300, 700, timeline.entries.length - 1]) {
      const map = scopeRegionsAt(timeline, at, asker, 4);
      const present = itemsAt(timeline, at);
      const drawnUsers = map.app.children.map((r) => r.owner);
      expect(drawnUsers[0]).toBe('user-00077');
      expect(drawnUsers).toHaveLength(4);
      const withItems = new Set(present.flatMap((item) => (item.user === null ? [] : [item.user])));
      expect(map.hiddenUsers).toBe([...withItems].filter((u) => !drawnUsers.includes(u)).length);
      const drawnItems = walk(map.app).flatMap((r) => r.items);
      expect(map.hiddenItems).toBe(present.length - drawnItems.length);
      expect(drawnItems.every((item) => item.user === null || drawnUsers.includes(item.user))).toBe(true);
    }
  });

  const drawn = (region: Region) =>
    walk(region).map((r) => [`${r.scope} ${r.owner}`, r.own, ids(r.items).join(' '), r.verdict?.visible ?? null]);

  it("marks only the asker's own regions as its own, and leaves out what the step itself deleted", () => {
    const timeline = replayOk(seedScenario());
    const asker = { user: 'bob', task: 'task-18', agent: 'planner' };
    const own = (at: number) => walk(scopeRegionsAt(timeline, at, asker).app).filter((r) => r.own);
    expect(own(9).map((r) => r.owner)).toEqual(['bob', 'bob/task-18', 'bob/task-18/planner']);
    const bobs = walk(scopeRegionsAt(timeline, 9, BOB).app).filter((r) => r.own);
    expect(bobs.map((r) => r.owner)).toEqual(['bob', 'bob/task-17', 'bob/task-17/planner']);
    // Step 11 closes bob's task-17: the store view lists its items as deleted, the map no longer holds them.
    const closed = scopeRegionsAt(timeline, 11, asker);
    expect(drawn(closed.app)).toEqual([
      ['app everyone', false, 'app-policy', true],
      ['user bob', true, 'bob-style', true],
      ['task bob/task-18', true, '', true],
      ['agent bob/task-18/planner', true, '', true],
      ['user alice', false, 'alice-contact', false],
      ['task alice/task-9', false, 'alice-export-limit', false],
    ]);
    expect([closed.hiddenUsers, closed.hiddenItems]).toEqual([0, 0]);
  });

  it('decides nothing for an agent the scenario does not configure, and draws an ownerless item with the app items', () => {
    const scenario = scenarioSchema.parse(projectJson('fixtures/lessons/ownerless-rows.scenario.json'));
    const { app } = scopeRegionsAt(replayOk(scenario), 5, { user: 'bob', task: 'task-2', agent: 'auditor' });
    expect(drawn(app)).toEqual([
      ['app everyone', false, 'app-policy legacy-review', null],
      ['user bob', true, 'bob-review', null],
      ['task bob/task-2', true, '', null],
      ['agent bob/task-2/auditor', true, '', null],
      ['user alice', false, 'alice-review', null],
    ]);
  });
});
