/**
 * The verifier can say "not met". For every goal kind of the closed set, a shipped lesson's reference
 * solution (or, for a kind no lesson uses yet, a teacher's own task on the seed) is reported met, and
 * the same solution with its one decisive edit undone, or a near miss of it, is reported unmet. A
 * verifier that always said "met" fails here, and so does one that never did. Each pair runs through
 * the path `replay --check --solution` takes: the solution applied to the lesson's text, both texts
 * parsed by the engine's schema, the task judged with the solution's acts for it.
 */
import { describe, expect, it } from 'vitest';
import { lessonById } from '../lessons/catalogue';
import { projectText } from '../testing/fixtures';
import { parseLessonExercises } from './lessonExercises';
import { solvedText, verifyLessonTasks } from './lessonTasks';
import { memtoolGoalSchema, routerGoalSchema, storeGoalSchema } from './schema';
import type { Exercise, Goal, PatchOp, Solution, SolutionActs, VectorGoal } from './types';

/** One pair: a task of a lesson, the solution that meets it, and a near miss that must not. */
interface Pair {
  lesson: string;
  /** The ID of one of the lesson's own tasks, or a task of the teacher's own (for a kind no lesson uses). */
  task: string | Exercise;
  /** What meets the task; the lesson's own reference solution when not given. */
  solution?: Solution;
  /** The solution with its decisive edit undone, or a near miss of it. */
  nearMiss: (solution: Solution) => Solution;
  /** What the near miss is, and why it falls short. */
  misses: string;
  /** What the unmet verdict's reason must say, so the near miss fails for the reason given. */
  because: RegExp;
}

const withActs = (acts: SolutionActs) => (solution: Solution) => ({ ...solution, acts, taskActs: undefined });
const withoutOp = (index: number) => (solution: Solution) => ({
  ...solution,
  patch: (solution.patch ?? []).filter((_, i) => i !== index),
});
const replacingOp = (index: number, edit: (value: unknown) => unknown) => (solution: Solution) => ({
  ...solution,
  patch: (solution.patch ?? []).map((op, i): PatchOp =>
    i === index && op.op !== 'remove' ? { ...op, value: edit(op.value) } : op,
  ),
});
const merged = (extra: object) => (value: unknown) => ({ ...(value as object), ...extra });

const BOB_ASKS = { op: 'query', as: ['bob', 'task-18', 'planner'], current: 'What is the plan for the export job?' };
const naiveLeakTask: Exercise = {
  id: 'add-bob-leak',
  task: "Add a query at the end at which Bob's naive request carries one of Alice's items.",
  goal: { kind: 'naiveLeak', step: 13, owner: 'alice', to: 'bob' },
  hints: ['Ask as Bob.', "Ask with words Alice's notes share."],
  answer: 'Append a query as bob/task-18/planner: "What is the plan for the export job?"',
};

const selectTask: Exercise = {
  id: 'select-alice',
  task: "Select Alice's query.",
  goal: { kind: 'stepSelected', step: 9 },
  hints: ['Alice asks once.', 'Read who asks each query.'],
  answer: 'Select step 9.',
};
const leakSelectedTask: Exercise = {
  id: 'find-the-leak',
  task: "Select a query at which the naive list puts one of Alice's items into Bob's request.",
  goal: { kind: 'naiveLeakSelected', owner: 'alice', to: 'bob' },
  hints: ['Step through the queries.', 'Look at the queries Bob asks.'],
  answer: 'Select step 7.',
};

const anyForeignTask: Exercise = {
  id: 'any-foreign-search',
  task: "Add a search at the end that hands the support session another organisation's records.",
  goal: { kind: 'foreignRecord', step: 13 },
  hints: ['Search as the support session.', 'Name another organisation in the arguments.'],
  answer: 'Append a search_memory as support with org_id org_4471.',
};
const ownOrgSearch = replacingOp(
  0,
  merged({ args: { org_id: 'org_2207', user_id: 'usr_310', query: 'payroll account' } }),
);

