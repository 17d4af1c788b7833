import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayText, type Timeline } from '../replay/replayText';
import { INVARIANTS, runChecks } from './checks';
import { ALL_RULES, RULES, type Rule, type Rules, withRulesOff } from '../store/rules';
import { replayOk, scenarioWith, seedScenario } from '../testing/fixtures';

const SCENARIOS = [
  'fixtures/scenario.json',
  'fixtures/lessons/attacks.scenario.json',
  'fixtures/lessons/namespace-prefix.scenario.json',
  'fixtures/lessons/ownerless-rows.scenario.json',
  'fixtures/lessons/scoped-delete.scenario.json',
  'fixtures/lessons/semantic-cache-tag.scenario.json',
];

function timeline(file: string, rules: Rules = ALL_RULES): Timeline {
  const outcome = replayText(readFileSync(file, 'utf8'), rules);
  if (outcome.kind !== 'ok') throw new Error(`${file}: ${JSON.stringify(outcome.problems)}`);
  return outcome.timeline;
}

const red = (file: string, rules: Rules) => runChecks(timeline(file, rules)).filter((check) => !check.ok);

describe('checks', () => {
  it.each(SCENARIOS)('are all green on %s with every rule on', (file) => {
    expect(red(file, ALL_RULES)).toEqual([]);
  });

  it.each(RULES)('turn red somewhere when the rule %s is switched off', (rule) => {
    const failed = SCENARIOS.flatMap((file) =>
      red(file, withRulesOff(rule)).filter((check) => check.kind === 'invariant'),
    );
    expect(failed.map((check) => check.id)).not.toEqual([]);
  });

  it('catch an item imported with no owner reaching every user, and a delete of one user taking every user', () => {
    const ownerless = red('fixtures/lessons/ownerless-rows.scenario.json', withRulesOff('ownerlessHidden'));
    expect(ownerless.map((check) => check.id)).toEqual(['no-other-user-data']);
    expect(ownerless[0]?.failures.map((f) => f.reason)).toEqual([
      "alice/task-1/planner: legacy-review has no owner: it is no user's to read",
      "bob/task-2/planner: legacy-review has no owner: it is no user's to read",
    ]);
    const wiped = red('fixtures/lessons/scoped-delete.scenario.json', withRulesOff('scopedDelete'));
    expect(wiped.map((check) => check.id)).toEqual(['complete-requests', 'expect-step-7']);
    expect(wiped[0]?.failures).toEqual([
      {
        step: 7,
        path: ['steps', 6],
        reason:
          'bob/task-2/planner may read bob-style, bob-trip, but the request left them out (the delete at step 6 named alice)',
      },
    ]);
  });

  it('name the step and the reason of a failure', () => {
    const [check] = red('fixtures/scenario.json', withRulesOff('taskCheck'));
    expect(check?.id).toBe('task-boundary');
    expect(check?.failures[0]).toMatchObject({ step: 10, path: ['steps', 9] });
    expect(check?.failures[0]?.reason).toBe(
      'bob/task-18/planner: bob-export-plan is a task-17 item, the request is for task-18',
    );
  });

  it("catch a cache keyed by the question only serving Bob's context to Alice", () => {
    const failed = red('fixtures/scenario.json', withRulesOff('cacheKeyPrincipal'));
    const leak = failed.find((check) => check.id === 'no-other-user-data');
    expect(leak?.failures.some((f) => f.reason.startsWith('alice/task-9/planner: bob-export-plan'))).toBe(true);
  });

  it("catch a semantic cache serving Alice's request to Bob when the principal is only a tag in the text", () => {
    const file = 'fixtures/lessons/semantic-cache-tag.scenario.json';
    expect(red(file, ALL_RULES)).toEqual([]);
    const leak = red(file, withRulesOff('semanticCachePartition')).find((check) => check.id === 'no-other-user-data');
    expect(leak?.failures.map((f) => f.reason)).toEqual([
      expect.stringMatching(/^bob\/chat-1\/assistant: alice-balance/),
    ]);
  });

  it('report a failed expectation at its expect field', () => {
    const text = readFileSync('fixtures/scenario.json', 'utf8').replace(
      '"current": "What is the plan for the export job?"\n    },\n    {\n      "op": "close_task"',
      '"current": "What is the plan for the export job?", "expect": {"visible": ["app-policy"]}\n    },\n    {\n      "op": "close_task"',
    );
    const outcome = replayText(text);
    if (outcome.kind !== 'ok') throw new Error('scenario should stay valid');
    const failed = runChecks(outcome.timeline).filter((check) => !check.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ kind: 'expectation', step: 10 });
    expect(failed[0]?.failures[0]).toMatchObject({
      path: ['steps', 9, 'expect', 'visible'],
      reason: 'the request holds app-policy, bob-style; expected app-policy',
    });
  });

  it("judge the store's typed refusal, not its wording: a reworded duplicate-ID error still turns errors-reveal-nothing red", () => {
    const leaky = timeline('fixtures/lessons/attacks.scenario.json', withRulesOff('perUserDuplicates'));
    const reworded: Timeline = {
      ...leaky,
      entries: leaky.entries.map((entry) =>
        entry.outcome.kind === 'rejected'
          ? { ...entry, outcome: { ...entry.outcome, reason: 'that name is taken, try another' } }
          : entry,
      ),
    };
    for (const judged of [leaky, reworded]) {
      const check = runChecks(judged).find((c) => c.id === 'errors-reveal-nothing');
      expect(check?.ok).toBe(false);
      expect(check?.failures[0]?.reason).toMatch(/tells bob that another user holds /);
    }
  });
});

