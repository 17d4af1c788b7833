/**
 * The answer goals on the seed's own replay: what counts as an answer, what a slip of the keyboard
 * does, and what each says when the goal cannot be met. Goals are judged as `replay --check` does.
 */
import { describe, expect, it } from 'vitest';
import { projectText } from '../testing/fixtures';
import { verifyLessonTasks } from './lessonTasks';
import type { Act, Exercise, Goal } from './types';

const SEED = projectText('fixtures/scenario.json');

function judge(goal: Goal, log: Act[]) {
  const task: Exercise = { id: 't', task: 'Do it.', goal, hints: ['a', 'b'], answer: 'c' };
  const outcome = verifyLessonTasks(
    'store',
    [task],
    { lesson: SEED, scenario: SEED },
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
