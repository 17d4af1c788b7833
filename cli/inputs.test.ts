/**
 * What the commands do with hostile files, the same for `replay` and `grade`: many problems are
 * capped in the report, bytes that are not UTF-8 and JSON nested too deep are refused with a
 * located message and exit 2, and a reader that closes the output early ends the command quietly.
 */
import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { npmRun, projectText, removeScratch, ROOT, scratch, STACK_LINE } from './testing';

afterAll(removeScratch);

const seedScenario = () => JSON.parse(projectText('fixtures/scenario.json')) as { steps: unknown[] };
const seedAnswers = () =>
  JSON.parse(projectText('recorded/answer-result.json')) as { answers: Record<string, Array<{ seed: unknown }>> };
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

describe('many problems', () => {
  it('lists the first 100 located problems of a scenario and counts the rest', async () => {
    const scenario = seedScenario();
    for (let i = 0; i < 20_000; i++) scenario.steps.push({ op: 'query', as: i, current: 'Which job?' });
    const text = json(scenario);
    const file = scratch()('many.json', text);
    const line = text.split('\n').findIndex((l) => l.endsWith('"as": 0,')) + 1;
    const { code, stdout, stderr } = await npmRun('replay', file);
    expect([code, stdout]).toEqual([2, '']);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[0]).toBe(
      `${file}:${line}:13: steps[12].as (step 13): expected "as" to be [user, task, agent], three strings`,
    );
    expect(lines[99]).toMatch(new RegExp(`^${file}:\\d+:13: steps\\[111\\]\\.as \\(step 112\\): `));
    expect(lines[100]).toBe('… and 19900 more');
  });

  it('caps the answers file problems of grade the same way', async () => {
    const recorded = seedAnswers();
    const answers = recorded.answers['bob/task-17/planner scoped']!;
    for (let i = 0; i < 300; i++) answers.push({ ...answers[0]!, seed: `s${i}` });
    const file = scratch()('many-answers.json', json(recorded));
    const { code, stderr } = await npmRun('grade', file);
    expect(code).toBe(2);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[0]).toMatch(
      new RegExp(`^${file}:\\d+:\\d+: answers\\["bob/task-17/planner scoped"\\]\\[5\\]\\.seed: `),
    );
    expect(lines[100]).toBe('… and 200 more');
  });

  it('caps the rejected steps it names', async () => {
    const scenario = seedScenario();
    for (let i = 0; i < 150; i++) {
      scenario.steps.push({ op: 'write', as: ['bob', 'task-17', 'planner'], scope: 'app', id: `p${i}`, text: 'x' });
    }
    const file = scratch()('rejected.json', json(scenario));
    const { code, stderr } = await npmRun('replay', file);
    expect(code).toBe(1);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(101);
    expect(lines[0]).toMatch(new RegExp(`^${file}: step 13 \\(write\\): `));
    expect(lines[100]).toBe('… and 50 more');
  });
});

describe('bytes that are not UTF-8', () => {
  // FF FE inside an item's text, on line 3: the seed's Python refuses the file.
  const bytes = (head: string, tail: string) =>
    Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xfe]), Buffer.from(tail)]);

  it.each([
    ['replay', projectText('fixtures/scenario.json')],
    ['grade', projectText('recorded/answer-result.json')],
  ])('%s refuses with the line and column of the first bad byte, exit 2', async (command, text) => {
    const at = text.indexOf('"text": "') + 9;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const line = text.slice(0, at).split('\n').length;
    const file = scratch()('bad.json', '');
    const { writeFileSync } = await import('node:fs');
    // "é" before the bad bytes: the column counts characters, not bytes.
    writeFileSync(file, bytes(`${text.slice(0, at)}é`, text.slice(at)));
    const { code, stdout, stderr } = await npmRun(command, file);
    expect([code, stdout]).toEqual([2, '']);
    const column = at - lineStart + 2;
    expect(stderr).toBe(
      `${file}:${line}:${column}: (encoding): not UTF-8: invalid byte sequence starting with 0xFF at byte offset ${at + 2}\n`,
    );
  });

  it('still reads UTF-8 text that is not ASCII', async () => {
    const text = projectText('fixtures/scenario.json').replace('Bob prefers', 'Bób prefers');
    const { code, stdout } = await npmRun('replay', scratch()('utf8.json', text));
    expect(code).toBe(0);
    expect(stdout).toContain('B\\u00f3b prefers');
  });
});

