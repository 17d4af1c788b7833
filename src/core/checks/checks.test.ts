import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayText, type Timeline } from '../replay/replayText';
import { runChecks } from './checks';
import { ALL_RULES, RULES, type Rules, withRulesOff } from '../store/rules';

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
