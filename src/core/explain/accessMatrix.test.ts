import { describe, expect, it } from 'vitest';
import type { Item, Principal } from '../store/entities';
import { principalName, SCOPES } from '../store/entities';
import type { Timeline } from '../replay/replayText';
import { ALL_RULES, withRulesOff } from '../store/rules';
import { decide } from '../store/visibility';
import { scenarioSchema } from '../scenario/scenario';
import { itemsAt } from '../timeline/timeline';
import { explainAt } from '../reference/explain';
import { type AccessMatrix, accessMatrixAt, cellIn, flippedCells } from './accessMatrix';
import { goldenCases, projectJson, replayOk, seedScenario } from '../testing/fixtures';
import { generateScenario } from '../../../bench/scenario';

/** The reference: the items present after `at` (itemsAt, a plain filter), by scope, each in insertion order. */
function referenceColumns(timeline: Timeline, at: number): Item[] {
  const present = itemsAt(timeline, at);
  return SCOPES.flatMap((scope) => present.filter((item) => item.scope === scope));
}

const columnsOf = (matrix: AccessMatrix) => Array.from({ length: matrix.columns }, (_, c) => matrix.item(c));

/** Every cell of the matrix is decide's verdict for its principal and item, and in/out agrees with explainAt. */
function expectMatrixIsDecide(timeline: Timeline, at: number) {
  const matrix = accessMatrixAt(timeline, at);
  const columns = referenceColumns(timeline, at);
  expect(columnsOf(matrix)).toEqual(columns);
  for (const group of matrix.groups)
    expect(columns.slice(group.start, group.start + group.count).every((item) => item.scope === group.scope)).toBe(
      true,
    );
  matrix.rows.forEach((principal, r) => {
    const agent = timeline.agents.find((a) => a.name === principal.agent);
    const reference = explainAt(timeline, at, principal);
    const bySeq = new Map(reference?.map((e) => [e.item.seq, e]) ?? []);
    columns.forEach((item, c) => {
      const cell = matrix.cell(r, c);
      expect(cell.item).toBe(item);
      expect(cell.principal).toBe(principal);
      if (agent === undefined) {
        expect(cell.kind).toBe('unknown-agent');
        expect(reference).toBeNull();
        return;
      }
      expect(cell.kind === 'verdict' && cell.verdict).toEqual(decide(item, principal, agent, timeline.rules));
      expect(cell.kind === 'verdict' && cell.because).toBe(bySeq.get(item.seq)!.because);
      expect(cellIn(cell)).toBe(bySeq.get(item.seq)!.verdict.visible);
    });
  });
}

const queryEntries = (timeline: Timeline) =>
  timeline.entries.filter((entry) => entry.step?.op === 'query').map((entry) => entry.index);

