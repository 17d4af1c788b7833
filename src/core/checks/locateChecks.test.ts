import { describe, expect, it } from 'vitest';
import { replayText } from '../replay/replayText';
import { runChecks } from './checks';
import { locateFailures } from './locateChecks';
import { ALL_RULES, type Rules, withRulesOff } from '../store/rules';
import { projectText } from '../testing/fixtures';

const SEED = projectText('fixtures/scenario.json');

function located(text: string, rules: Rules = ALL_RULES) {
  const outcome = replayText(text, rules);
  if (outcome.kind !== 'ok') throw new Error('the scenario should replay');
  return locateFailures(text, runChecks(outcome.timeline));
}

const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('locateFailures', () => {
  it('finds nothing to mark when every check is green', () => {
    expect(located(SEED)).toEqual([]);
  });

  it("marks an invariant's failure at its step in the text", () => {
    const [first] = located(SEED, withRulesOff('taskCheck'));
    // Step 10 is the 10th object of "steps"; it opens on the line after the 9th query's closing brace.
    const stepTen = SEED.indexOf('"task-18"');
    const opening = SEED.lastIndexOf('{', stepTen);
    expect(first).toMatchObject({
      check: 'task-boundary',
      step: 10,
      path: 'steps[9]',
      line: SEED.slice(0, opening).split('\n').length,
    });
    expect(first?.message).toBe(
      'A task sees only its own task items (a new task sees only app and user items): step 10: ' +
        'bob/task-18/planner: bob-export-plan is a task-17 item, the request is for task-18',
    );
  });

  it("marks a failed expectation at its expect field's value", () => {
    const text = projectText('fixtures/lessons/attacks.scenario.json');
    const failures = located(text, withRulesOff('handoffReadCheck'));
    const expectation = failures.find((f) => f.check === 'expect-step-7')!;
    expect(expectation).toMatchObject({
      path: 'steps[6].expect.rejected',
      line: lineOf(text, '"rejected": "sender cannot read"'),
    });
    expect(expectation.column).toBe(text.split('\n')[expectation.line! - 1]!.indexOf('"sender cannot read"') + 1);
  });
});
