import { describe, expect, it } from 'vitest';
import { projectText } from '../testing/fixtures';
import { type RouterScenario, routerScenarioSchema } from '../router/scenario';
import { type MemtoolScenario, memtoolScenarioSchema } from '../memtool/scenario';
import { verifyExercises, verifyMemtoolExercises, verifyRouterExercises } from './verify';
import { seedScenario } from '../testing/fixtures';
import { type Exercise, type Goal, type LearnerActs, NO_ACTS } from './types';

const task = (goal: Goal): Exercise => ({ id: 't', task: 'do it', goal, hints: ['a', 'b'], answer: 'x' });
const router = (): RouterScenario =>
  routerScenarioSchema.parse(JSON.parse(projectText('fixtures/lessons/router-authorize-before-ranking.json')));
const memtool = (): MemtoolScenario =>
  memtoolScenarioSchema.parse(JSON.parse(projectText('fixtures/lessons/memtool-session-scope.json')));
const onRouter = (goal: Goal, scenario = router(), acts: LearnerActs = NO_ACTS) =>
  verifyRouterExercises([task(goal)], { scenario, acts })[0]!;
const onMemtool = (goal: Goal, scenario = memtool(), acts: LearnerActs = NO_ACTS) =>
  verifyMemtoolExercises([task(goal)], { scenario, acts })[0]!;

describe('scorerLeak', () => {
  it("is met where the naive scorer was handed the private bank and the router's was not", () => {
    expect(onRouter({ kind: 'scorerLeak', step: 1 })).toMatchObject({
      met: true,
      reason: expect.stringContaining('private-canary from the private bank'),
    });
    expect(onRouter({ kind: 'scorerLeak', step: 1, memory: 'private-2' }).met).toBe(true);
  });

  it('is not met for a context that may read the bank, a step that is no recall, or a refused recall', () => {
    // Step 3 is the private room: it may read the private bank, so nothing leaked to its scorer.
    expect(onRouter({ kind: 'scorerLeak', step: 3 }).met).toBe(false);
    expect(onRouter({ kind: 'scorerLeak', step: 4 }).reason).toMatch(/not a recall/);
    expect(onRouter({ kind: 'scorerLeak', step: 11 }).reason).toMatch(/refused step 11: limit must be at least 1/);
    // After the rebuild the canary is gone from every scorer.
    expect(onRouter({ kind: 'scorerLeak', step: 10, memory: 'private-canary' }).met).toBe(false);
    expect(onRouter({ kind: 'scorerLeak', step: 12 }).reason).toBe('Your scenario has no step 12.');
  });

  it('is met by a recall the learner adds', () => {
    const scenario = router();
    scenario.steps.push({ op: 'recall', context: 'general-room', query: 'rollback evidence' });
    expect(onRouter({ kind: 'scorerLeak', step: 12, memory: 'private-2' }, scenario).met).toBe(true);
  });
});

describe('foreignRecord', () => {
  it("is met where the naive search handed back another organisation's records and the safe one did not", () => {
    expect(onMemtool({ kind: 'foreignRecord', step: 1, org: 'org_4471' })).toMatchObject({
      met: true,
      reason: expect.stringContaining('of org_4471 to a session of org_2207'),
    });
  });

  it('reads a file view too: the percent-encoded traversal opens the other tenant’s notes', () => {
    expect(onMemtool({ kind: 'foreignRecord', step: 9 }).met).toBe(true);
    // The plain traversal is refused by both checks.
    expect(onMemtool({ kind: 'foreignRecord', step: 8 }).met).toBe(false);
  });

  it('is not met for the session’s own records, another organisation than named, or a forget', () => {
    const own = memtool();
    own.steps.push({
      op: 'search_memory',
      session: 'support',
      args: { org_id: 'org_2207', user_id: 'usr_310', query: 'original context' },
    });
    expect(onMemtool({ kind: 'foreignRecord', step: 13 }, own)).toMatchObject({
      met: false,
      reason: expect.stringContaining('nothing of another organisation'),
    });
    expect(onMemtool({ kind: 'foreignRecord', step: 2 }).met).toBe(false);
    expect(onMemtool({ kind: 'foreignRecord', step: 1, org: 'org_9999' }).met).toBe(false);
    expect(onMemtool({ kind: 'foreignRecord', step: 4 }).met).toBe(false);
  });
});

describe('the shared and foreign goals', () => {
  it('judge stepSelected in every engine, and refuse a goal of another engine with a reason', () => {
    expect(onRouter({ kind: 'stepSelected', step: 7 }, undefined, { selectedStep: 7, rulesOff: [] }).met).toBe(true);
    expect(onMemtool({ kind: 'stepSelected', step: 4 }, undefined, { selectedStep: 1, rulesOff: [] }).met).toBe(false);
    expect(onRouter({ kind: 'ruleOff', rule: 'taskCheck' })).toEqual({
      id: 't',
      met: false,
      reason: 'A goal of kind ruleOff cannot be judged in a router lesson.',
    });
  });
});