describe('the access matrix', () => {
  it('names the seed principals as rows: every step acts as one, and the handoff names its receiver', () => {
    const matrix = accessMatrixAt(replayOk(seedScenario()), 9);
    expect(matrix.rows.map(principalName)).toEqual([
      'alice/task-9/planner',
      'bob/task-17/planner',
      'bob/task-17/researcher',
      'bob/task-18/planner',
    ]);
  });

  it('at the seed step 9 shows the store by scope, each cell as decide says', () => {
    const timeline = replayOk(seedScenario());
    const matrix = accessMatrixAt(timeline, 9);
    expect(matrix.groups.map((g) => [g.scope, g.count])).toEqual([
      ['app', 1],
      ['user', 2],
      ['task', 2],
      ['agent', 3],
    ]);
    const bob = matrix.rows.findIndex((p) => principalName(p) === 'bob/task-17/planner');
    const alice = columnsOf(matrix).findIndex((item) => item.id === 'alice-contact');
    expect(matrix.cell(bob, alice)).toMatchObject({
      kind: 'verdict',
      verdict: { visible: false, why: 'other-user' },
      because: 'belongs to alice, you are bob',
      flipped: false,
    });
    expectMatrixIsDecide(timeline, 9);
  });

  it.each(goldenCases())('equals decide for every principal and item of %s at step 9 and every query step', (name) => {
    const timeline = replayOk(scenarioSchema.parse(projectJson(`fixtures/golden/${name}.scenario.json`)));
    for (const at of new Set([9, ...queryEntries(timeline)])) expectMatrixIsDecide(timeline, at);
  });

  it('drops the items a closed task deleted, and keeps the scopes in order around them', () => {
    const timeline = replayOk(seedScenario());
    for (let at = 0; at < timeline.entries.length; at++)
      expect(columnsOf(accessMatrixAt(timeline, at))).toEqual(referenceColumns(timeline, at));
    expect(columnsOf(accessMatrixAt(timeline, 11)).map((item) => item.id)).toEqual([
      'app-policy',
      'alice-contact',
      'bob-style',
      'alice-export-limit',
    ]);
  });

  it('picks the same columns as the reference in a big scenario with many closed tasks', () => {
    const timeline = replayOk(generateScenario({ users: 120, itemsPerUser: 10, queries: 20 }));
    for (const at of [0, 1, 200, 555, 900, timeline.entries.length - 1])
      expect(columnsOf(accessMatrixAt(timeline, at))).toEqual(referenceColumns(timeline, at));
  });

  it('gives an unknown agent no verdict: it reads nothing', () => {
    const scenario = seedScenario();
    const steps = scenario.steps.map((step) =>
      step.op === 'query' && step.as[1] === 'task-18' ? { ...step, as: ['bob', 'task-18', 'auditor'] } : step,
    );
    const timeline = replayOk(scenarioSchema.parse({ ...scenario, steps }));
    const matrix = accessMatrixAt(timeline, 10);
    const auditor = matrix.rows.findIndex((p: Principal) => p.agent === 'auditor');
    expect(matrix.cell(auditor, 0)).toMatchObject({
      kind: 'unknown-agent',
      because: 'unknown agent auditor: it reads nothing',
    });
    expect(cellIn(matrix.cell(auditor, 0))).toBe(false);
    expectMatrixIsDecide(timeline, 10);
  });
});

describe("one user's view", () => {
  it.each(goldenCases().filter((_, i) => i % 5 === 0))(
    "in %s, holds each user's principals by the app items and that user's items, and leaves out only cells that are out",
    (name) => {
      const scenario = scenarioSchema.parse(projectJson(`fixtures/golden/${name}.scenario.json`));
      for (const rules of [undefined, withRulesOff('taskCheck', 'agentCheck', 'declaredReads')]) {
        const timeline = replayOk(scenario, rules);
        for (const at of new Set([9, ...queryEntries(timeline)])) {
          const whole = accessMatrixAt(timeline, at);
          const all = columnsOf(whole);
          for (const user of new Set(whole.rows.map((p) => p.user))) {
            const mine = accessMatrixAt(timeline, at, user);
            expect(mine.rows).toEqual(whole.rows.filter((p) => p.user === user));
            expect(columnsOf(mine)).toEqual(all.filter((item) => item.user === null || item.user === user));
            whole.rows.forEach((p, r) => {
              if (p.user !== user) return;
              const m = mine.rows.indexOf(p);
              all.forEach((item, c) => {
                const cell = whole.cell(r, c);
                const c2 = columnsOf(mine).indexOf(item);
                if (c2 === -1) expect(cellIn(cell)).toBe(false);
                else expect(mine.cell(m, c2)).toEqual(cell);
              });
            });
          }
        }
      }
    },
  );
});

