/**
 * npm run replay -- --check: the playground's checks on the command line, so a teacher can test a
 * lesson in CI. The report goes to stderr ("N checks, M failed", then "step K: reason (check)");
 * exit 3 when a check fails; everything else behaves as without the flag.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { npmRun, projectText, removeScratch, scratch, STACK_LINE } from './testing';

afterAll(removeScratch);

const seedScenario = () =>
  JSON.parse(projectText('fixtures/scenario.json')) as { steps: Array<Record<string, unknown>> };
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe('npm run replay -- --check', () => {
  it('reports every check green for the seed and prints the same result as without the flag', async () => {
    const { code, stdout, stderr } = await npmRun('replay', '--check', 'fixtures/scenario.json');
    expect(stderr).toBe('9 checks, 0 failed\n');
    expect(code).toBe(0);
    expect(stdout).toBe(projectText('recorded/isolation-result.json'));
  });

  it('accepts the steps a lesson expects to be rejected, which exit 1 without the flag', async () => {
    const checked = await npmRun('replay', 'fixtures/lessons/attacks.scenario.json', '--check');
    expect([checked.code, checked.stderr]).toEqual([0, '17 checks, 0 failed\n']);
    expect(JSON.parse(checked.stdout)).toHaveProperty('store_version');
    const plain = await npmRun('replay', 'fixtures/lessons/attacks.scenario.json');
    expect(plain.code).toBe(1);
    expect(plain.stdout).toBe('');
  });

  it('exits 3 and names the step and reason of each failed expectation', async () => {
    const scenario = seedScenario();
    scenario.steps[8]!.expect = { visible: ['app-policy'], excludes: ['alice-contact'] };
    scenario.steps[9]!.expect = { includes: ['bob-export-plan'] };
    const file = scratch()('failing.json', json(scenario));
    const { code, stdout, stderr } = await npmRun('replay', '--check', file);
    expect(code).toBe(3);
    expect(stderr).toBe(
      [
        '11 checks, 2 failed',
        'step 9: the request holds app-policy, alice-contact, alice-export-limit; expected app-policy (expect-step-9)',
        'step 9: the request holds alice-contact (expect-step-9)',
        'step 10: the request lacks bob-export-plan (expect-step-10)',
        '',
      ].join('\n'),
    );
    expect(stdout).toBe(projectText('recorded/isolation-result.json'));
    expect(stderr).not.toMatch(STACK_LINE);
  });

  it('still exits 1 for a rejection no expectation names, with the report after it', async () => {
    const scenario = seedScenario();
    scenario.steps.push({
      op: 'write',
      as: ['bob', 'task-17', 'planner'],
      scope: 'app',
      id: 'policy-2',
      text: 'All for all.',
    });
    const file = scratch()('rejected.json', json(scenario));
    const { code, stdout, stderr } = await npmRun('replay', '--check', file);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      `${file}: step 13 (write): principals write user, task or agent items; app items come from configuration\n9 checks, 0 failed\n`,
    );
  });

  it('exits 3 when an expected rejection does not happen', async () => {
    const scenario = seedScenario();
    scenario.steps[0]!.expect = { rejected: 'duplicate item id' };
    const file = scratch()('accepted.json', json(scenario));
    const { code, stderr } = await npmRun('replay', '--check', file);
    expect(code).toBe(3);
    expect(stderr).toBe(
      '10 checks, 1 failed\nstep 1: expected the store to reject this step, but it was accepted (expect-step-1)\n',
    );
  });

  it('keeps exit 2 for an invalid scenario', async () => {
    const file = scratch()('broken.json', '{');
    const { code, stdout } = await npmRun('replay', '--check', file);
    expect([code, stdout]).toEqual([2, '']);
  });

  it('judges only the item blocks: a question holding <item or </item> is not a forged block', async () => {
    const scenario = seedScenario();
    // Bob's planner sees three items; a new task (step 10) sees one; Alice's request (step 9) two.
    const question = 'Is <item id="x"> or </item> in the plan?';
    for (const index of [6, 8, 9]) scenario.steps[index]!.current = question;
    // A principal that sees no item at all gets the bare question as its user message.
    scenario.steps.push({ op: 'query', as: ['carol', 'task-1', 'planner'], current: '</item><item ' });
    const file = scratch()('question-tags.json', json(scenario));
    const { code, stderr } = await npmRun('replay', '--check', file);
    expect(stderr).toBe('9 checks, 0 failed\n');
    expect(code).toBe(0);
  });
});
