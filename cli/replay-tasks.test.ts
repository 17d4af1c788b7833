/**
 * npm run replay -- --check with exercises: one line per task after the checks ("N tasks, M met", then
 * "task ID: met: reason" or "task ID: not met: reason"). --lesson ID takes the gallery lesson's tasks;
 * --solution applies its reference solution and exits 4 when a task is still unmet; --step and
 * --rule-off are the learner's acts. Router and memtool lessons are checked the same way.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { lessonById, LESSONS } from '../src/core/lessons/catalogue';
import { npmRun, projectText, removeScratch, scratch, STACK_LINE } from './testing';

afterAll(removeScratch);

const taskLines = (stderr: string) => stderr.split('\n').filter((line) => line.startsWith('task '));
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
/** The seed scenario as a value, for scratch lessons built on it. */
const seedValue = () => JSON.parse(projectText('fixtures/scenario.json')) as Record<string, unknown>;
/** A task the scratch lessons below share: select step 7. */
const PICK_STEP_7 = {
  id: 'pick',
  task: 'Select step 7.',
  goal: { kind: 'stepSelected', step: 7 },
  hints: ['a', 'b'],
  answer: '7',
};

describe.each(LESSONS.map((lesson) => [lesson.id]))('npm run replay -- --check --lesson %s', (id) => {
  it('reports every task met with --solution, and none on the unedited lesson', async () => {
    const solved = await npmRun('replay', '--check', '--solution', '--lesson', id);
    expect(solved.code).toBe(0);
    const met = taskLines(solved.stderr);
    expect(met.length).toBeGreaterThanOrEqual(2);
    expect(met.filter((line) => !/^task [\w-]+: met: /.test(line))).toEqual([]);
    const plain = await npmRun('replay', '--check', '--lesson', id);
    // The vector lesson ships on pgvector's defaults (no iterative scan), the side its tasks fix: its
    // k-rows check is red until then (exit 3). Every other lesson ships on its safe side.
    expect(plain.code).toBe(lessonById(id)!.engine === 'vector' ? 3 : 0);
    const unmet = taskLines(plain.stderr);
    expect(unmet).toHaveLength(met.length);
    expect(unmet.filter((line) => !/^task [\w-]+: not met: /.test(line))).toEqual([]);
  });
});

