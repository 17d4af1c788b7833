/**
 * The answer goals on the seed's own replay: what counts as an answer, what a slip of the keyboard
 * does, and what each says when the goal cannot be met. Goals are judged as `replay --check` does.
 */
import { describe, expect, it } from 'vitest';
import { projectText } from '../testing/fixtures';
import { verifyLessonTasks } from './lessonTasks';
import type { Act, Exercise, Goal } from './types';

const SEED = projectText('fixtures/scenario.json');

function judge(goal: Goal, log: Act[], text = SEED) {
  const task: Exercise = { id: 't', task: 'Do it.', goal, hints: ['a', 'b'], answer: 'c' };
  const outcome = verifyLessonTasks(
    'store',
    [task],
    { lesson: text, scenario: text },
    { selectedStep: 0, rulesOff: [], log },
  );
  if (outcome.kind !== 'ok') throw new Error(JSON.stringify(outcome.problems));
  return outcome.verdicts[0]!;
}

describe('markLeak', () => {
  it('ignores a mark of an ID that is not a row of the step (a slip), and judges the rows marked', () => {
    const goal: Goal = { kind: 'markLeak', step: 9 };
    expect(judge(goal, [{ kind: 'mark', step: 9, item: 'bob-exprt-plan' }])).toMatchObject({
      met: false,
      reason: "No row of step 9's naive list is marked as leaked yet.",
    });
    const both: Act[] = [
      { kind: 'mark', step: 9, item: 'bob-export-plan' },
      { kind: 'mark', step: 9, item: 'handoff-1-item-1' },
    ];
    expect(judge(goal, both)).toMatchObject({ met: true });
    // A mark at another step is not a mark at this one.
    expect(
      judge(
        goal,
        both.map((act) => ({ ...act, step: 7 })),
      ),
    ).toMatchObject({ met: false });
  });

  it('says so when the step is no query, or leaks nothing', () => {
    expect(judge({ kind: 'markLeak', step: 3 }, [])).toMatchObject({ reason: 'Step 3 is a write step, not a query.' });
  });
});

describe('predictLeak', () => {
  it('does not count a prediction of an ID the scenario does not know, so a slip can be typed again', () => {
    const goal: Goal = { kind: 'predictLeak', step: 9 };
    expect(
      judge(goal, [
        { kind: 'predict', step: 9, leak: 'bob-exprt-plan' },
        { kind: 'predict', step: 9, leak: 'handoff-1-item-1' },
      ]),
    ).toMatchObject({ met: true });
  });

  it('takes "nothing leaks" as wrong where something does, and a step seen earlier leaves the window open', () => {
    expect(judge({ kind: 'predictLeak', step: 9 }, [{ kind: 'predict', step: 9, leak: null }])).toMatchObject({
      met: false,
      reason: expect.stringMatching(/^Your prediction for step 9 \(nothing leaks\) was wrong/),
    });
    expect(
      judge({ kind: 'predictLeak', step: 9 }, [
        { kind: 'see', step: 8 },
        { kind: 'predict', step: 9, leak: 'bob-export-plan' },
      ]),
    ).toMatchObject({ met: true });
  });
});

describe('whichRule', () => {
  it('judges against decide: the other agent keeps the researcher’s handoff out of the planner’s request', () => {
    const goal: Goal = { kind: 'whichRule', step: 7, item: 'handoff-1-item-1' };
    expect(judge(goal, [{ kind: 'choose', step: 7, item: 'handoff-1-item-1', rule: 'agentCheck' }])).toMatchObject({
      met: true,
      reason: expect.stringMatching(/out at step 7: handed to the researcher, you are the planner\.$/),
    });
    // A choice for another item, or at another step, is not this task's answer.
    expect(judge(goal, [{ kind: 'choose', step: 8, item: 'handoff-1-item-1', rule: 'agentCheck' }])).toMatchObject({
      met: false,
      reason: 'No rule is chosen yet for handoff-1-item-1 at step 7.',
    });
  });

  it('says so when nothing keeps the item out, or the item is not in the store', () => {
    expect(judge({ kind: 'whichRule', step: 7, item: 'bob-export-plan' }, [])).toMatchObject({
      reason: "bob-export-plan is in bob's request at step 7: no rule keeps it out.",
    });
    expect(judge({ kind: 'whichRule', step: 7, item: 'carol-plan' }, [])).toMatchObject({
      reason: 'No item carol-plan is in the store at step 7.',
    });
  });
});

describe('the answer goals’ words', () => {
  /** The seed with a step 13 whose question shares no word with any item: its naive list is empty. */
  const quiet = (() => {
    const scenario = JSON.parse(SEED) as { steps: object[] };
    scenario.steps.push({ op: 'query', as: ['alice', 'task-9', 'planner'], current: 'Zebra?' });
    return JSON.stringify(scenario, null, 2);
  })();

  it('say what was marked, and that a step leaking nothing has nothing to mark', () => {
    const marks: Act[] = [
      { kind: 'mark', step: 9, item: 'bob-export-plan' },
      { kind: 'mark', step: 9, item: 'handoff-1-item-1' },
    ];
    expect(judge({ kind: 'markLeak', step: 9 }, marks).reason).toBe(
      "You marked bob-export-plan, handoff-1-item-1: what step 9's naive list leaks.",
    );
    expect(judge({ kind: 'markLeak', step: 13 }, [], quiet)).toEqual({
      id: 't',
      met: false,
      reason: 'Nothing leaks at step 13 in your scenario, so there is nothing to mark.',
    });
  });

  it('count only a prediction for that step made before seeing it, and say which', () => {
    const goal: Goal = { kind: 'predictLeak', step: 9 };
    expect(judge(goal, []).reason).toBe('No prediction for step 9 yet: make it before you step there.');
    expect(judge(goal, [{ kind: 'predict', step: 8, leak: 'bob-export-plan' }]).reason).toBe(
      'No prediction for step 9 yet: make it before you step there.',
    );
    expect(judge(goal, [{ kind: 'predict', step: 9, leak: 'bob-export-plan' }])).toEqual({
      id: 't',
      met: true,
      reason: 'You predicted that bob-export-plan leaks at step 9, before seeing it: right.',
    });
    const late = judge(goal, [
      { kind: 'see', step: 10 },
      { kind: 'predict', step: 9, leak: 'bob-export-plan' },
    ]);
    expect(late.met).toBe(false);
    expect(late.reason).toMatch(/^You saw step 10, past step 9, before predicting it/);
    expect(judge(goal, [{ kind: 'see', step: 9 }]).reason).toMatch(/^You saw step 9 before predicting it/);
    const quietGoal: Goal = { kind: 'predictLeak', step: 13 };
    expect(judge(quietGoal, [{ kind: 'predict', step: 13, leak: null }], quiet)).toEqual({
      id: 't',
      met: true,
      reason: 'You predicted that nothing leaks at step 13, before seeing it: right.',
    });
    expect(judge(quietGoal, [{ kind: 'predict', step: 13, leak: 'bob-style' }], quiet).reason).toMatch(
      /^Your prediction for step 13 \(bob-style leaks\) was wrong/,
    );
    expect(judge({ kind: 'predictLeak', step: 3 }, []).reason).toBe('Step 3 is a write step, not a query.');
  });
});
