import { describe, expect, it } from 'vitest';
import { seedScenario } from '../testing/fixtures';
import type { Scenario, Step } from '../scenario/scenario';
import { lessonDone, StoreReplays, verifyStoreExercises } from './verify';
import { type Exercise, type LearnerActs, NO_ACTS, type StoreGoal } from './types';

const task = (goal: StoreGoal): Exercise => ({ id: 't', task: 'do it', goal, hints: ['a', 'b'], answer: 'x' });
const judge = (goal: StoreGoal, scenario: Scenario = seedScenario(), acts: LearnerActs = NO_ACTS) =>
  verifyStoreExercises([task(goal)], { scenario, lesson: seedScenario(), acts })[0]!;
const acts = (selectedStep: number, ...rulesOff: LearnerActs['rulesOff'][number][]): LearnerActs => ({
  selectedStep,
  rulesOff,
});
const withSteps = (edit: (steps: Step[]) => void): Scenario => {
  const scenario = seedScenario();
  edit(scenario.steps);
  return scenario;
};
const carolWrites: Step = {
  op: 'write',
  as: ['carol', 'task-5', 'planner'],
  scope: 'user',
  id: 'carol-plan',
  text: "Carol's plan for the export job: a nightly CSV.",
};
const bobAsks: Step = {
  op: 'query',
  as: ['bob', 'task-18', 'planner'],
  current: 'What is the plan for the export job?',
};

describe('stepSelected', () => {
  it('is met only when that step is selected, and never names the step asked for when it is not', () => {
    expect(judge({ kind: 'stepSelected', step: 7 }, undefined, acts(7)).met).toBe(true);
    const wrong = judge({ kind: 'stepSelected', step: 7 }, undefined, acts(9));
    expect(wrong.met).toBe(false);
    expect(wrong.reason).not.toMatch(/\b7\b/);
    expect(judge({ kind: 'stepSelected', step: 7 }).reason).toBe('No step is selected yet.');
  });
});

describe('ruleOff', () => {
  it('is met when the rule is off; with `only`, every other rule must be on', () => {
    expect(judge({ kind: 'ruleOff', rule: 'taskCheck' }, undefined, acts(0, 'taskCheck', 'escaping')).met).toBe(true);
    const also = judge({ kind: 'ruleOff', rule: 'taskCheck', only: true }, undefined, acts(0, 'taskCheck', 'escaping'));
    expect(also).toMatchObject({ met: false, reason: expect.stringContaining('“Item text is escaped”') });
    expect(judge({ kind: 'ruleOff', rule: 'taskCheck', only: true }, undefined, acts(0, 'taskCheck')).met).toBe(true);
    expect(judge({ kind: 'ruleOff', rule: 'taskCheck' }, undefined, acts(0, 'agentCheck')).met).toBe(false);
  });
});

describe('naiveLeak', () => {
  it("reads the replay's leak attribution: Alice's item in Bob's naive request at step 7, not at step 9", () => {
    expect(judge({ kind: 'naiveLeak', step: 7, owner: 'alice', to: 'bob' })).toMatchObject({
      met: true,
      reason: expect.stringContaining('alice-export-limit'),
    });
    // Step 9 is Alice's own query: the leak there runs the other way.
    expect(judge({ kind: 'naiveLeak', step: 9, owner: 'alice', to: 'bob' }).met).toBe(false);
    expect(judge({ kind: 'naiveLeak', step: 9, owner: 'bob', to: 'alice' }).met).toBe(true);
    // Step 7 is Bob's, but what leaks there is Alice's, not Carol's.
    expect(judge({ kind: 'naiveLeak', step: 7, owner: 'carol', to: 'bob' }).reason).toBe(
      'The naive request at step 7 carries no item of carol.',
    );
    expect(judge({ kind: 'naiveLeak', step: 1, owner: 'alice', to: 'bob' }).reason).toMatch(/not a query/);
    expect(judge({ kind: 'naiveLeak', step: 40, owner: 'alice', to: 'bob' }).reason).toMatch(/no step 40/);
  });
});

