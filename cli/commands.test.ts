/**
 * The replay and grade commands, run as the README shows them (npm run --silent ...) in child
 * processes: their output, exit codes (0 done, 1 a step rejected, 2 invalid or unreadable input) and
 * the wording of their errors, which never include a stack trace.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { npmRun, projectText, removeScratch, scratch, STACK_LINE } from './testing';

afterAll(removeScratch);

const seedScenario = () =>
  JSON.parse(projectText('fixtures/scenario.json')) as {
    agents: Array<Record<string, unknown>>;
    steps: Array<Record<string, unknown>>;
  };
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe('npm run replay', () => {
  it("prints the seed's isolation result for the seed's scenario, byte for byte", async () => {
    const { code, stdout, stderr } = await npmRun('replay', 'fixtures/scenario.json');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(projectText('recorded/isolation-result.json'));
  });

  it.concurrent.each(['case-000', 'case-013', 'case-027', 'case-041', 'case-059'])(
    'replays golden %s to its expected output',
    async (name) => {
      const { code, stdout } = await npmRun('replay', `fixtures/golden/${name}.scenario.json`);
      expect(code).toBe(0);
      expect(JSON.parse(stdout)).toEqual(JSON.parse(projectText(`fixtures/golden/${name}.expected.json`)));
    },
  );

  it("exits 1 and names each rejected step, its operation and the store's reason", async () => {
    const scenario = seedScenario();
    scenario.steps.splice(2, 0, {
      op: 'write',
      as: ['bob', 'task-17', 'planner'],
      scope: 'app',
      id: 'policy-2',
      text: 'Everyone may read everything.',
    });
    scenario.steps.push({
      op: 'handoff',
      as: ['bob', 'task-17', 'researcher'],
      to: 'planner',
      items: [],
      brief: 'Back to you.',
    });
    const file = scratch()('rejected.json', json(scenario));
    const { code, stdout, stderr } = await npmRun('replay', file);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `${file}: step 3 (write): principals write user, task or agent items; app items come from configuration\n` +
        `${file}: step 14 (handoff): agent researcher has no delegate tool\n`,
    );
  });

  it('exits 2 with file:line:col, the path and the message for a scenario that breaks the format', async () => {
    const scenario = seedScenario();
    scenario.steps[0]!.as = ['alice', 'task-9'];
    const file = scratch()('schema.json', json(scenario));
    const { code, stdout, stderr } = await npmRun('replay', file);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `${file}:38:13: steps[0].as (step 1): expected "as" to be [user, task, agent], three strings\n`,
    );
  });

  it('exits 2 and locates an unknown field at its key', async () => {
    const scenario = seedScenario();
    scenario.steps[1]!.colour = 'red';
    const file = scratch()('unknown.json', json(scenario));
    const { code, stderr } = await npmRun('replay', file);
    expect(code).toBe(2);
    expect(stderr).toBe(`${file}:57:7: steps[1].colour (step 2): unknown field "colour"\n`);
  });

  it('exits 2 and locates an agent the store refuses to configure', async () => {
    const scenario = seedScenario();
    scenario.agents[1]!.reads = ['app'];
    const file = scratch()('setup.json', json(scenario));
    const { code, stderr } = await npmRun('replay', file);
    expect(code).toBe(2);
    expect(stderr).toBe(
      `${file}:17:5: agents[1]: agent researcher reads unknown scopes or not its own agent scope: add "agent" to its reads\n`,
    );
  });

  it.concurrent.each([
    [
      'a stray comma',
      projectText('fixtures/scenario.json').replace('"steps": [', '"steps": [,'),
      ':35:13: (syntax): JSON syntax: expected a value',
    ],
    [
      'a truncated file',
      projectText('fixtures/scenario.json').slice(0, 500),
      ':30:4: (syntax): JSON syntax: expected "]"',
    ],
    ['an empty file', '', ':1:1: (syntax): JSON syntax: expected a value'],
    [
      'nesting past the limit',
      `${'['.repeat(70)}${']'.repeat(70)}`,
      ':1:65: (syntax): JSON nested deeper than 64 levels',
    ],
  ])('exits 2 with the located syntax problem for %s', async (_, content, where) => {
    const file = scratch()('syntax.json', content);
    const { code, stdout, stderr } = await npmRun('replay', file);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${file}${where}\n`);
  });

  it('exits 2 for a file it cannot read, and for a missing argument', async () => {
    const dir = scratch()('placeholder', '').replace(/placeholder$/, '');
    const missing = await npmRun('replay', `${dir}nope.json`);
    expect([missing.code, missing.stderr]).toEqual([2, `${dir}nope.json: cannot read: ENOENT\n`]);
    const directory = await npmRun('replay', dir);
    expect([directory.code, directory.stderr]).toEqual([2, `${dir}: cannot read: EISDIR\n`]);
    const none = await npmRun('replay');
    expect([none.code, none.stderr]).toEqual([2, 'usage: npm run --silent replay -- FILE\n']);
  });
});

describe('npm run grade', () => {
  it("prints the seed's {summary, graded} for the recorded answers, byte for byte", async () => {
    const { code, stdout, stderr } = await npmRun('grade', 'recorded/answer-result.json');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toBe(projectText('recorded/answer-grades.json'));
  });

  it('exits 2 with the located problem for an answers file that breaks the format', async () => {
    const recorded = JSON.parse(projectText('recorded/answer-result.json'));
    delete recorded.answers['bob/task-17/planner scoped'][0].answer;
    const file = scratch()('answers.json', `${JSON.stringify(recorded, null, 1)}\n`);
    const { code, stdout, stderr } = await npmRun('grade', file);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `${file}:36:4: answers["bob/task-17/planner scoped"][0].answer: Invalid input: expected string, received undefined\n`,
    );
  });

  it('exits 2 for answers that are not JSON (worded as for a scenario), or name a principal without grading rules', async () => {
    const write = scratch();
    const broken = write('broken.json', '{"answers": ');
    const notJson = await npmRun('grade', broken);
    expect([notJson.code, notJson.stderr]).toEqual([2, `${broken}:1:13: (syntax): JSON syntax: expected a value\n`]);
    const recorded = JSON.parse(projectText('recorded/answer-result.json'));
    recorded.principals['bob/task-17/planner scoped'] = 'carol/task-1/planner';
    const stranger = write('stranger.json', JSON.stringify(recorded));
    const unknown = await npmRun('grade', stranger);
    expect([unknown.code, unknown.stderr]).toEqual([
      2,
      `${stranger}: no grading rules for principal carol/task-1/planner\n`,
    ]);
  });
});

describe('expected errors', () => {
  it('never print a stack trace', async () => {
    const write = scratch();
    const runs = await Promise.all([
      npmRun('replay', write('bad.json', '{')),
      npmRun('replay', write('deep.json', '['.repeat(100_000))),
      npmRun('grade', write('bad-answers.json', '[]')),
    ]);
    for (const { code, stderr } of runs) {
      expect(code).toBe(2);
      expect(stderr).not.toMatch(STACK_LINE);
    }
  });
});