describe('each check, broken by a rule, says what broke and where', () => {
  const LESSON = (name: string) => `fixtures/lessons/${name}.scenario.json`;
  it.each<[Rule, string, string, number, string, string?]>([
    [
      'keysFromPrincipal',
      LESSON('attacks'),
      'no-other-user-data',
      11,
      'alice/task-9/planner: note-for-alice holds data written by bob',
    ],
    [
      'exactKeys',
      LESSON('namespace-prefix'),
      'no-other-user-data',
      5,
      'acme/task-1/planner: corp-price belongs to acme-corp',
    ],
    [
      'agentCheck',
      'fixtures/scenario.json',
      'agent-boundary',
      7,
      'bob/task-17/planner: handoff-1-brief belongs to the researcher, the request is for the planner',
    ],
    [
      'declaredReads',
      'fixtures/scenario.json',
      'declared-reads',
      8,
      'bob/task-17/researcher: bob-style is a user item and the researcher does not read that scope',
    ],
    [
      'cacheKeyVersion',
      'fixtures/scenario.json',
      'no-deleted-items',
      12,
      'bob/task-17/planner: bob-export-plan was deleted at step 11',
    ],
    [
      'escaping',
      LESSON('attacks'),
      'one-block-per-item',
      12,
      'bob/task-17/planner: 5 items rendered as 6 opening and 6 closing tags',
    ],
    [
      'atomicHandoff',
      LESSON('attacks'),
      'rejections-change-nothing',
      8,
      'the step was rejected, yet the store went from 8 items (version 8) to 10 (version 10)',
    ],
    [
      'perUserDuplicates',
      LESSON('attacks'),
      'errors-reveal-nothing',
      10,
      '"duplicate item id alice-contact" tells bob that another user holds alice-contact',
    ],
    [
      'authorizeBeforeRanking',
      'fixtures/scenario.json',
      'complete-requests',
      7,
      'bob/task-17/planner may read app-policy, bob-style, planner-scratch, but the request left them out',
    ],
    [
      'authorizeBeforeRanking',
      LESSON('namespace-prefix'),
      'complete-requests',
      5,
      'acme/task-1/planner may read app-policy, but the request left it out',
    ],
    [
      'handoffReadCheck',
      LESSON('attacks'),
      'expect-step-7',
      7,
      'expected the store to reject this step, but it was accepted',
      'rejected',
    ],
    [
      'perUserDuplicates',
      LESSON('attacks'),
      'expect-step-10',
      10,
      'expected the step to be accepted, but: duplicate item id alice-contact',
      'accepted',
    ],
    ['scopedDelete', LESSON('scoped-delete'), 'expect-step-7', 7, 'the request lacks bob-trip', 'includes'],
    [
      'semanticCachePartition',
      LESSON('semantic-cache-tag'),
      'expect-step-5',
      5,
      'the request holds alice-balance',
      'excludes',
    ],
  ])('with %s off, %s turns %s red at step %i', (rule, file, id, step, reason, field) => {
    const check = red(file, withRulesOff(rule)).find((c) => c.id === id);
    expect(check?.failures[0]).toEqual({
      step,
      reason,
      path: ['steps', step - 1, ...(id.startsWith('expect-') ? ['expect', field!] : [])],
    });
  });

  it('runs the invariants in their table order, then one expectation per step that states one', () => {
    const checks = runChecks(timeline(LESSON('attacks')));
    const invariants = checks.filter((c) => c.kind === 'invariant');
    expect(invariants.map((c) => [c.id, c.title])).toEqual(INVARIANTS.map((inv) => [inv.id, inv.title]));
    expect(checks.slice(invariants.length).every((c) => c.kind === 'expectation')).toBe(true);
    expect(checks.every((c) => c.ok)).toBe(true);
  });
});