describe('naiveLeakSelected', () => {
  it('is met for any selected query whose naive request carries the owner’s item to the user', () => {
    for (const step of [7, 8, 10, 12])
      expect(judge({ kind: 'naiveLeakSelected', owner: 'alice', to: 'bob' }, undefined, acts(step)).met).toBe(true);
    for (const step of [0, 1, 9, 11])
      expect(judge({ kind: 'naiveLeakSelected', owner: 'alice', to: 'bob' }, undefined, acts(step)).met).toBe(false);
  });
});

describe('checkGuardsRule', () => {
  it('is met by a new assertion that is green with every rule on and red with the rule off', () => {
    const guarded = withSteps((steps) => (steps[9]!.expect = { excludes: ['bob-export-plan'] }));
    expect(judge({ kind: 'checkGuardsRule', rule: 'taskCheck' }, guarded)).toMatchObject({
      met: true,
      reason: expect.stringContaining('step 10'),
    });
    // The same assertion does not notice a rule it does not depend on.
    expect(judge({ kind: 'checkGuardsRule', rule: 'escaping' }, guarded).met).toBe(false);
  });

  it('is not met by an assertion that is red with every rule on, nor without any assertion', () => {
    const alwaysRed = withSteps((steps) => (steps[9]!.expect = { includes: ['bob-export-plan'] }));
    expect(judge({ kind: 'checkGuardsRule', rule: 'taskCheck' }, alwaysRed).reason).toMatch(
      /red even with every rule on/,
    );
    expect(judge({ kind: 'checkGuardsRule', rule: 'taskCheck' }).met).toBe(false);
  });

  it("does not count the lesson's own assertions", () => {
    const lesson = withSteps((steps) => (steps[9]!.expect = { excludes: ['bob-export-plan'] }));
    const [verdict] = verifyStoreExercises([task({ kind: 'checkGuardsRule', rule: 'taskCheck' })], {
      scenario: lesson,
      lesson,
      acts: NO_ACTS,
    });
    expect(verdict!.met).toBe(false);
  });
});

describe('newUserLeaks', () => {
  it("is met when a new user's note reaches Bob's naive request and his scoped ones stay clean", () => {
    const third = withSteps((steps) => steps.push(carolWrites, bobAsks));
    expect(judge({ kind: 'newUserLeaks', to: 'bob' }, third)).toMatchObject({
      met: true,
      reason: expect.stringContaining('carol-plan'),
    });
  });

  it('is not met without a new user, or when the new user writes after Bob last asks', () => {
    expect(judge({ kind: 'newUserLeaks', to: 'bob' }).reason).toMatch(/names no user/);
    const late = withSteps((steps) => steps.push(carolWrites));
    expect(judge({ kind: 'newUserLeaks', to: 'bob' }, late).reason).toMatch(/No item of carol/);
  });

  it('judges the scenario with every rule on, whatever the learner has switched off', () => {
    // A payload naming Bob: with keysFromPrincipal off the store would file it under Bob. The goal
    // describes the scenario, so the switches in the acts change nothing.
    const named = withSteps((steps) => steps.push({ ...carolWrites, user_id: 'bob' }, bobAsks));
    expect(judge({ kind: 'newUserLeaks', to: 'bob' }, named, acts(0, 'keysFromPrincipal')).met).toBe(true);
  });
});

describe('lessonDone', () => {
  it('is true only when there are tasks and every one is met', () => {
    const met = { id: 'a', met: true, reason: 'r' } as const;
    const unmet = { id: 'b', met: false, reason: 'r' } as const;
    expect(lessonDone([met, met])).toBe(true);
    expect(lessonDone([met, unmet])).toBe(false);
    expect(lessonDone([])).toBe(false);
  });
});

describe('the replays a caller already has', () => {
  it('give the same verdicts as replaying from scratch, as the acts change', () => {
    const scenario = withSteps((steps) => {
      steps[9]!.expect = { excludes: ['bob-export-plan'] };
      steps.push(carolWrites, bobAsks);
    });
    const goals: StoreGoal[] = [
      { kind: 'naiveLeakSelected', owner: 'alice', to: 'bob' },
      { kind: 'ruleOff', rule: 'taskCheck' },
      { kind: 'checkGuardsRule', rule: 'taskCheck' },
      { kind: 'newUserLeaks', to: 'bob' },
    ];
    const tasks = goals.map((goal, i) => ({ ...task(goal), id: `t${i}` }));
    const replays = new StoreReplays(scenario);
    for (const step of [0, 7, 9]) {
      const a = acts(step, 'taskCheck');
      const fresh = verifyStoreExercises(tasks, { scenario, lesson: seedScenario(), acts: a });
      expect(verifyStoreExercises(tasks, { scenario, lesson: seedScenario(), acts: a, replays })).toEqual(fresh);
      expect(fresh.map((v) => v.met)).toEqual([step === 7, true, true, true]);
    }
  });
});