/**
 * Every goal kind of the closed set: a compile error when a kind is added without a pair. The vector
 * lesson's goals are judged from a database run, not from a replay: their pairs are in src/db/vectorDb.test.ts.
 */
const PAIRS: Record<Exclude<Goal['kind'], VectorGoal['kind']>, Pair[]> = {
  stepSelected: [
    {
      lesson: 'seed-alice-bob',
      task: selectTask,
      solution: { acts: { selectedStep: 9 } },
      nearMiss: withActs({ selectedStep: 8 }),
      misses: 'the step just before the one asked for',
      because: /^Step 8 is selected, but it is not the step/,
    },
  ],
  ruleOff: [
    {
      lesson: 'attacks',
      task: 'rule-off',
      nearMiss: withActs({ rulesOff: ['handoffReadCheck', 'escaping'] }),
      misses: 'the right rule off, and one more beside it',
      because: /so is “Item text is escaped”/,
    },
    {
      lesson: 'handoff-whole-history',
      task: 'agent-rule-off',
      nearMiss: withActs({ selectedStep: 7, rulesOff: ['declaredReads'] }),
      misses: 'the other rule of the lesson off, not this one',
      because: /^“An agent reads only the scopes it declares” is off, but not the rule/,
    },
  ],
  markLeak: [
    {
      lesson: 'seed-alice-bob',
      task: 'mark-what-the-task-rule-keeps',
      nearMiss: withActs({
        log: [
          { kind: 'mark', step: 10, item: 'bob-export-plan' },
          { kind: 'mark', step: 10, item: 'alice-export-limit' },
        ],
      }),
      misses: "one of the two rows the rule lets through, and the naive list's leak, which is no row of that request",
      because: /another row of step 10 leaks too/,
    },
    {
      lesson: 'namespace-prefix',
      task: 'mark-what-the-prefix-matches',
      nearMiss: withActs({ log: [{ kind: 'mark', step: 5, item: 'corp-price' }] }),
      misses: "the naive list's one leak, without what the prefix match lets through in the scoped request",
      because: /another row of step 5 leaks too/,
    },
    {
      lesson: 'deletion-residue',
      task: 'mark-the-residue',
      nearMiss: withActs({ log: [{ kind: 'mark', step: 10, item: 'alice-export-limit' }] }),
      misses: 'one of the two leaked rows marked',
      because: /another row of step 10 leaks too/,
    },
    {
      lesson: 'router-authorize-before-ranking',
      task: 'mark-the-canary',
      nearMiss: withActs({ log: [{ kind: 'mark', step: 1, item: 'private-3' }] }),
      misses: 'a memory that is not among the rows the naive scorer was handed at step 1',
      because: /^No row of step 1's naive list is marked/,
    },
  ],
  predictLeak: [
    {
      lesson: 'seed-alice-bob',
      task: 'predict-alice',
      nearMiss: withActs({
        log: [
          { kind: 'see', step: 9 },
          { kind: 'predict', step: 9, leak: 'bob-export-plan' },
        ],
      }),
      misses: 'the right prediction, made after step 9 was seen',
      because: /saw step 9 before predicting it/,
    },
    {
      lesson: 'deletion-residue',
      task: 'predict-after-close',
      nearMiss: withActs({
        log: [
          { kind: 'see', step: 10 },
          { kind: 'predict', step: 9, leak: 'alice-export-limit' },
        ],
      }),
      misses: 'the right prediction, made after a later step (the same naive list) was seen',
      because: /saw step 10, past step 9, before predicting it/,
    },
    {
      lesson: 'deletion-residue',
      task: 'predict-after-close',
      nearMiss: withActs({
        log: [
          { kind: 'predict', step: 9, leak: null },
          { kind: 'predict', step: 9, leak: 'alice-export-limit' },
        ],
      }),
      misses: '"nothing leaks" first, then the right item: the first prediction counts',
      because: /\(nothing leaks\) was wrong/,
    },
    {
      lesson: 'memtool-session-scope',
      task: 'predict-the-link',
      nearMiss: withActs({ log: [{ kind: 'predict', step: 11, leak: null }] }),
      misses: '"nothing leaks" where the link leads out of the root',
      because: /\(nothing leaks\) was wrong/,
    },
    {
      lesson: 'attacks',
      task: 'predict-forged-owner',
      nearMiss: withActs({ log: [{ kind: 'predict', step: 11, leak: 'bob-export-plan' }] }),
      misses: "the naive list's generic leak, not what a payload naming its owner lets into the scoped request",
      because: /\(bob-export-plan leaks\) was wrong/,
    },
    {
      lesson: 'router-authorize-before-ranking',
      task: 'predict-after-rebuild',
      nearMiss: withActs({ log: [{ kind: 'predict', step: 10, leak: 'private-canary' }] }),
      misses: 'the canary, which the rebuild removed',
      because: /\(private-canary leaks\) was wrong/,
    },
  ],
  whichRule: [
    {
      lesson: 'seed-alice-bob',
      task: 'which-rule-agent',
      nearMiss: withActs({
        log: [
          { kind: 'choose', step: 8, item: 'planner-scratch', rule: 'taskCheck' },
          { kind: 'choose', step: 8, item: 'planner-scratch', rule: 'agentCheck' },
        ],
      }),
      misses: 'the task check first, then the right rule: the first choice counts',
      because: /You chose "It is the same user's item from another task" for planner-scratch/,
    },
    {
      lesson: 'handoff-whole-history',
      task: 'which-rule-plan',
      nearMiss: withActs({ log: [{ kind: 'choose', step: 7, item: 'bob-export-plan', rule: 'agentCheck' }] }),
      misses: "the agent check, which keeps the planner's scratch out but not the plan",
      because: /not what keeps it out/,
    },
  ],
  naiveLeak: [
    {
      lesson: 'seed-alice-bob',
      task: naiveLeakTask,
      solution: { patch: [{ op: 'add', path: '/steps/-', value: BOB_ASKS }] },
      nearMiss: replacingOp(0, merged({ current: 'What does Bob prefer?' })),
      misses: "Bob's query with words no item of Alice shares",
      because: /carries no item of alice/,
    },
    {
      lesson: 'seed-alice-bob',
      task: naiveLeakTask,
      solution: { patch: [{ op: 'add', path: '/steps/-', value: BOB_ASKS }] },
      nearMiss: replacingOp(0, merged({ as: ['alice', 'task-9', 'planner'] })),
      misses: 'the same query asked by Alice herself',
      because: /asked by alice, not bob/,
    },
  ],
  naiveLeakSelected: [
    {
      lesson: 'seed-alice-bob',
      task: leakSelectedTask,
      solution: { acts: { selectedStep: 7 } },
      nearMiss: withActs({ selectedStep: 9 }),
      misses: "Alice's own query, where the leak runs the other way",
      because: /asked by alice, not bob/,
    },
  ],
  checkGuardsRule: [
    {
      lesson: 'seed-alice-bob',
      task: 'guard-the-task-rule',
      nearMiss: withoutOp(0),
      misses: 'the solution without its assertion',
      because: /no `expect` assertion of its own/,
    },
    {
      lesson: 'seed-alice-bob',
      task: 'guard-the-task-rule',
      nearMiss: replacingOp(0, () => ({ excludes: ['alice-contact'] })),
      misses: 'an assertion the task rule does not hold up (Alice’s user item stays out either way)',
      because: /stay green with .* off/,
    },
    {
      lesson: 'cache-without-user',
      task: 'guard-the-rule',
      nearMiss: replacingOp(0, () => ['bob-style']),
      misses: 'an assertion that is red even with every rule on',
      because: /red even with every rule on/,
    },
  ],
  newUserLeaks: [
    {
      lesson: 'seed-alice-bob',
      task: 'third-user',
      nearMiss: withoutOp(2),
      misses: 'Carol writes, but Bob never asks after her write',
      because: /^No item of carol reaches a naive request of bob/,
    },
    {
      lesson: 'no-group-means-every-group',
      task: 'third-user',
      nearMiss: replacingOp(0, merged({ as: ['alice', 'task-5', 'planner'] })),
      misses: 'the same note written by Alice, whom the lesson already names',
      because: /names no user that the lesson does not/,
    },
  ],
  scorerLeak: [
    {
      lesson: 'router-authorize-before-ranking',
      task: 'add-scorer-leak',
      nearMiss: replacingOp(0, merged({ context: 'private-room' })),
      misses: 'the same recall from the private room, which may read the private bank',
      because: /naive scorer was not handed private-2 from a bank/,
    },
  ],
  foreignRecord: [
    {
      lesson: 'memtool-session-scope',
      task: 'add-foreign-search',
      nearMiss: ownOrgSearch,
      misses: "the same search naming the session's own organisation",
      because: /handed back nothing of org_4471/,
    },
    {
      lesson: 'memtool-session-scope',
      task: anyForeignTask,
      nearMiss: ownOrgSearch,
      misses: "the same search naming the session's own organisation, for a task that names no organisation",
      because: /handed back nothing of another organisation/,
    },
  ],
};