describe('scorerLeak reasons', () => {
  it('say which kind of step was asked for, and what the naive scorer was not handed', () => {
    expect(onRouter({ kind: 'scorerLeak', step: 0 }).reason).toMatch(/no step 0/);
    expect(onRouter({ kind: 'scorerLeak', step: 4 })).toMatchObject({
      met: false,
      reason: expect.stringMatching(/Step 4 is a remember step/),
    });
    expect(onRouter({ kind: 'scorerLeak', step: 8 }).reason).toMatch(/a replace_bank step/);
    // The private room may read every bank: nothing at all leaked there.
    expect(onRouter({ kind: 'scorerLeak', step: 3 }).reason).toMatch(/handed nothing private-room may not read/);
    // After the rebuild the canary is gone, while private-2 still reaches the naive scorer.
    const gone = onRouter({ kind: 'scorerLeak', step: 10, memory: 'private-canary' });
    expect(gone.reason).toMatch(/not handed private-canary from a bank general-room may not read/);
  });
});

describe('foreignRecord reasons', () => {
  it('name every record handed back, each as its own word, and the two organisations', () => {
    const search = onMemtool({ kind: 'foreignRecord', step: 1 });
    for (const id of ['mem_9f3a21', 'mem_9f3a26']) expect(search.reason).toMatch(new RegExp(`\\b${id}\\b`));
    expect(search.reason).toMatch(/of org_4471 to a session of org_2207/);
  });

  it("reads a viewed file's organisation from its place in the memory tree", () => {
    expect(onMemtool({ kind: 'foreignRecord', step: 9, org: 'org_4471' })).toMatchObject({
      met: true,
      reason: expect.stringMatching(/notes\.md of org_4471 to a session of org_2207/),
    });
    expect(onMemtool({ kind: 'foreignRecord', step: 9, org: 'org_2207' }).met).toBe(false);
  });

  it('counts a session with no principal as no organisation, and a forget as handing back nothing', () => {
    expect(onMemtool({ kind: 'foreignRecord', step: 3 })).toMatchObject({
      met: true,
      reason: expect.stringMatching(/to a session of no organisation/),
    });
    expect(onMemtool({ kind: 'foreignRecord', step: 4 }).reason).toMatch(/handed back nothing of another organisation/);
    expect(onMemtool({ kind: 'foreignRecord', step: 0 }).reason).toMatch(/no step 0/);
  });
});

describe('marking and predicting in the router and memtool lessons', () => {
  const marks = (step: number, ...items: string[]): LearnerActs => ({
    ...NO_ACTS,
    log: items.map((item) => ({ kind: 'mark' as const, step, item })),
  });

  it('say which step cannot be marked: none, past the end, or one that is no recall', () => {
    for (const kind of ['markLeak', 'predictLeak'] as const) {
      expect(onRouter({ kind, step: 0 }).reason).toBe('Your scenario has no step 0.');
      expect(onRouter({ kind, step: 12 }).reason).toBe('Your scenario has no step 12.');
      expect(onRouter({ kind, step: 4 }).reason).toBe('Step 4 is not a recall.');
      expect(onMemtool({ kind, step: 0 }).reason).toBe('Your scenario has no step 0.');
      expect(onMemtool({ kind, step: 99 }).reason).toBe('Your scenario has no step 99.');
    }
    expect(onMemtool({ kind: 'foreignRecord', step: 0 }).reason).toBe('Your scenario has no step 0.');
    expect(onMemtool({ kind: 'foreignRecord', step: 99 }).reason).toBe('Your scenario has no step 99.');
  });

  it("count as leaked only what came from a bank the context may not read, or another organisation's record", () => {
    expect(onRouter({ kind: 'markLeak', step: 1 }, undefined, marks(1, 'private-canary')).met).toBe(false);
    const all = onRouter({ kind: 'markLeak', step: 1 }, undefined, marks(1, 'private-canary', 'private-2'));
    expect(all.met, all.reason).toBe(true);
    // Step 3's room may read the private bank: nothing leaks there.
    expect(onRouter({ kind: 'markLeak', step: 3 }, undefined, marks(3, 'private-canary')).reason).toBe(
      'Nothing leaks at step 3 in your scenario, so there is nothing to mark.',
    );
    // Step 6 is the requester's own file: nothing of another organisation.
    expect(onMemtool({ kind: 'markLeak', step: 6 }).reason).toMatch(/^Nothing leaks at step 6/);
    expect(onMemtool({ kind: 'markLeak', step: 1 }).reason).toBe(
      "No row of step 1's naive list is marked as leaked yet.",
    );
  });
});

describe('verifyExercises', () => {
  it("judges each goal in its lesson's engine, and names that engine when a goal belongs to another", () => {
    const tasks = [
      task({ kind: 'scorerLeak', step: 1 }),
      task({ kind: 'foreignRecord', step: 1 }),
      task({ kind: 'naiveLeak', step: 7, owner: 'alice', to: 'bob' }),
    ];
    const met = (verdicts: { met: boolean }[]) => verdicts.map((v) => v.met);
    const store = verifyExercises(tasks, {
      engine: 'store',
      scenario: seedScenario(),
      lesson: seedScenario(),
      acts: NO_ACTS,
    });
    expect(met(store)).toEqual([false, false, true]);
    expect(store[0]!.reason).toMatch(/cannot be judged in a store lesson/);
    const routed = verifyExercises(tasks, { engine: 'router', scenario: router(), acts: NO_ACTS });
    expect(met(routed)).toEqual([true, false, false]);
    expect(routed[2]!.reason).toMatch(/cannot be judged in a router lesson/);
    const memtooled = verifyExercises(tasks, { engine: 'memtool', scenario: memtool(), acts: NO_ACTS });
    expect(met(memtooled)).toEqual([false, true, false]);
    expect(memtooled[0]!.reason).toMatch(/kind scorerLeak cannot be judged in a memtool lesson/);
  });
});