describe("numbers Python's json reads and JSON has not", () => {
  it('grade refuses a seed of NaN by name, at its line and column, exit 2', async () => {
    const text = projectText('recorded/answer-result.json');
    const at = text.indexOf('"seed": 1,') + '"seed": '.length;
    const line = text.slice(0, at).split('\n').length;
    const column = at - text.lastIndexOf('\n', at - 1);
    const file = scratch()('nan.json', `${text.slice(0, at)}NaN${text.slice(at + 1)}`);
    const { code, stdout, stderr } = await npmRun('grade', file);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe(
      `${file}:${line}:${column}: (syntax): JSON syntax: NaN is not a JSON value (JSON has no NaN or Infinity)\n`,
    );
  });
});

describe('nesting', () => {
  const TOO_DEEP = ':1:65: (syntax): JSON nested deeper than 64 levels';

  it.each([
    ['brackets that never close', '['.repeat(6_000)],
    ['valid JSON nested 6,000 deep', `${'['.repeat(6_000)}${']'.repeat(6_000)}`],
    ['an answers file nested 6,000 deep', `{"answers": ${'{"a": '.repeat(6_000)}1${'}'.repeat(6_001)}`],
  ])('grade refuses %s with the same located message as replay', async (_, text) => {
    const file = scratch()('deep.json', text);
    const [graded, replayed] = await Promise.all([npmRun('grade', file), npmRun('replay', file)]);
    expect(graded.stderr).not.toMatch(STACK_LINE);
    expect(graded.code).toBe(2);
    expect(graded.stderr).toBe(replayed.stderr);
    expect(graded.stderr).toMatch(/^.+:1:\d+: \(syntax\): JSON nested deeper than 64 levels\n$/);
  });

  it('refuses 100,000 deep answers at the 65th bracket', async () => {
    const file = scratch()('deeper.json', '['.repeat(100_000));
    const { code, stderr } = await npmRun('grade', file);
    expect([code, stderr]).toEqual([2, `${file}${TOO_DEEP}\n`]);
  });
});

/** Run a command, read its first bytes, then close the read end of its stdout, as `| head -c 10` does. */
function readThenClose(
  args: string[],
): Promise<{ code: number | null; signal: string | null; head: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let head = '';
    let stderr = '';
    child.stdout.once('data', (chunk: Buffer) => {
      head = chunk.subarray(0, 10).toString();
      child.stdout.destroy();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, head, stderr }));
  });
}

describe('a reader that closes the output early', () => {
  // Far more than a pipe holds (64 KB), so the command is still writing when the pipe closes.
  const bigScenario = () => {
    const scenario = seedScenario() as { steps: Array<Record<string, unknown>> };
    const queries = scenario.steps.filter((step) => step.op === 'query');
    for (let i = 0; i < 400; i++) scenario.steps.push(...queries);
    return scenario;
  };
  const big = () => scratch()('big.json', json(bigScenario()));

  it.each([
    ['replay', []],
    ['replay', ['--check']],
  ])('%s %j ends quietly with exit 0, the verdict it would have given', async (command, flags) => {
    const { code, signal, head, stderr } = await readThenClose(['scripts/cli.mjs', command, ...flags, big()]);
    expect(head).toBe('{\n  "store');
    expect(stderr).not.toMatch(STACK_LINE);
    expect([code, signal]).toEqual([0, null]);
    expect(stderr).toBe(flags.length > 0 ? '9 checks, 0 failed\n' : '');
  });

  it('replay --check keeps exit 3 for a failed check when the output is cut', async () => {
    const scenario = bigScenario();
    scenario.steps[6] = { ...scenario.steps[6], expect: { includes: ['alice-contact'] } };
    const file = scratch()('big-failing.json', json(scenario));
    const { code, stderr } = await readThenClose(['scripts/cli.mjs', 'replay', '--check', file]);
    expect(code).toBe(3);
    expect(stderr).toMatch(/^\d+ checks, 1 failed\nstep 7: /);
  });

  it('replay --check caps the failures it lists', async () => {
    const scenario = bigScenario();
    scenario.steps = scenario.steps.map((step) =>
      step.op === 'query' ? { ...step, expect: { includes: ['x'] } } : step,
    );
    const file = scratch()('many-failing.json', json(scenario));
    const { code, stderr } = await readThenClose(['scripts/cli.mjs', 'replay', '--check', file]);
    expect(code).toBe(3);
    const lines = stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(102);
    expect(lines[0]).toMatch(/^\d+ checks, 2005 failed$/);
    expect(lines[101]).toBe('… and 1905 more');
  });

  it('grade ends quietly with exit 0', async () => {
    const recorded = seedAnswers();
    const answers = recorded.answers['bob/task-17/planner scoped']!;
    for (let i = 0; i < 3_000; i++) answers.push({ ...answers[0]!, seed: i });
    const file = scratch()('big-answers.json', json(recorded));
    const { code, head, stderr } = await readThenClose(['scripts/cli.mjs', 'grade', file]);
    expect(head).toBe('{\n  "summa');
    expect([code, stderr]).toEqual([0, '']);
  });
});