describe('a scenario that does not replay', () => {
  it('meets no goal that reads the replay, and says where the scenario breaks', () => {
    const broken = seedScenario();
    broken.agents.push(broken.agents[0]!);
    const goals: StoreGoal[] = [
      { kind: 'naiveLeak', step: 7, owner: 'alice', to: 'bob' },
      { kind: 'naiveLeakSelected', owner: 'alice', to: 'bob' },
      { kind: 'checkGuardsRule', rule: 'taskCheck' },
      { kind: 'newUserLeaks', to: 'bob' },
      { kind: 'markLeak', step: 7 },
      { kind: 'predictLeak', step: 7 },
      { kind: 'whichRule', step: 7, item: 'alice-contact' },
    ];
    for (const goal of goals) {
      const verdict = judge(goal, broken, acts(7));
      expect(verdict.met).toBe(false);
      expect(verdict.reason).toMatch(/does not replay/);
      expect(verdict.reason).toContain('agents[2].name');
      expect(verdict.reason).toMatch(/duplicate agent planner/);
    }
  });
});

describe('ruleOff reasons', () => {
  it('tell the learner which rules to switch back on, in the right number', () => {
    const one = judge({ kind: 'ruleOff', rule: 'taskCheck', only: true }, undefined, acts(0, 'taskCheck', 'escaping'));
    expect(one.reason).toMatch(/right rule is off/);
    expect(one.reason).toMatch(/so is “Item text is escaped”: switch it back on/);
    const two = judge(
      { kind: 'ruleOff', rule: 'taskCheck', only: true },
      undefined,
      acts(0, 'taskCheck', 'escaping', 'agentCheck'),
    );
    expect(two.reason).toMatch(
      /so are “Item text is escaped” and “An agent item stays with its agent”: switch them back on/,
    );
  });

  it('say whether no rule is off yet or only the wrong ones are', () => {
    const none = judge({ kind: 'ruleOff', rule: 'taskCheck' });
    expect(none).toMatchObject({ met: false, reason: expect.stringMatching(/No rule/) });
    const wrong = judge({ kind: 'ruleOff', rule: 'taskCheck' }, undefined, acts(0, 'agentCheck'));
    expect(wrong.reason).toMatch(/^“An agent item stays with its agent” is off, but not the rule/);
    const wrongTwo = judge({ kind: 'ruleOff', rule: 'taskCheck' }, undefined, acts(0, 'agentCheck', 'escaping'));
    expect(wrongTwo.reason).toMatch(
      /^“An agent item stays with its agent” and “Item text is escaped” are off, but not the rule/,
    );
    const met = judge({ kind: 'ruleOff', rule: 'taskCheck' }, undefined, acts(0, 'taskCheck'));
    expect(met.reason).toContain('“A task item stays in its task”');
    expect(met.reason).not.toContain('taskCheck');
    expect(met.reason).toMatch(/switched off/);
  });
});

