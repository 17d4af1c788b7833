import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Principal } from '../store/entities';
import type { Timeline } from '../replay/replayText';
import * as fromScratch from '../reference/readers';
import { explain, explainAt } from '../reference/explain';
import { rowsToArray } from './rows';
import { RULES, withRulesOff } from '../store/rules';
import { scenarioSchema } from '../scenario/scenario';
import { defaultQuestion, requestAt } from './timelineIndex';
import { presentAt, storeViewAt } from './storeViewIndex';
import { explainItemsAt, explainSplit } from './explainIndex';
import { AGENTS, QUESTIONS, scenarioArb, TASKS, USERS } from '../testing/arbitraries';
import { goldenCases, projectJson, replayOk, seedScenario } from '../testing/fixtures';
import { generateScenario } from '../../../bench/scenario';

/** Every fast reader equals its reference at entry `at` for this principal and question. */
function expectSameAt(timeline: Timeline, at: number, principal: Principal, question: string) {
  const reference = fromScratch.storeViewAt(timeline, at);
  expect(storeViewAt(timeline, at)).toEqual(reference);
  expect(presentAt(timeline, at)).toBe(reference.present);
  expect(defaultQuestion(timeline, at)).toBe(fromScratch.defaultQuestion(timeline, at));
  expect(requestAt(timeline, at, principal, question)).toEqual(
    fromScratch.requestAt(timeline, at, principal, question),
  );
  // Asked about every item ever written, in reverse: only those in the store come back, in the order asked.
  const asked = timeline.lives.map((life) => life.item).reverse();
  const explained = explainAt(timeline, at, principal) ?? [];
  expect(explainItemsAt(timeline, at, principal, asked)).toEqual([...explained].reverse());
  // Held: every third item ever written, deleted ones included; the rest split into present and deleted.
  const held = new Set(timeline.lives.filter((_, i) => i % 3 === 0).map((life) => life.item.seq));
  const all = explain(timeline, at, principal);
  const split = explainSplit(timeline, at, principal, held);
  expect(split.held).toEqual(all.filter((e) => held.has(e.item.seq)));
  expect(rowsToArray(split.present)).toEqual(all.filter((e) => !held.has(e.item.seq) && e.status !== 'deleted'));
  expect(rowsToArray(split.deleted)).toEqual(all.filter((e) => !held.has(e.item.seq) && e.status === 'deleted'));
}

const PRINCIPALS: Principal[] = USERS.flatMap((user) =>
  TASKS.flatMap((task) => AGENTS.map((agent) => ({ user, task, agent }))),
);

