import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayText, type Timeline } from '../replay/replayText';
import { ALL_RULES } from '../store/rules';
import { MAX_LOCATED_REJECTIONS, rejectionProblems, sortedByLine } from './rejections';

const SEED = readFileSync('fixtures/scenario.json', 'utf8');

function rejectedIn(change: (scenario: { steps: Record<string, unknown>[] }) => void) {
  const scenario = JSON.parse(SEED);
  change(scenario);
  const text = JSON.stringify(scenario, null, 2);
  const outcome = replayText(text);
  if (outcome.kind !== 'ok') throw new Error('the scenario is valid');
  return { text, problems: rejectionProblems(outcome.timeline, text) };
}
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('rejected steps as problems (issue 15, item 8)', () => {
  it('locate a typo’d scope on its own line and name the value', () => {
    const { text, problems } = rejectedIn((s) => (s.steps[2]!.scope = 'tsak'));
    expect(problems).toEqual([
      expect.objectContaining({
        path: 'steps[2].scope',
        message:
          'the store rejected step 3 (scope "tsak"): principals write user, task or agent items; app items come from configuration',
        line: lineOf(text, '"tsak"'),
      }),
    ]);
  });

  it('locate an unknown handoff target and name it, sorted by line with other rejections', () => {
    const { text, problems } = rejectedIn((s) => {
      s.steps.find((step) => step.op === 'handoff')!.to = 'nobody';
      s.steps[2]!.scope = 'tsak';
    });
    expect(problems.map((p) => [p.path, p.line])).toEqual([
      ['steps[2].scope', lineOf(text, '"tsak"')],
      ['steps[5].to', lineOf(text, '"nobody"')],
    ]);
    expect(problems[1]!.message).toBe(
      'the store rejected step 6 (to "nobody"): hand off to a different, configured agent',
    );
  });

  it('leave out a step that expects its rejection', () => {
    const { problems } = rejectedIn((s) => {
      s.steps[2]!.scope = 'tsak';
      s.steps[2]!.expect = { rejected: 'principals write' };
    });
    expect(problems).toEqual([]);
  });

  it('locate at most a bounded number, then say how many more', () => {
    const { problems } = rejectedIn((s) => {
      const write = s.steps[2]!;
      s.steps = Array.from({ length: MAX_LOCATED_REJECTIONS + 5 }, () => ({ ...write, scope: 'tsak' }));
    });
    expect(problems).toHaveLength(MAX_LOCATED_REJECTIONS + 1);
    expect(problems.at(-1)).toEqual({ path: 'steps', message: '… and 5 more rejected steps' });
  });
});