describe('a rule switched off', () => {
  it.each(['taskCheck', 'agentCheck', 'declaredReads'] as const)(
    'with %s off, marks exactly the cells whose verdict differs from every rule on',
    (rule) => {
      const on = replayOk(seedScenario());
      const off = replayOk(seedScenario(), withRulesOff(rule));
      for (let at = 0; at < off.entries.length; at++) {
        const matrix = accessMatrixAt(off, at);
        const reference = accessMatrixAt(on, at);
        expect(matrix.rulesOff).toEqual([rule]);
        const expected: Array<[number, number]> = [];
        matrix.rows.forEach((principal, r) => {
          const agent = off.agents.find((a) => a.name === principal.agent)!;
          for (let c = 0; c < matrix.columns; c++) {
            const cell = matrix.cell(r, c);
            // The same scenario replays to the same items with these read rules off.
            expect(cell.item).toEqual(reference.item(c));
            const differs = cellIn(cell) !== cellIn(reference.cell(r, c));
            expect(differs).toBe(decide(cell.item, principal, agent, ALL_RULES).visible !== cellIn(cell));
            if (differs) expected.push([r, c]);
          }
        });
        expect(flippedCells(matrix)).toEqual(expected);
      }
    },
  );

  it("with taskCheck off, flips bob's task-17 plan and planner scratch for bob's planner in task-18 at step 10", () => {
    const matrix = accessMatrixAt(replayOk(seedScenario(), withRulesOff('taskCheck')), 10);
    const flipped = flippedCells(matrix)!.map(([r, c]) => `${principalName(matrix.rows[r]!)} ${matrix.item(c).id}`);
    expect(flipped).toEqual(['bob/task-18/planner bob-export-plan', 'bob/task-18/planner planner-scratch']);
    const [r, c] = flippedCells(matrix)![0]!;
    expect(matrix.cell(r, c)).toMatchObject({
      verdict: { visible: true, why: 'rule-off', rule: 'taskCheck' },
      allOn: { visible: false, why: 'other-task' },
    });
  });

  it('flips nothing with every rule on, and does not count the cells of a matrix too big to decide whole', () => {
    expect(flippedCells(accessMatrixAt(replayOk(seedScenario()), 9))).toEqual([]);
    const big = replayOk(generateScenario({ users: 120, itemsPerUser: 10, queries: 20 }), withRulesOff('taskCheck'));
    expect(flippedCells(accessMatrixAt(big, big.entries.length - 1), 1000)).toBeNull();
  });
});

describe('the bounds of a matrix', () => {
  it('clamps the step to the timeline, and names a column or row that does not exist', () => {
    const timeline = replayOk(seedScenario());
    expect(accessMatrixAt(timeline, -3)).toMatchObject({ at: 0, columns: 1 });
    const last = accessMatrixAt(timeline, 99);
    expect(last.at).toBe(12);
    expect(columnsOf(last)).toEqual(referenceColumns(timeline, 12));
    for (const column of [-1, 1.5, last.columns, Number.NaN])
      expect(() => last.item(column)).toThrow(
        new RangeError(`no column ${column}: the store holds ${last.columns} items after entry 12`),
      );
    expect(() => last.cell(last.rows.length, 0)).toThrow(new RangeError('no row 4: the scenario names 4'));
    expect(() => last.cell(0, last.columns)).toThrow(RangeError);
  });

  it('gives the same verdict object for every rule on, since no switch is off', () => {
    const matrix = accessMatrixAt(replayOk(seedScenario()), 9);
    expect(matrix.rulesOff).toEqual([]);
    const cell = matrix.cell(0, 0);
    expect(cell.kind === 'verdict' && cell.allOn === cell.verdict).toBe(true);
  });

  it('counts flipped cells up to the limit, exactly at it included, and says none for every rule on however big', () => {
    const small = accessMatrixAt(replayOk(seedScenario(), withRulesOff('taskCheck')), 10);
    const size = small.rows.length * small.columns;
    expect(flippedCells(small, size)).toHaveLength(2);
    expect(flippedCells(small, size - 1)).toBeNull();
    const big = replayOk(generateScenario({ users: 120, itemsPerUser: 10, queries: 20 }));
    expect(flippedCells(accessMatrixAt(big, big.entries.length - 1), 10)).toEqual([]);
  });
});