/** The kinds each engine's schema accepts: the closed set, read from the schemas themselves. */
const schemaKinds = [storeGoalSchema, routerGoalSchema, memtoolGoalSchema].flatMap((schema) =>
  schema.def.options.map((option) => option.def.shape.kind.def.values[0]),
);

function lessonParts(id: string) {
  const lesson = lessonById(id);
  if (lesson === undefined) throw new Error(`no lesson ${id}`);
  const path = lesson.file === 'scenario.json' ? 'fixtures/scenario.json' : `fixtures/lessons/${lesson.file}`;
  const parsed = parseLessonExercises(lesson.engine, projectText(`fixtures/exercises/${id}.json`));
  if (parsed.kind === 'invalid') throw new Error(JSON.stringify(parsed.problems));
  return { engine: lesson.engine, text: projectText(path), ...parsed.scenario };
}

/** The verdict on the pair's task with `solution` applied, as `replay --check --solution` gives it. */
function verdictWith(pair: Pair, solution: Solution) {
  const { engine, text, exercises } = lessonParts(pair.lesson);
  const task = typeof pair.task === 'string' ? exercises.find((exercise) => exercise.id === pair.task) : pair.task;
  if (task === undefined) throw new Error(`${pair.lesson} has no task ${String(pair.task)}`);
  const solved = solvedText(text, solution);
  if (solved.kind === 'invalid') throw new Error(JSON.stringify(solved.problems));
  const outcome = verifyLessonTasks(engine, [task], { lesson: text, scenario: solved.text }, solved.actsFor);
  if (outcome.kind === 'invalid') throw new Error(JSON.stringify(outcome.problems));
  return { goal: task.goal, verdict: outcome.verdicts[0]! };
}

describe('the pairs', () => {
  it('cover every goal kind the schemas accept, and no other', () => {
    expect(Object.keys(PAIRS).sort()).toEqual([...new Set(schemaKinds)].sort());
    for (const pairs of Object.values(PAIRS)) expect(pairs.length).toBeGreaterThan(0);
  });
});

const rows = Object.entries(PAIRS).flatMap(([kind, pairs]) =>
  pairs.map((pair) => [kind, pair.lesson, typeof pair.task === 'string' ? pair.task : pair.task.id, pair] as const),
);

describe.each(rows)('%s (%s, task %s)', (kind, _lesson, _task, pair) => {
  const solution = pair.solution ?? lessonParts(pair.lesson).solution;
  if (solution === undefined) throw new Error(`${pair.lesson} has no reference solution`);

  it('is met by the reference solution', () => {
    const { goal, verdict } = verdictWith(pair, solution);
    expect(goal.kind).toBe(kind);
    expect(verdict).toMatchObject({ met: true });
  });

  it(`is not met by a near miss: ${pair.misses}`, () => {
    const { verdict } = verdictWith(pair, pair.nearMiss(solution));
    expect(verdict).toMatchObject({ met: false, reason: expect.stringMatching(pair.because) });
  });
});