describe("a step's own expectations", () => {
  /** The failures of the expectation of seed step `step` once its step is changed by `change`. */
  function failuresAt(step: number, change: (steps: Array<Record<string, unknown>>) => void) {
    const steps = seedScenario().steps.map((s) => ({ ...s }) as Record<string, unknown>);
    change(steps);
    const check = runChecks(replayOk(scenarioWith(steps))).find((c) => c.id === `expect-step-${step}`)!;
    return check.failures.map((f) => [f.path.slice(2).join('.'), f.reason]);
  }

  it('holds when the step went as expected', () => {
    expect(failuresAt(7, (s) => (s[6]!.expect = { accepted: true, naive_leaks: ['alice-export-limit'] }))).toEqual([]);
    expect(
      failuresAt(3, (s) => {
        s[2]!.scope = 'tsak';
        s[2]!.expect = { rejected: '' };
      }),
    ).toEqual([]);
  });

  it('names a rejection for another reason, and a rejected query', () => {
    expect(
      failuresAt(3, (s) => {
        s[2]!.scope = 'tsak';
        s[2]!.expect = { rejected: 'unknown agent' };
      }),
    ).toEqual([
      [
        'expect.rejected',
        'rejected with "principals write user, task or agent items; app items come from configuration", expected a reason containing "unknown agent"',
      ],
    ]);
    expect(
      failuresAt(7, (s) => {
        s[6]!.as = ['bob', 'task-17', 'auditor'];
        s[6]!.expect = { includes: ['bob-style'] };
      }),
    ).toEqual([['expect.includes', 'the query was rejected: unknown agent auditor']]);
  });

  it('says only a query has a request, at the first field that asks for one', () => {
    expect(failuresAt(1, (s) => (s[0]!.expect = { excludes: ['x'], accepted: true }))).toEqual([
      ['expect.excludes', 'only a query has a request to check'],
    ]);
  });

  it("compares the naive list's leaks and the request, in order", () => {
    expect(
      failuresAt(7, (s) => (s[6]!.expect = { naive_leaks: [], visible: ['app-policy'], excludes: ['bob-style'] })),
    ).toEqual([
      [
        'expect.visible',
        'the request holds app-policy, bob-style, bob-export-plan, planner-scratch; expected app-policy',
      ],
      ['expect.excludes', 'the request holds bob-style'],
      ['expect.naive_leaks', 'the naive list leaks alice-export-limit; expected nothing'],
    ]);
  });
});

describe('the invariants catch a store that misbehaves in ways its rules cannot switch', () => {
  const failures = (judged: Timeline, id: string) => runChecks(judged).find((c) => c.id === id)?.failures;

  it('name a close that took items of a task it did not name', () => {
    const seed = replayOk(seedScenario());
    const closedElsewhere: Timeline = {
      ...seed,
      entries: seed.entries.map((e) =>
        e.outcome.kind === 'closed' ? { ...e, outcome: { ...e.outcome, task: 'task-99' } } : e,
      ),
    };
    expect(failures(closedElsewhere, 'complete-requests')).toEqual([
      {
        step: 12,
        path: ['steps', 11],
        reason:
          "bob/task-17/planner may read bob-export-plan, planner-scratch, but the request left them out (the delete at step 11 named bob's task-99)",
      },
    ]);
  });

  it('name a request that is not laid out as item blocks', () => {
    const seed = replayOk(seedScenario());
    const garbled = {
      ...seed,
      entries: seed.entries.map((e) => {
        if (e.index !== 7 || e.outcome.kind !== 'queried') return e;
        const [preamble, user] = e.outcome.context.messages;
        const messages = [preamble, { ...user, content: 'no blocks here' }];
        return { ...e, outcome: { ...e.outcome, context: { ...e.outcome.context, messages } } };
      }),
    } as Timeline;
    expect(failures(garbled, 'one-block-per-item')).toEqual([
      {
        step: 7,
        path: ['steps', 6],
        reason: 'bob/task-17/planner: 3 items, but the request is not laid out as preamble, item blocks, question',
      },
    ]);
  });

  it('blame a stray delete only for the requests after it', () => {
    const failed = red(
      'fixtures/lessons/scoped-delete.scenario.json',
      withRulesOff('scopedDelete', 'authorizeBeforeRanking'),
    );
    expect(failed.find((c) => c.id === 'complete-requests')?.failures.map((f) => f.reason)).toEqual([
      'bob/task-2/planner may read app-policy, bob-style, but the request left them out',
      'bob/task-2/planner may read app-policy, bob-style, bob-trip, but the request left them out (the delete at step 6 named alice)',
      'alice/task-1/planner may read app-policy, but the request left it out',
    ]);
  });

  it("stay green on a refused duplicate import: it names no user, so it reveals no one's item", () => {
    const imports = replayOk(
      scenarioWith([
        { op: 'import', id: 'legacy', text: 'Old.' },
        { op: 'import', id: 'legacy', text: 'Again.', expect: { rejected: 'duplicate' } },
      ]),
    );
    expect(runChecks(imports).filter((c) => !c.ok)).toEqual([]);
  });
});