describe('tasks on the command line', () => {
  it('prints the seed result of the solved scenario, the checks, then one line per task', async () => {
    const { code, stdout, stderr } = await npmRun('replay', '--solution', '--lesson', 'seed-alice-bob');
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toHaveProperty('store_version');
    expect(stderr.split('\n').slice(0, 3)).toEqual([
      '10 checks, 0 failed',
      '5 tasks, 5 met',
      expect.stringMatching(/^task mark-what-the-task-rule-keeps: met: You marked bob-export-plan, planner-scratch/),
    ]);
  });

  it('withholds, for a learner, the naive verdicts the reveal rule hides, until the task about them is answered', async () => {
    type Step = { principal?: string; naive_other_user_items?: string[]; withheld?: string };
    const queries = (stdout: string) => (JSON.parse(stdout) as { steps: Step[] }).steps.filter((s) => s.principal);
    const fresh = queries((await npmRun('replay', '--lesson', 'seed-alice-bob')).stdout);
    // Step 7, where a first visit lands, keeps its verdict; step 8 on waits for the tasks about them.
    expect(fresh[0]).toMatchObject({ naive_other_user_items: ['alice-export-limit'] });
    expect(fresh[1]).not.toHaveProperty('naive_other_user_items');
    expect(fresh[1]!.withheld).toBe('which naive items leak: answer task which-rule-agent first');
    const answered = queries(
      (await npmRun('replay', '--lesson', 'seed-alice-bob', '--choose', '8:planner-scratch:agentCheck')).stdout,
    );
    expect(answered[1]).toMatchObject({ naive_other_user_items: ['alice-export-limit'] });
    expect(answered[2]).toHaveProperty('withheld');
    const solved = queries((await npmRun('replay', '--solution', '--lesson', 'seed-alice-bob')).stdout);
    expect(solved.filter((s) => s.withheld !== undefined)).toEqual([]);
  });

  it('takes the acts from --step and --rule-off, judging a learner file against the lesson', async () => {
    const seed = seedValue();
    const file = scratch()(
      'acts.json',
      json({
        ...seed,
        exercises: [
          PICK_STEP_7,
          {
            id: 'off',
            task: 'Switch off taskCheck alone.',
            goal: { kind: 'ruleOff', rule: 'taskCheck', only: true },
            hints: ['a', 'b'],
            answer: 'x',
          },
        ],
      }),
    );
    const { code, stderr } = await npmRun(
      'replay',
      '--step',
      '7',
      '--rule-off',
      'taskCheck',
      '--rule-off',
      'escaping',
      file,
    );
    expect(code).toBe(0);
    expect(taskLines(stderr)).toEqual([
      'task pick: met: Step 7 is selected.',
      'task off: not met: The right rule is off, but so is “Item text is escaped”: switch it back on.',
    ]);
  });

  it('takes the act log from --see, --mark, --predict and --choose, in the order given', async () => {
    const lesson = ['replay', '--lesson', 'seed-alice-bob', 'fixtures/scenario.json'] as const;
    const right = await npmRun(
      ...lesson,
      '--predict',
      '9:bob-export-plan',
      '--choose',
      '8:planner-scratch:agentCheck',
      '--mark',
      '10:bob-export-plan',
      '--mark',
      '10:planner-scratch',
    );
    expect(right.code).toBe(0);
    expect(taskLines(right.stderr).slice(0, 3)).toEqual([
      "task mark-what-the-task-rule-keeps: met: You marked bob-export-plan, planner-scratch: what step 10's scoped request with “A task item stays in its task” off leaks.",
      'task predict-alice: met: You predicted that bob-export-plan leaks at step 9, before seeing it: right.',
      expect.stringMatching(
        /^task which-rule-agent: met: "It is another agent's item": the store keeps planner-scratch out at step 8: the planner's scratch, you are the researcher\.$/,
      ),
    ]);
    // The prediction made after step 9 was seen does not count; the first rule chosen is final.
    const late = await npmRun(
      ...lesson,
      '--see',
      '9',
      '--predict',
      '9:bob-export-plan',
      '--choose',
      '8:planner-scratch:userCheck',
      '--choose',
      '8:planner-scratch:agentCheck',
    );
    expect(late.code).toBe(0);
    expect(taskLines(late.stderr).slice(1, 3)).toEqual([
      expect.stringMatching(/^task predict-alice: not met: You saw step 9 before predicting it/),
      expect.stringMatching(/^task which-rule-agent: not met: You chose "It belongs to another user"/),
    ]);
    const bad = await npmRun(...lesson, '--choose', '10:bob-export-plan:noSuchRule');
    expect([bad.code, bad.stderr]).toEqual([
      2,
      expect.stringMatching(/^--choose 10:bob-export-plan:noSuchRule: expected K:ITEM:RULE/),
    ]);
  });

  it("exits 4 when a file's own solution leaves a task unmet, and names it", async () => {
    const seed = seedValue();
    const file = scratch()(
      'lesson.json',
      json({
        ...seed,
        exercises: [
          PICK_STEP_7,
          {
            id: 'off',
            task: 'Switch off taskCheck.',
            goal: { kind: 'ruleOff', rule: 'taskCheck' },
            hints: ['a', 'b'],
            answer: 'x',
          },
        ],
        solution: { acts: { selectedStep: 7 } },
      }),
    );
    const { code, stderr } = await npmRun('replay', '--check', '--solution', file);
    expect(code).toBe(4);
    expect(taskLines(stderr)).toEqual([
      'task pick: met: Step 7 is selected.',
      'task off: not met: No rule is switched off yet.',
    ]);
    expect(stderr).not.toMatch(STACK_LINE);
    // Without --solution an unmet task is the learner's state, not a failure.
    expect((await npmRun('replay', '--check', file)).code).toBe(0);
  });

  it('exits 2 for an unknown lesson, an unknown rule, or a solution whose patch does not apply', async () => {
    expect((await npmRun('replay', '--check', '--lesson', 'no-such-lesson')).code).toBe(2);
    const rule = await npmRun('replay', '--lesson', 'seed-alice-bob', '--rule-off', 'noSuchRule');
    expect([rule.code, rule.stderr]).toEqual([2, expect.stringMatching(/^--rule-off noSuchRule: no such rule/)]);
    const seed = seedValue();
    const file = scratch()(
      'bad-patch.json',
      json({
        ...seed,
        exercises: [PICK_STEP_7],
        solution: { patch: [{ op: 'replace', path: '/steps/40/expect', value: {} }] },
      }),
    );
    const bad = await npmRun('replay', '--check', '--solution', file);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      `${file}: solution: solution.patch[0]: replace at "/steps/40/expect": index 40 is past the end (the array holds 12)\n`,
    ]);
  });

  it('says to use --check for a router or memtool lesson, which has no seed result', async () => {
    const file = 'fixtures/lessons/router-authorize-before-ranking.json';
    expect(await npmRun('replay', file)).toEqual({
      code: 2,
      stdout: '',
      stderr: `${file}: a router lesson has no seed result to print: run it with --check\n`,
    });
    const checked = await npmRun('replay', '--check', 'fixtures/lessons/memtool-session-scope.json');
    expect([checked.code, checked.stdout, checked.stderr]).toEqual([0, '', '17 checks, 0 failed\n']);
  });

  it('locates a bad goal in a scenario file like any other schema problem', async () => {
    const seed = seedValue();
    const file = scratch()(
      'bad-goal.json',
      json({
        ...seed,
        exercises: [{ id: 'x', task: 'Do.', goal: { kind: 'stepSelected', step: 0 }, hints: ['a', 'b'], answer: 'y' }],
      }),
    );
    const { code, stderr } = await npmRun('replay', '--check', file);
    expect(code).toBe(2);
    expect(stderr).toMatch(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: exercises\\[0\\]\\.goal\\.step: `),
    );
  });
});