describe('naiveLeak reasons', () => {
  it('explain why a step shows no leak: no such step, a rejected step, another kind of step, another asker', () => {
    expect(judge({ kind: 'naiveLeak', step: 0, owner: 'alice', to: 'bob' }).reason).toMatch(/no step 0/);
    const ghost = withSteps((steps) => steps.push({ op: 'query', as: ['bob', 'task-17', 'ghost'], current: 'x' }));
    const rejected = judge({ kind: 'naiveLeak', step: 13, owner: 'alice', to: 'bob' }, ghost);
    expect(rejected).toMatchObject({ met: false, reason: expect.stringMatching(/rejected step 13/) });
    expect(rejected.reason).toMatch(/unknown agent ghost/);
    expect(judge({ kind: 'naiveLeak', step: 1, owner: 'alice', to: 'bob' }).reason).toMatch(/a write step/);
    expect(judge({ kind: 'naiveLeak', step: 6, owner: 'alice', to: 'bob' }).reason).toMatch(/a handoff step/);
    // Step 9's naive request carries Bob's items, but it is Alice who asks, not Carol.
    const asker = judge({ kind: 'naiveLeak', step: 9, owner: 'bob', to: 'carol' });
    expect(asker).toMatchObject({ met: false, reason: expect.stringMatching(/asked by alice, not carol/) });
    expect(judge({ kind: 'naiveLeak', step: 7, owner: 'carol', to: 'bob' }).met).toBe(false);
  });

  it('names every leaked item of the owner, each as its own word', () => {
    // After task 17 closes, step 12's naive request carries both of Alice's notes.
    const both = judge({ kind: 'naiveLeak', step: 12, owner: 'alice', to: 'bob' });
    expect(both.met).toBe(true);
    expect(both.reason).toMatch(/\balice-export-limit\b/);
    expect(both.reason).toMatch(/\balice-contact\b/);
    expect(both.reason).toContain('step 12');
  });
});

describe('whichRule reasons', () => {
  it('say why a step cannot be asked about: no such step, a rejected step, another kind of step', () => {
    const goal = (step: number): StoreGoal => ({ kind: 'whichRule', step, item: 'alice-contact' });
    expect(judge(goal(0))).toEqual({ id: 't', met: false, reason: 'Your scenario has no step 0.' });
    expect(judge(goal(99))).toEqual({ id: 't', met: false, reason: 'Your scenario has no step 99.' });
    expect(judge(goal(1))).toEqual({ id: 't', met: false, reason: 'Step 1 is a write step, not a query.' });
    const ghost = withSteps((steps) => steps.push({ op: 'query', as: ['bob', 'task-17', 'ghost'], current: 'x' }));
    expect(judge(goal(13), ghost).reason).toBe('The store rejected step 13: unknown agent ghost.');
    expect(judge({ kind: 'markLeak', step: 1 }).reason).toMatch(/^Step 1 is a write step, not a query\.?/);
  });
});

describe('naiveLeakSelected reasons', () => {
  it('ask for a selection first, then say why the selected step does not show the leak', () => {
    expect(judge({ kind: 'naiveLeakSelected', owner: 'alice', to: 'bob' }).reason).toMatch(/No step is selected/);
    const config = judge({ kind: 'naiveLeakSelected', owner: 'alice', to: 'bob' }, undefined, acts(1));
    expect(config.reason).toMatch(/^The selected step does not show it: step 1 is a write step/);
  });
});

describe('checkGuardsRule reasons', () => {
  it('tell an assertion that ignores the rule apart from one that is red anyway', () => {
    const guarded = withSteps((steps) => (steps[9]!.expect = { excludes: ['bob-export-plan'] }));
    const ignores = judge({ kind: 'checkGuardsRule', rule: 'escaping' }, guarded);
    expect(ignores.reason).toMatch(/stay green with “Item text is escaped” off/);
    const alwaysRed = withSteps((steps) => (steps[9]!.expect = { includes: ['bob-export-plan'] }));
    expect(judge({ kind: 'checkGuardsRule', rule: 'taskCheck' }, alwaysRed).met).toBe(false);
    expect(judge({ kind: 'checkGuardsRule', rule: 'taskCheck' }).reason).toMatch(/no `expect` assertion/);
  });
});

describe('newUserLeaks reasons', () => {
  it('name the first step where the new user leaks, and every new user when none does', () => {
    const twice = withSteps((steps) => steps.push(carolWrites, bobAsks, bobAsks));
    expect(judge({ kind: 'newUserLeaks', to: 'bob' }, twice).reason).toMatch(/at step 14\b/);
    const late = withSteps((steps) => steps.push(carolWrites, { ...carolWrites, as: ['dave', 'task-6', 'planner'] }));
    const none = judge({ kind: 'newUserLeaks', to: 'bob' }, late);
    expect(none.met).toBe(false);
    expect(none.reason).toMatch(/No item of carol or dave/);
  });
});