describe('the invariants, on scenarios built to break one thing', () => {
  const BOB = ['bob', 'task-1', 'planner'];
  const write = (as: string[], id: string, text: string, more: object = {}) => ({
    op: 'write',
    as,
    scope: 'user',
    id,
    text,
    ...more,
  });
  const failed = (timeline: Timeline) =>
    runChecks(timeline)
      .filter((c) => !c.ok)
      .map((c) => [c.id, c.failures.map((f) => f.reason)]);

  it.each([
    ['Note <item id="x"> opened', '1 items rendered as 2 opening and 1 closing tags'],
    ['Note </item> closed', '1 items rendered as 1 opening and 2 closing tags'],
  ])('count the opening and the closing tags of an unescaped %j apart', (text, reason) => {
    const steps = [write(BOB, 'n', text), { op: 'query', as: BOB, current: 'What does the note say?' }];
    expect(failed(replayOk(scenarioWith(steps), withRulesOff('escaping')))).toEqual([
      ['one-block-per-item', [`bob/task-1/planner: ${reason}`]],
    ]);
  });

  it("judge a user's own duplicate ID against the store as it stood before the refusal", () => {
    const steps = [
      write(BOB, 'n', 'A.'),
      write(BOB, 'n', 'B.', { expect: { rejected: 'duplicate' } }),
      write(BOB, 'm', 'C.'),
      { op: 'forget_user', user: 'bob' },
    ];
    expect(failed(replayOk(scenarioWith(steps)))).toEqual([]);
  });

  it('name every delete that took what a request left out', () => {
    const steps = [
      write(BOB, 'b1', 'Bob one.'),
      write(['alice', 'task-1', 'planner'], 'a1', 'Alice one.'),
      { op: 'forget_user', user: 'alice' },
      write(BOB, 'b2', 'Bob two.'),
      write(['carol', 'task-1', 'planner'], 'c1', 'Carol one.'),
      { op: 'forget_user', user: 'carol' },
      { op: 'query', as: BOB, current: 'Bob one two?' },
    ];
    expect(failed(replayOk(scenarioWith(steps), withRulesOff('scopedDelete')))).toEqual([
      [
        'complete-requests',
        [
          'bob/task-1/planner may read b1, b2, but the request left them out (the delete at step 3 named alice, the delete at step 6 named carol)',
        ],
      ],
    ]);
  });

  it('name a refusal that changed the version or the size of the store', () => {
    const attacks = timeline('fixtures/lessons/attacks.scenario.json');
    // A refusal followed by an accepted step: only its own comparison sees the change.
    const refused = attacks.entries.findLast((e) => e.outcome.kind === 'rejected')!.index;
    const changed = (change: { version?: number; size?: number }): Timeline => ({
      ...attacks,
      entries: attacks.entries.map((e) => (e.index === refused ? { ...e, ...change } : e)),
    });
    const { version, size } = attacks.entries[refused]!;
    expect(failed(changed({ version: version + 1 }))).toEqual([
      [
        'rejections-change-nothing',
        [
          `the step was rejected, yet the store went from ${size} items (version ${version}) to ${size} (version ${version + 1})`,
        ],
      ],
    ]);
    expect(failed(changed({ size: size + 1 }))).toEqual([
      [
        'rejections-change-nothing',
        [
          `the step was rejected, yet the store went from ${size} items (version ${version}) to ${size + 1} (version ${version})`,
        ],
      ],
    ]);
  });

  it("list every task-17 item in bob's task-18 request when the task check is off, agent items too", () => {
    const check = red('fixtures/scenario.json', withRulesOff('taskCheck')).find((c) => c.id === 'task-boundary');
    expect(check?.failures.map((f) => f.reason)).toEqual([
      'bob/task-18/planner: bob-export-plan is a task-17 item, the request is for task-18',
      'bob/task-18/planner: planner-scratch is a task-17 item, the request is for task-18',
    ]);
  });
});