describe('the timeline index', () => {
  it('reads the seed scenario exactly as the reference readers do, at every step, for every principal it names', () => {
    const timeline = replayOk(seedScenario());
    const principals = [
      { user: 'bob', task: 'task-17', agent: 'planner' },
      { user: 'bob', task: 'task-17', agent: 'researcher' },
      { user: 'alice', task: 'task-9', agent: 'planner' },
      { user: 'bob', task: 'task-18', agent: 'planner' },
      { user: 'carol', task: 'task-1', agent: 'auditor' },
    ];
    for (let at = 0; at < timeline.entries.length; at++) {
      for (const principal of principals) expectSameAt(timeline, at, principal, 'What is the plan for the export job?');
    }
  });

  it('agrees on the golden cases at every step, with every rule on and with each rule off', () => {
    for (const name of goldenCases().slice(0, 6)) {
      const scenario = scenarioSchema.parse(projectJson(`fixtures/golden/${name}.scenario.json`));
      for (const rules of [undefined, ...RULES.map((rule) => withRulesOff(rule))]) {
        const timeline = replayOk(scenario, rules);
        const asked = timeline.entries.flatMap((e) =>
          e.step && 'as' in e.step ? [{ user: e.step.as[0], task: e.step.as[1], agent: e.step.as[2] }] : [],
        );
        for (let at = 0; at < timeline.entries.length; at++) {
          expectSameAt(
            timeline,
            at,
            asked[at % Math.max(1, asked.length)] ?? PRINCIPALS[0]!,
            defaultQuestion(timeline, at),
          );
        }
      }
    }
  });

  it('agrees on the imports and forgotten users of the incident lessons, with every rule on and each rule off', () => {
    for (const file of ['ownerless-rows', 'scoped-delete']) {
      const scenario = scenarioSchema.parse(projectJson(`fixtures/lessons/${file}.scenario.json`));
      for (const rules of [undefined, ...RULES.map((rule) => withRulesOff(rule))]) {
        const timeline = replayOk(scenario, rules);
        for (let at = 0; at < timeline.entries.length; at++)
          for (const principal of [
            { user: 'alice', task: 'task-1', agent: 'planner' },
            { user: 'bob', task: 'task-2', agent: 'planner' },
          ])
            expectSameAt(timeline, at, principal, defaultQuestion(timeline, at));
      }
    }
    const imported = storeViewAt(
      replayOk(scenarioSchema.parse(projectJson('fixtures/lessons/ownerless-rows.scenario.json'))),
      3,
    );
    expect(imported.groups.map((group) => [group.owner, group.readers])).toEqual([
      ['everyone', 'every principal reads these'],
      ['no owner', 'no user reads these: they have no owner'],
      ['alice', 'alice reads these in any task'],
      ['bob', 'bob reads these in any task'],
    ]);
  });

  it('agrees on random scenarios under random rules, at every step, principal and question', () => {
    fc.assert(
      fc.property(
        scenarioArb,
        fc.subarray([...RULES]),
        fc.constantFrom(...PRINCIPALS),
        fc.constantFrom(...QUESTIONS),
        (scenario, off, principal, question) => {
          const timeline = replayOk(scenario, withRulesOff(...off));
          // Forwards, then backwards and jumping about, so answers cached for one stretch are checked at others.
          const n = timeline.entries.length;
          const order = [...Array(n + 2).keys()].map((k) => k - 1);
          for (const at of [...order, ...order.reverse(), ...order.map((k) => (k * 7) % (n + 1))]) {
            expectSameAt(timeline, Math.max(0, Math.min(at, n - 1)), principal, question);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('agrees on a generated scenario with closed tasks, around every close and at the ends', () => {
    const timeline = replayOk(scenarioSchema.parse(generateScenario({ users: 60, itemsPerUser: 10, queries: 20 })));
    const closes = timeline.entries.filter((e) => e.outcome.kind === 'closed').map((e) => e.index);
    const points = [0, 1, timeline.entries.length - 1, ...closes.flatMap((at) => [at - 1, at, at + 1])];
    const principals: Principal[] = [
      { user: 'user-00007', task: 'task-7', agent: 'planner' },
      { user: 'user-00007', task: 'task-7', agent: 'researcher' },
      { user: 'user-00003', task: 'task-3', agent: 'planner' },
    ];
    for (const at of points) {
      for (const principal of principals) expectSameAt(timeline, at, principal, defaultQuestion(timeline, at));
    }
  });

  it('reuses an explanation from step to step instead of making it again', () => {
    const timeline = replayOk(seedScenario());
    const bob = { user: 'bob', task: 'task-17', agent: 'planner' };
    const none = new Set<number>();
    expect(explainSplit(timeline, 5, bob, none).present.at(0)).toBe(explainSplit(timeline, 6, bob, none).present.at(0));
  });
});

describe('the timeline index at its edges', () => {
  const planner = { name: 'planner', role: 'Plan.', tools: ['delegate'], reads: ['app', 'user', 'task', 'agent'] };
  const write = (as: string, scope: string, id: string, text: string) => ({
    op: 'write',
    as: as.split('/'),
    scope,
    id,
    text,
  });
  const ask = (as: string, current: string) => ({ op: 'query', as: as.split('/'), current });
  const timelineOf = (steps: object[], rules?: Parameters<typeof replayOk>[1]) =>
    replayOk(
      scenarioSchema.parse({ agents: [planner], configuration: [{ id: 'app-policy', text: 'Be brief.' }], steps }),
      rules,
    );

  it('lists a user’s groups by scope, then by name, whatever order they were written in', () => {
    const timeline = timelineOf([
      write('bob/t2/planner', 'agent', 'b-agent-2', 'Agent note in t2.'),
      write('bob/t2/planner', 'task', 'b-task-2', 'Task note in t2.'),
      write('bob/t1/planner', 'task', 'b-task-1', 'Task note in t1.'),
      write('bob/t1/planner', 'agent', 'b-agent-1', 'Agent note in t1.'),
      write('bob/t1/planner', 'user', 'b-user', 'User note.'),
    ]);
    const view = storeViewAt(timeline, 5);
    expect(view.groups.map((g) => `${g.scope} ${g.owner}`)).toEqual([
      'app everyone',
      'user bob',
      'task bob/t1',
      'task bob/t2',
      'agent bob/t1/planner',
      'agent bob/t2/planner',
    ]);
    expect(view).toEqual(fromScratch.storeViewAt(timeline, 5));
  });

  it('reads a step past either end as the nearest one, and the question in force there', () => {
    const timeline = timelineOf([
      write('bob/t1/planner', 'user', 'b-user', 'Bob plans the export.'),
      ask('bob/t1/planner', 'What is the plan?'),
      write('bob/t1/planner', 'task', 'b-task', 'The export runs nightly.'),
      ask('bob/t1/planner', 'When does the export run?'),
    ]);
    const bob = { user: 'bob', task: 't1', agent: 'planner' };
    const last = timeline.entries.length - 1;
    expect(requestAt(timeline, last + 5, bob, 'export')).toEqual(requestAt(timeline, last, bob, 'export'));
    expect(requestAt(timeline, -3, bob, 'export')).toEqual(requestAt(timeline, 0, bob, 'export'));
    expect(requestAt(timeline, last + 5, bob, 'export')).toEqual(fromScratch.requestAt(timeline, last, bob, 'export'));
    expect(presentAt(timeline, last + 5)).toBe(storeViewAt(timeline, last).present);
    expect(presentAt(timeline, -3)).toBe(storeViewAt(timeline, 0).present);
    expect(defaultQuestion(timeline, last + 5)).toBe('When does the export run?');
    expect(defaultQuestion(timeline, -1)).toBe('What is the plan?');
    expect(defaultQuestion(timeline, 1)).toBe('What is the plan?');
    expect(requestAt(timeline, last, { ...bob, agent: 'auditor' }, 'export')).toEqual({
      kind: 'rejected',
      reason: 'unknown agent auditor',
    });
  });

  it('reads the items of every user whose name begins with the asker’s when exact keys are off', () => {
    const steps = [
      write('acme-corp/t1/planner', 'user', 'corp-note', 'The export plan of acme-corp.'),
      write('acme/t1/planner', 'user', 'acme-note', 'The export plan of acme.'),
      write('acme-corp/t1/planner', 'user', 'corp-later', 'Another export plan note.'),
      ask('acme/t1/planner', 'What is the export plan?'),
    ];
    const acme = { user: 'acme', task: 't1', agent: 'planner' };
    const loose = timelineOf(steps, withRulesOff('exactKeys'));
    const request = requestAt(loose, 4, acme, 'What is the export plan?');
    expect(request).toEqual(fromScratch.requestAt(loose, 4, acme, 'What is the export plan?'));
    expect(request.kind === 'ok' && request.context.item_ids).toEqual([
      'app-policy',
      'corp-note',
      'acme-note',
      'corp-later',
    ]);
    const exact = requestAt(timelineOf(steps), 4, acme, 'What is the export plan?');
    expect(exact.kind === 'ok' && exact.context.item_ids).toEqual(['app-policy', 'acme-note']);
  });
});
