/** Replaying scenarios into a timeline: the seed's recorded output, golden cases and rejected steps. */
import { describe, expect, it } from 'vitest';
import { replay, replayText, type Outcome, type Timeline } from './replayText';
import { toSeedResult, type SeedQuery } from './seedResult';
import { pythonDumps } from '../python/jsonDumps';
import { itemsAt } from '../timeline/timeline';
import type { Scenario } from '../scenario/scenario';
import { withRulesOff } from '../store/rules';
import { goldenCases, ids, projectJson, projectText, replayOk, scenarioWith, seedScenario } from '../testing/fixtures';

const BOB = ['bob', 'task-17', 'planner'];
const ALICE = ['alice', 'task-9', 'planner'];

function outcomeAt(timeline: Timeline, index: number): Outcome {
  return timeline.entries[index]!.outcome;
}

describe('replaying the seed scenario', () => {
  it('gives the recorded isolation-result.json', () => {
    expect(toSeedResult(replayOk(seedScenario()))).toEqual(projectJson('recorded/isolation-result.json'));
  });

  it("prints the recorded file byte for byte, as Python's json.dumps did", () => {
    const outcome = replayText(projectText('fixtures/scenario.json'));
    if (outcome.kind !== 'ok') throw new Error('the seed scenario must replay');
    expect(`${pythonDumps(toSeedResult(outcome.timeline))}\n`).toBe(projectText('recorded/isolation-result.json'));
  });

  it('records every step, the configuration first, each with the version after it', () => {
    const timeline = replayOk(seedScenario());
    expect(timeline.entries.map((entry) => entry.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(timeline.entries.map((entry) => entry.outcome.kind)).toEqual([
      'configured',
      'written',
      'written',
      'written',
      'written',
      'written',
      'handed-off',
      'queried',
      'queried',
      'queried',
      'queried',
      'closed',
      'queried',
    ]);
    // configure, five writes, one handoff and close_task each change the store; queries do not.
    expect(timeline.entries.map((entry) => entry.version)).toEqual([1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 8, 8]);
    expect(timeline.entries.map((entry) => entry.size)).toEqual([1, 2, 3, 4, 5, 6, 8, 8, 8, 8, 8, 4, 4]);
  });
});

describe('golden cases', () => {
  it.each(goldenCases())("%s replays to the seed's output", (name) => {
    const outcome = replayText(projectText(`fixtures/golden/${name}.scenario.json`));
    if (outcome.kind !== 'ok') throw new Error(`${name} must replay: ${JSON.stringify(outcome.problems)}`);
    const expected = projectJson(`fixtures/golden/${name}.expected.json`);
    expect(toSeedResult(outcome.timeline)).toEqual(expected);
    // toEqual ignores key order; the seed's output is compared as text too (escaping aside, see pyjson.test.ts).
    expect(JSON.stringify(toSeedResult(outcome.timeline))).toBe(JSON.stringify(expected));
  });
});

describe('a rejected step', () => {
  const write = (as: string[], id: string, text = 'A note.', scope = 'task') => ({ op: 'write', as, scope, id, text });
  const handoff = (as: string[], items: string[], to = 'researcher') => ({
    op: 'handoff',
    as,
    to,
    items,
    brief: 'Brief.',
  });
  const setup = [write(ALICE, 'alice-contact', 'Alice billing contact.', 'user'), write(BOB, 'x', 'Bob note.')];

  it.each([
    ['an unknown agent', write(['bob', 'task-17', 'planner2'], 'y'), 'unknown agent planner2'],
    [
      'a handoff from an agent without delegate',
      handoff(['bob', 'task-17', 'researcher'], []),
      'agent researcher has no delegate tool',
    ],
    ["a handoff of another user's item", handoff(BOB, ['alice-contact']), "sender cannot read ['alice-contact']"],
    [
      'a handoff of items it cannot read, listed in order',
      handoff(BOB, ['zz', 'x', 'alice-contact']),
      "sender cannot read ['zz', 'alice-contact']",
    ],
    [
      'a write with the reserved prefix',
      write(BOB, 'handoff-9-brief'),
      'item IDs starting with handoff- are reserved for handoffs',
    ],
    ['a duplicate ID of the same user', write(['bob', 'task-18', 'planner'], 'x'), 'duplicate item id x'],
    ['a duplicate of an app item ID', write(BOB, 'app-policy'), 'duplicate item id app-policy'],
    ['blank text', write(BOB, 'y', ' \t\n'), 'item text must be nonblank'],
    [
      'an uppercase user',
      write(['Bob', 'task-17', 'planner'], 'y'),
      'principal.user must match [a-z0-9][a-z0-9-]{0,63}',
    ],
    [
      'a task with a space',
      write(['bob', 'task 17', 'planner'], 'y'),
      'principal.task must match [a-z0-9][a-z0-9-]{0,63}',
    ],
    ['an invalid item ID', write(BOB, 'Y'), 'item.id must match [a-z0-9][a-z0-9-]{0,63}'],
    [
      'a write to the app scope',
      write(BOB, 'y', 'Everyone reads this.', 'app'),
      'principals write user, task or agent items; app items come from configuration',
    ],
    [
      'a write to an unknown scope',
      write(BOB, 'y', 'Global.', 'global'),
      'principals write user, task or agent items; app items come from configuration',
    ],
    ['a handoff to the sender itself', handoff(BOB, ['x'], 'planner'), 'hand off to a different, configured agent'],
    ['a handoff to an unknown agent', handoff(BOB, ['x'], 'auditor'), 'hand off to a different, configured agent'],
    ['a handoff that lists an item twice', handoff(BOB, ['x', 'x']), 'handoff lists an item twice'],
    [
      'a query by an unknown agent',
      { op: 'query', as: ['bob', 'task-17', 'admin'], current: 'Q?' },
      'unknown agent admin',
    ],
  ])('is recorded for %s, with the store unchanged and replay going on', (_what, step, reason) => {
    const after = write(BOB, 'after', 'Written after the rejection.');
    const timeline = replayOk(scenarioWith([...setup, step, after]));
    const at = setup.length + 1;
    expect(outcomeAt(timeline, at)).toMatchObject({ kind: 'rejected', reason });
    expect(timeline.entries[at]!.version).toBe(timeline.entries[at - 1]!.version);
    expect(timeline.entries[at]!.size).toBe(timeline.entries[at - 1]!.size);
    expect(itemsAt(timeline, at)).toEqual(itemsAt(timeline, at - 1));
    expect(outcomeAt(timeline, at + 1).kind).toBe('written');
    expect(ids(itemsAt(timeline, at + 1))).toContain('after');
  });

  it('carries the refusal as a code, and the ID a duplicate names, beside the wording', () => {
    const timeline = replayOk(scenarioWith([...setup, write(['bob', 'task-18', 'planner'], 'x'), write(BOB, 'Y')]));
    expect(outcomeAt(timeline, setup.length + 1)).toMatchObject({ code: 'duplicateId', itemId: 'x' });
    expect(outcomeAt(timeline, setup.length + 2)).toMatchObject({ code: 'invalidIdentifier', itemId: null });
  });

  it('leaves no place in the seed result: only queries and closed tasks are listed', () => {
    const timeline = replayOk(
      scenarioWith([write(BOB, 'handoff-1-brief'), { op: 'close_task', user: 'bob', task: 'task-17' }]),
    );
    expect(toSeedResult(timeline)).toEqual({ store_version: 2, steps: [{ closed: 'bob/task-17', removed_items: 0 }] });
  });
});

describe('the naive list with an item ID two users share', () => {
  // After each user's first handoff, both hold an item named handoff-1-brief. The seed's demo.py
  // kept owners in a dict keyed by ID, so the later handoff decided who owned both; here each
  // item names its own owner, so a leak is always attributed to the right user.
  const scenario = () =>
    scenarioWith([
      { op: 'write', as: ALICE, scope: 'task', id: 'a-plan', text: 'Alice export plan.' },
      { op: 'handoff', as: ALICE, to: 'researcher', items: ['a-plan'], brief: 'Export brief for Alice.' },
      { op: 'write', as: BOB, scope: 'task', id: 'b-plan', text: 'Bob export plan.' },
      { op: 'handoff', as: BOB, to: 'researcher', items: ['b-plan'], brief: 'Export brief for Bob.' },
      { op: 'query', as: BOB, current: 'Which brief?' },
      { op: 'query', as: ALICE, current: 'Which brief?' },
    ]);

  it('gives both users an item named handoff-1-brief', () => {
    const timeline = replayOk(scenario());
    const briefs = itemsAt(timeline, 4).filter((item) => item.id === 'handoff-1-brief');
    expect(briefs.map((item) => item.user)).toEqual(['alice', 'bob']);
  });

  it("names as leaked exactly the other user's copy", () => {
    const timeline = replayOk(scenario());
    const bob = outcomeAt(timeline, 5);
    const alice = outcomeAt(timeline, 6);
    if (bob.kind !== 'queried' || alice.kind !== 'queried') throw new Error('expected two queries');
    expect(bob.naive.map((item) => [item.id, item.user])).toEqual([
      ['handoff-1-brief', 'alice'],
      ['handoff-1-brief', 'bob'],
    ]);
    expect(bob.leaked.map((item) => [item.id, item.user, item.text])).toEqual([
      ['handoff-1-brief', 'alice', 'Export brief for Alice.'],
    ]);
    expect(alice.leaked.map((item) => [item.id, item.user, item.text])).toEqual([
      ['handoff-1-brief', 'bob', 'Export brief for Bob.'],
    ]);
  });

  it("renders each naive item's own text, not the first item with that ID", () => {
    const queries = toSeedResult(replayOk(scenario())).steps.filter((step): step is SeedQuery => 'principal' in step);
    expect(queries.map((q) => q.naive_other_user_items)).toEqual([['handoff-1-brief'], ['handoff-1-brief']]);
    const naiveUser = queries[0]!.naive_messages[1]!.content;
    expect(naiveUser).toContain('Export brief for Alice.');
    expect(naiveUser).toContain('Export brief for Bob.');
  });
});

describe('the cache during replay', () => {
  it('hits for the same principal and question at the same version, and misses after a change', () => {
    const query = (as: string[]) => ({ op: 'query', as, current: 'What is the plan?' });
    const timeline = replayOk(
      scenarioWith([
        query(BOB),
        query(BOB),
        query(ALICE),
        { op: 'write', as: BOB, scope: 'task', id: 'x', text: 'Plan.' },
        query(BOB),
      ]),
    );
    const hits = timeline.entries.flatMap(({ outcome }) => (outcome.kind === 'queried' ? [outcome.cache.hit] : []));
    expect(hits).toEqual([false, true, false, false]);
    const last = outcomeAt(timeline, 5);
    if (last.kind !== 'queried') throw new Error('expected a query');
    expect(last.context.item_ids).toEqual(['app-policy', 'x']);
  });
});

describe('setup errors', () => {
  it('reject a scenario whose agent does not read its own agent scope, naming the agent', () => {
    const scenario = seedScenario();
    scenario.agents[1] = { ...scenario.agents[1]!, reads: ['app'] };
    const outcome = replay(scenario);
    expect(outcome).toEqual({
      kind: 'invalid',
      problems: [
        {
          message: 'agent researcher reads unknown scopes or not its own agent scope: add "agent" to its reads',
          path: 'agents[1]',
          segments: ['agents', 1],
        },
      ],
    });
  });

  it('reject a duplicate agent, naming both places', () => {
    const scenario = seedScenario();
    scenario.agents.push({ ...scenario.agents[0]! });
    expect(replay(scenario)).toEqual({
      kind: 'invalid',
      problems: [
        {
          message: 'duplicate agent planner (also agents[0])',
          path: 'agents[2].name',
          segments: ['agents', 2, 'name'],
        },
      ],
    });
  });

  it('reject a duplicate configuration ID', () => {
    const scenario = scenarioWith(
      [],
      [
        { id: 'p', text: 'One.' },
        { id: 'p', text: 'Two.' },
      ],
    );
    expect(replay(scenario)).toEqual({
      kind: 'invalid',
      problems: [{ message: 'duplicate item id p', path: 'configuration[1]', segments: ['configuration', 1] }],
    });
  });
});

describe('the lives of items in a timeline', () => {
  it('list every item the store ever held, in insertion order, with the steps it entered and left', () => {
    const timeline = replayOk(seedScenario());
    expect(timeline.lives.map((life) => [life.item.id, life.addedAt, life.removedAt])).toEqual([
      ['app-policy', 0, null],
      ['alice-contact', 1, null],
      ['alice-export-limit', 2, null],
      ['bob-style', 3, null],
      ['bob-export-plan', 4, 11],
      ['planner-scratch', 5, 11],
      ['handoff-1-brief', 6, 11],
      ['handoff-1-item-1', 6, 11],
    ]);
  });

  it("name whose data each item is: the writer, the sender of a brief, the original's writer for a copy", () => {
    const timeline = replayOk(seedScenario());
    expect(timeline.lives.map((life) => [life.item.id, life.writer])).toEqual([
      ['app-policy', null],
      ['alice-contact', 'alice'],
      ['alice-export-limit', 'alice'],
      ['bob-style', 'bob'],
      ['bob-export-plan', 'bob'],
      ['planner-scratch', 'bob'],
      ['handoff-1-brief', 'bob'],
      ['handoff-1-item-1', 'bob'],
    ]);
  });

  it('keep the writer apart from the owner when a switched-off rule let a payload name another user', () => {
    const timeline = replayOk(
      scenarioWith([
        { op: 'write', as: BOB, scope: 'user', id: 'planted', text: 'Planted note.', user_id: 'alice' },
        { op: 'handoff', as: ALICE, to: 'researcher', items: ['planted'], brief: 'Brief.' },
      ]),
      withRulesOff('keysFromPrincipal'),
    );
    expect(timeline.lives.slice(1).map((life) => [life.item.id, life.item.user, life.writer])).toEqual([
      ['planted', 'alice', 'bob'],
      ['handoff-1-brief', 'alice', 'alice'],
      ['handoff-1-item-1', 'alice', 'bob'],
    ]);
  });
});

describe('imports and forgotten users in a timeline', () => {
  const steps = [
    { op: 'write', as: ALICE, scope: 'user', id: 'alice-note', text: 'Alice note.' },
    { op: 'write', as: BOB, scope: 'task', id: 'bob-plan', text: 'Bob plan.' },
    { op: 'import', id: 'legacy', text: 'Imported note.' },
    { op: 'forget_user', user: 'alice' },
    { op: 'query', as: BOB, current: 'What is the plan?' },
  ];

  it('records the imported item and what forgetting a user removed', () => {
    const timeline = replayOk(scenarioWith(steps));
    expect(timeline.entries.map((entry) => entry.outcome.kind)).toEqual([
      'configured',
      'written',
      'written',
      'imported',
      'forgotten',
      'queried',
    ]);
    expect(outcomeAt(timeline, 3)).toMatchObject({ kind: 'imported', item: { id: 'legacy', user: null } });
    const forgotten = outcomeAt(timeline, 4);
    expect(forgotten.kind === 'forgotten' && [forgotten.user, ids(forgotten.removed)]).toEqual([
      'alice',
      ['alice-note'],
    ]);
    expect(timeline.entries.map((entry) => entry.size)).toEqual([1, 2, 3, 4, 3, 3]);
  });

  it('gives the import a life with no writer, and ends the forgotten items at the step that forgot them', () => {
    const timeline = replayOk(scenarioWith(steps));
    expect(timeline.lives.map((life) => [life.item.id, life.addedAt, life.removedAt, life.writer])).toEqual([
      ['app-policy', 0, null, null],
      ['alice-note', 1, 4, 'alice'],
      ['bob-plan', 2, null, 'bob'],
      ['legacy', 3, null, null],
    ]);
    expect(ids(itemsAt(timeline, 3))).toEqual(['app-policy', 'alice-note', 'bob-plan', 'legacy']);
    expect(ids(itemsAt(timeline, 4))).toEqual(['app-policy', 'bob-plan', 'legacy']);
  });
});

describe('a scenario with a semantic cache', () => {
  const scenario = (semanticCache?: { threshold: number }) => ({
    ...scenarioWith([
      { op: 'query', as: BOB, current: 'What is the plan for the export job?' },
      { op: 'query', as: BOB, current: 'What is the plan for the export?' },
    ]),
    ...(semanticCache === undefined ? {} : { semanticCache }),
  });

  it('serves a similar question from the cache, and traces the comparison', () => {
    const timeline = replayOk(scenario({ threshold: 0.8 }));
    const second = outcomeAt(timeline, 2);
    if (second.kind !== 'queried') throw new Error('expected a query');
    expect(second.cache.hit).toBe(true);
    expect(second.cache.similarity).toMatchObject({
      text: 'What is the plan for the export?',
      threshold: 0.8,
      nearest: { text: 'What is the plan for the export job?' },
    });
  });

  it("without one, misses on any other wording, with no similarity to trace: the seed's exact cache", () => {
    const timeline = replayOk(scenario());
    const second = outcomeAt(timeline, 2);
    if (second.kind !== 'queried') throw new Error('expected a query');
    expect(second.cache.hit).toBe(false);
    expect('similarity' in second.cache).toBe(false);
  });
});

describe('programmer errors during a replay', () => {
  // Only the store's ScopeError is an expected rejection; anything else is a bug and must surface.
  it('are thrown, not recorded as rejected steps', () => {
    const unchecked = {
      ...scenarioWith([]),
      steps: [{ op: 'write', as: BOB, scope: 'task', id: 42, text: 'x' }],
    } as unknown as Scenario;
    expect(() => replay(unchecked)).toThrow(TypeError);
  });

  it('include one while setting up the agents or the configuration: not reported as an invalid scenario', () => {
    const seed = scenarioWith([]);
    const badAgent = { ...seed, agents: [{ ...seed.agents[0]!, reads: 42 }] } as unknown as Scenario;
    expect(() => replay(badAgent)).toThrow(TypeError);
    const badEntry = { ...seed, configuration: [null] } as unknown as Scenario;
    expect(() => replay(badEntry)).toThrow(TypeError);
  });

  it('include an op the scenario format does not know', () => {
    const unchecked = { ...scenarioWith([]), steps: [{ op: 'delete', id: 'x' }] } as unknown as Scenario;
    expect(() => replay(unchecked)).toThrow('unexpected step: {"op":"delete","id":"x"}');
  });
});

describe('a handoff that fails part-way with atomicHandoff switched off', () => {
  // The broken rule leaves copies behind; the timeline must still show what the store holds.
  const scenario = () =>
    scenarioWith(
      [
        { op: 'write', as: ALICE, scope: 'user', id: 'card', text: 'Alice card.' },
        { op: 'write', as: BOB, scope: 'task', id: 'plan', text: 'Bob plan.' },
        { op: 'handoff', as: BOB, to: 'researcher', items: ['plan', 'card', 'blank'], brief: 'Brief.' },
        { op: 'close_task', user: 'bob', task: 'task-17' },
      ],
      [{ id: 'blank', text: ' ' }],
    );

  it('records the copies it left, so every step shows what the store holds', () => {
    const timeline = replayOk(scenario(), withRulesOff('atomicHandoff', 'handoffReadCheck'));
    expect(timeline.entries[3]!.outcome).toEqual({
      kind: 'rejected',
      reason: 'item text must be nonblank',
      code: 'blankText',
      itemId: null,
    });
    expect(ids(itemsAt(timeline, 3))).toEqual([
      'blank',
      'card',
      'plan',
      'handoff-1-brief',
      'handoff-1-item-1',
      'handoff-1-item-2',
    ]);
    for (const entry of timeline.entries) expect(itemsAt(timeline, entry.index)).toHaveLength(entry.size);
  });

  it('names whose data each left copy is', () => {
    const timeline = replayOk(scenario(), withRulesOff('atomicHandoff', 'handoffReadCheck'));
    expect(timeline.lives.filter((life) => life.addedAt === 3).map((life) => [life.item.id, life.writer])).toEqual([
      ['handoff-1-brief', 'bob'],
      ['handoff-1-item-1', 'bob'],
      ['handoff-1-item-2', 'alice'],
    ]);
  });

  it('lets a later close_task remove them', () => {
    const timeline = replayOk(scenario(), withRulesOff('atomicHandoff', 'handoffReadCheck'));
    const closed = timeline.entries[4]!.outcome;
    expect(closed.kind === 'closed' && ids(closed.removed)).toEqual([
      'plan',
      'handoff-1-brief',
      'handoff-1-item-1',
      'handoff-1-item-2',
    ]);
    expect(ids(itemsAt(timeline, 4))).toEqual(['blank', 'card']);
  });
});

describe('copies left by a failed handoff, when the sender shares an ID with another user', () => {
  it('are attributed to the item the store really copied', () => {
    const steps = [
      { op: 'write', as: ALICE, scope: 'user', id: 'note', text: 'Alice note.' },
      { op: 'write', as: BOB, scope: 'user', id: 'note', text: 'Bob note.' },
      { op: 'handoff', as: BOB, to: 'researcher', items: ['note', 'blank'], brief: 'Brief.' },
    ];
    const left = (timeline: Timeline) =>
      timeline.lives.filter((life) => life.addedAt === 3).map((life) => [life.item.text, life.writer]);
    const readable = replayOk(scenarioWith(steps, [{ id: 'blank', text: ' ' }]), withRulesOff('atomicHandoff'));
    expect(left(readable)).toEqual([
      ['Brief.', 'bob'],
      ['Bob note.', 'bob'],
    ]);
    const unchecked = replayOk(
      scenarioWith(steps, [{ id: 'blank', text: ' ' }]),
      withRulesOff('atomicHandoff', 'handoffReadCheck'),
    );
    expect(left(unchecked)).toEqual([
      ['Brief.', 'bob'],
      ['Alice note.', 'alice'],
    ]);
  });
});

describe('provenance of copies left by a failed handoff, in corner cases', () => {
  const blank = [
    { id: 'blank', text: ' ' },
    { id: 'policy', text: 'Answer from context.' },
  ];

  it('gives a copy of an app item no writer', () => {
    const timeline = replayOk(
      scenarioWith([{ op: 'handoff', as: BOB, to: 'researcher', items: ['policy', 'blank'], brief: 'Brief.' }], blank),
      withRulesOff('atomicHandoff'),
    );
    expect(timeline.lives.filter((life) => life.addedAt === 1).map((life) => [life.item.id, life.writer])).toEqual([
      ['handoff-1-brief', 'bob'],
      ['handoff-1-item-1', null],
    ]);
  });

  it('credits a copy of an item another user planted in the sender’s scope to the one who wrote it', () => {
    const timeline = replayOk(
      scenarioWith(
        [
          { op: 'write', as: ALICE, scope: 'user', id: 'tip', text: 'Alice tip.', user_id: 'bob' },
          { op: 'handoff', as: BOB, to: 'researcher', items: ['tip', 'blank'], brief: 'Brief.' },
        ],
        blank,
      ),
      withRulesOff('atomicHandoff', 'keysFromPrincipal'),
    );
    expect(timeline.lives.filter((life) => life.addedAt === 2).map((life) => [life.item.text, life.writer])).toEqual([
      ['Brief.', 'bob'],
      ['Alice tip.', 'alice'],
    ]);
  });

  it('credits the brief of a later handoff (number 10 and up) to the sender beside an item named brief', () => {
    const carol = ['carol', 'task-1', 'planner'];
    const earlier = Array.from({ length: 9 }, () => ({
      op: 'handoff',
      as: BOB,
      to: 'researcher',
      items: [],
      brief: 'Earlier brief.',
    }));
    const timeline = replayOk(
      scenarioWith(
        [
          { op: 'write', as: carol, scope: 'user', id: 'brief', text: 'Carol brief.' },
          ...earlier,
          { op: 'handoff', as: BOB, to: 'researcher', items: ['brief', 'blank'], brief: 'Bob brief.' },
        ],
        blank,
      ),
      withRulesOff('atomicHandoff', 'handoffReadCheck'),
    );
    expect(timeline.lives.filter((life) => life.addedAt === 11).map((life) => [life.item.id, life.writer])).toEqual([
      ['handoff-10-brief', 'bob'],
      ['handoff-10-item-1', 'carol'],
    ]);
  });

  it('credits the brief to the sender even beside an item named brief, and a copy to the item still stored', () => {
    const carol = ['carol', 'task-1', 'planner'];
    const timeline = replayOk(
      scenarioWith(
        [
          { op: 'write', as: ALICE, scope: 'task', id: 'brief', text: 'Alice brief.' },
          { op: 'write', as: ALICE, scope: 'task', id: 'x', text: 'Alice x.' },
          { op: 'close_task', user: 'alice', task: 'task-9' },
          { op: 'write', as: carol, scope: 'user', id: 'x', text: 'Carol x.' },
          { op: 'write', as: carol, scope: 'user', id: 'brief', text: 'Carol brief.' },
          { op: 'handoff', as: BOB, to: 'researcher', items: ['x', 'brief', 'blank'], brief: 'Bob brief.' },
        ],
        blank,
      ),
      withRulesOff('atomicHandoff', 'handoffReadCheck'),
    );
    expect(timeline.lives.filter((life) => life.addedAt === 6).map((life) => [life.item.text, life.writer])).toEqual([
      ['Bob brief.', 'bob'],
      ['Carol x.', 'carol'],
      ['Carol brief.', 'carol'],
    ]);
  });
});

describe('principals', () => {
  it('keeps every principal a user names apart, however many, and rejects an invalid one each time', () => {
    const tasks = Array.from({ length: 12 }, (_, i) => `task-${i}`);
    const steps = [...tasks, ...tasks].flatMap((task, i) => [
      {
        op: 'write',
        as: ['bob', task, i % 2 ? 'researcher' : 'planner'],
        scope: 'agent',
        id: `note-${i}`,
        text: 'Note.',
      },
      { op: 'query', as: ['bob', 'Task', 'planner'], current: 'What?' },
    ]);
    const timeline = replayOk(scenarioWith(steps));
    const written = timeline.entries.flatMap((entry) => (entry.outcome.kind === 'written' ? [entry.outcome.item] : []));
    expect(written.map((item) => `${item.task}/${item.agent}`)).toEqual(
      [...tasks, ...tasks].map((task, i) => `${task}/${i % 2 ? 'researcher' : 'planner'}`),
    );
    const rejected = timeline.entries.filter((entry) => entry.outcome.kind === 'rejected');
    expect(rejected).toHaveLength(24);
  });
});