describe('the field a refusal is about, read from its code', () => {
  type Steps = Record<string, unknown>[];
  const LONG_ID = 'a'.repeat(100);
  it.each<[string, (steps: Steps) => void, string, string]>([
    ['a blank text', (s) => (s[0]!.text = '   '), 'steps[0].text', 'text "   "'],
    ['an ID written twice', (s) => (s[1]!.id = 'alice-contact'), 'steps[1].id', 'id "alice-contact"'],
    ['a reserved ID', (s) => (s[0]!.id = 'handoff-9'), 'steps[0].id', 'id "handoff-9"'],
    ['a malformed ID', (s) => (s[0]!.id = 'Alice Contact'), 'steps[0].id', 'id "Alice Contact"'],
    [
      'a malformed principal',
      (s) => (s[0]!.as = ['Alice', 'task-9', 'planner']),
      'steps[0].as',
      'as ["Alice","task-9","planner"]',
    ],
    [
      'an item listed twice',
      (s) => (s[5]!.items = ['bob-export-plan', 'bob-export-plan']),
      'steps[5].items',
      'items ["bob-export-plan","bob-export-plan"]',
    ],
    [
      'an item the sender cannot read',
      (s) => (s[5]!.items = ['alice-contact']),
      'steps[5].items',
      'items ["alice-contact"]',
    ],
    [
      'an unknown agent',
      (s) => (s[6]!.as = ['bob', 'task-17', 'auditor']),
      'steps[6].as',
      'as ["bob","task-17","auditor"]',
    ],
    [
      'a sender with no delegate tool',
      (s) => (s[5]!.as = ['bob', 'task-17', 'researcher']),
      'steps[5].as',
      'as ["bob","task-17","researcher"]',
    ],
    ['a long value, cut short', (s) => (s[0]!.id = LONG_ID), 'steps[0].id', `id "${'a'.repeat(76)}…`],
    ['a value of 80 characters, whole', (s) => (s[0]!.id = 'a'.repeat(78)), 'steps[0].id', `id "${'a'.repeat(78)}")`],
  ])('marks %s at its field and names its value', (_what, change, path, value) => {
    const { problems } = rejectedIn((scenario) => change(scenario.steps));
    expect(problems[0]).toMatchObject({ path });
    expect(problems[0]!.message).toContain(` (${value}`);
    expect(problems[0]!.line).toBeGreaterThan(1);
  });

  it('marks an import refused for its ID at the ID', () => {
    const { text, problems } = rejectedIn((s) => {
      s.steps.splice(1, 0, { op: 'import', id: 'Legacy Review', text: 'An old note.' });
    });
    expect(problems).toEqual([
      expect.objectContaining({
        path: 'steps[1].id',
        message: `the store rejected step 2 (id "Legacy Review"): item.id must match [a-z0-9][a-z0-9-]{0,63}`,
        line: lineOf(text, '"Legacy Review"'),
      }),
    ]);
  });

  it('marks the whole step when no field of it is to blame', () => {
    const entry = { index: 1, version: 1, size: 1 };
    const timeline = {
      agents: [],
      rules: ALL_RULES,
      lives: [],
      entries: [
        { index: 0, step: null, outcome: { kind: 'configured', items: [] }, version: 0, size: 0 },
        {
          ...entry,
          step: { op: 'close_task', user: 'bob', task: 'task 1' },
          outcome: {
            kind: 'rejected',
            reason: 'principal.task must match a pattern',
            code: 'invalidIdentifier',
            itemId: null,
          },
        },
        {
          ...entry,
          index: 2,
          step: { op: 'close_task', user: 'Bob', task: 'task-1' },
          outcome: {
            kind: 'rejected',
            reason: 'principal.user must match a pattern',
            code: 'invalidIdentifier',
            itemId: null,
          },
        },
        {
          ...entry,
          index: 3,
          step: { op: 'query', as: ['bob', 'task-1', 'auditor'], current: 'Q?' },
          outcome: {
            kind: 'rejected',
            reason: 'agent auditor reads unknown scopes',
            code: 'invalidAgent',
            itemId: null,
          },
        },
      ],
    } as unknown as Timeline;
    const text = '{"steps": [\n{"op": "close_task"},\n{"op": "close_task"},\n{"op": "query"}\n]}';
    expect(rejectionProblems(timeline, text).map((p) => [p.path, p.line, p.message])).toEqual([
      ['steps[0].task', 2, 'the store rejected step 1 (task "task 1"): principal.task must match a pattern'],
      ['steps[1].user', 3, 'the store rejected step 2 (user "Bob"): principal.user must match a pattern'],
      ['steps[2]', 4, 'the store rejected step 3: agent auditor reads unknown scopes'],
    ]);
  });
});

describe('sortedByLine', () => {
  it('orders problems by line, then column, those without a line last, and keeps ties in order', () => {
    const problems = [
      { path: 'a', message: 'no line' },
      { path: 'b', message: 'line 3', line: 3, column: 5 },
      { path: 'c', message: 'line 3 first', line: 3, column: 2 },
      { path: 'd', message: 'line 1', line: 1 },
      { path: 'e', message: 'line 3 again', line: 3, column: 2 },
    ];
    expect(sortedByLine(problems).map((p) => p.path)).toEqual(['d', 'c', 'e', 'b', 'a']);
    expect(problems.map((p) => p.path)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
