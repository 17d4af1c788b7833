/** The memtool checks: green for the safe tools on the lesson, red for the naive ones, where they break. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayMemtool, replayMemtoolText, type MemtoolTimeline } from './replay';
import { memtoolScenarioSchema } from './scenario';
import { checkMemtoolExpectations, checkMemtoolInvariants, runMemtoolChecks, MEMTOOL_INVARIANTS } from './checks';

const LESSON = new URL('../../../fixtures/lessons/memtool-session-scope.json', import.meta.url);

function lesson(text = readFileSync(LESSON, 'utf8')): MemtoolTimeline {
  const outcome = replayMemtoolText(text);
  if (outcome.kind !== 'ok') throw new Error(JSON.stringify(outcome.problems));
  return outcome.timeline;
}

const red = (timeline: MemtoolTimeline, side: 'safe' | 'naive' = 'safe') =>
  runMemtoolChecks(timeline, side).filter((check) => !check.ok);
const failedSteps = (timeline: MemtoolTimeline, id: string) =>
  checkMemtoolInvariants(timeline, 'naive')
    .find((check) => check.id === id)
    ?.failures.map((f) => f.step);

describe('the memtool lesson', () => {
  it('passes every check and expectation with the safe tools', () => {
    expect(red(lesson())).toEqual([]);
  });

  it('turns every invariant red for the naive tools', () => {
    expect(red(lesson(), 'naive').map((check) => check.id)).toEqual(MEMTOOL_INVARIANTS.map((inv) => inv.id));
  });

  it('places each naive failure at the step that shows it', () => {
    const timeline = lesson();
    expect(failedSteps(timeline, 'identifiers-inert')).toEqual([1, 3]);
    expect(failedSteps(timeline, 'forget-no-oracle')).toEqual([4]);
    expect(failedSteps(timeline, 'paths-under-root')).toEqual([9, 10, 11, 12]);
    expect(failedSteps(timeline, 'fail-closed')).toEqual([3]);
    expect(new Set(failedSteps(timeline, 'no-foreign-records'))).toEqual(new Set([1, 3, 9, 10, 11]));
  });

  it('explains the oracle in words', () => {
    const check = checkMemtoolInvariants(lesson(), 'naive').find((c) => c.id === 'forget-no-oracle');
    expect(check?.failures[0]).toEqual({
      step: 4,
      path: ['steps', 3],
      reason:
        'the refusal "You may not delete this memory: it belongs to someone else." differs from the answer for a missing ID ("No such memory."), so it tells the caller that mem_9f3a21 exists',
    });
  });

  it('reports a failed expectation at its expect field', () => {
    const text = readFileSync(LESSON, 'utf8').replace(
      '"expect": { "safe": "Deleted mem_a1.", "naive": "Deleted mem_a1." }',
      '"expect": { "safe": "Deleted mem_a2." }',
    );
    const [check] = red(lesson(text));
    expect(check).toMatchObject({ id: 'expect-step-6', kind: 'expectation', step: 6 });
    expect(check?.failures).toEqual([
      {
        step: 6,
        path: ['steps', 5, 'expect', 'safe'],
        reason: 'the safe response is "Deleted mem_a1."; expected "Deleted mem_a2."',
      },
    ]);
  });
});

describe('the memtool checks, in words', () => {
  const lessonFailures = (id: string) =>
    checkMemtoolInvariants(lesson(), 'naive').find((check) => check.id === id)?.failures ?? [];

  it('name who was handed what, shorten a long answer, and say when no principal read anything', () => {
    expect(lessonFailures('no-foreign-records')[0]?.reason).toBe(
      'org_2207/usr_310 was handed mem_9f3a22, which belongs to org_4471',
    );
    expect(lessonFailures('no-foreign-records')[6]?.reason).toBe(
      'no principal was handed mem_9f3a22, which belongs to org_4471',
    );
    expect(lessonFailures('identifiers-inert')[0]).toEqual({
      step: 1,
      path: ['steps', 0],
      reason:
        'with the identifiers the answer is "[{"id":"mem_9f3a22","org_id":"org_4471","user_id":"usr_88213","text":"Board a..."; without them, "missing required argument: org_id"',
    });
    expect(lessonFailures('fail-closed')[0]?.reason).toBe(
      'with no principal the call answered "[{"id":"mem_9f3a22","org_id":"org_4471","user_id":"usr_88213","text":"Board a..."',
    );
    expect(lessonFailures('paths-under-root')[0]?.reason).toBe(
      '"%2e%2e%2f%2e%2e%2forg_4471%2fusr_88213%2fnotes.md" opened /memories/org_4471/usr_88213/notes.md, outside /memories/org_2207/usr_310',
    );
  });

  const timeline = () =>
    replayMemtool(
      memtoolScenarioSchema.parse({
        sessions: { s: { org_id: 'org_1', user_id: 'usr_1' } },
        memories: [
          { id: 'm1', org_id: 'org_1', user_id: 'usr_1', text: 'Tea please.' },
          { id: 'm2', org_id: 'org_2', user_id: 'usr_1', text: 'Tea too.' },
        ],
        files: { '/etc/passwd': 'root:x:0:0', '/memories': 'the tree itself', '/memories/org_1/usr_1/n.md': 'mine' },
        links: { '/memories/org_1/usr_1/sys': '/etc', '/memories/org_1/usr_1/tree': '/memories' },
        steps: [
          {
            op: 'view_memory_file',
            session: 's',
            args: { path: 'sys/passwd' },
            expect: { safe: 'root:x:0:0', naive_records: [] },
          },
          { op: 'view_memory_file', session: 's', args: { path: 'tree' } },
          {
            op: 'search_memory',
            session: 's',
            args: { query: 'tea', org_id: 'org_2' },
            expect: { safe_records: ['m2'], naive_records: ['m1'], naive: 'x' },
          },
          { op: 'forget_memory', session: null, args: { memory_id: 'm1' }, expect: { safe_records: [] } },
          { op: 'view_memory_file', session: 's', args: { path: 'n.md' }, expect: { safe: 'mine', naive: 'mine' } },
          {
            op: 'search_memory',
            session: 's',
            args: { query: 'tea' },
            expect: { safe_records: ['m1'], naive: 'missing required argument: org_id' },
          },
          { op: 'view_memory_file', session: null, args: { path: 'n.md' } },
          { op: 'view_memory_file', session: 's', args: { path: '%2e%2e%2f%2e%2e%2forg_2%2fusr_1%2fgone.md' } },
          { op: 'search_memory', session: 's', args: { query: 'tea' }, expect: { naive: 'x'.repeat(80) } },
        ],
      }),
    );
  const failed = (side: 'safe' | 'naive') =>
    runMemtoolChecks(timeline(), side)
      .filter((check) => !check.ok)
      .map((check) => [check.id, check.failures.map((f) => [f.step, f.path.join('.'), f.reason])]);

  it('say a file directly under /memories belongs to no organisation, not that its name is one', () => {
    const handed = replayMemtool(
      memtoolScenarioSchema.parse({
        sessions: { s: { org_id: 'org_1', user_id: 'usr_1' } },
        memories: [],
        files: { '/memories/top.md': 'shared', '/memories/org_2/usr_1/n.md': 'theirs' },
        links: { '/memories/org_1/usr_1/top': '/memories/top.md', '/memories/org_1/usr_1/o': '/memories/org_2' },
        steps: [
          { op: 'view_memory_file', session: 's', args: { path: 'top' } },
          { op: 'view_memory_file', session: 's', args: { path: 'o/usr_1/n.md' } },
        ],
      }),
    );
    const reasons = (side: 'safe' | 'naive') =>
      checkMemtoolInvariants(handed, side)
        .find((check) => check.id === 'no-foreign-records')
        ?.failures.map((f) => f.reason);
    expect(reasons('naive')).toEqual([
      'org_1/usr_1 was handed /memories/top.md, which belongs to (no organisation)',
      'org_1/usr_1 was handed /memories/org_2/usr_1/n.md, which belongs to org_2',
    ]);
    expect(reasons('safe')).toEqual([]);
  });

  it('tell a file outside the memory tree from one of another organisation, and hand over no file that is missing', () => {
    const naive = failed('naive');
    expect(naive.slice(0, 3)).toEqual([
      [
        'no-foreign-records',
        [
          [1, 'steps.0', 'org_1/usr_1 was handed /etc/passwd, which belongs to (outside the memory tree)'],
          [2, 'steps.1', 'org_1/usr_1 was handed /memories, which belongs to (no organisation)'],
        ],
      ],
      [
        'identifiers-inert',
        [
          [
            3,
            'steps.2',
            'with the identifiers the answer is "missing required argument: user_id"; without them, "missing required argument: org_id"',
          ],
        ],
      ],
      [
        'paths-under-root',
        [
          [1, 'steps.0', '"sys/passwd" opened /etc/passwd, outside /memories/org_1/usr_1'],
          [2, 'steps.1', '"tree" opened /memories, outside /memories/org_1/usr_1'],
          [
            8,
            'steps.7',
            '"%2e%2e%2f%2e%2e%2forg_2%2fusr_1%2fgone.md" opened /memories/org_2/usr_1/gone.md, outside /memories/org_1/usr_1',
          ],
        ],
      ],
    ]);
    expect(naive.slice(3)).toEqual(failed('safe'));
  });

  it('mark each failed expectation at its field: a wrong text, wrong records, or no records at all', () => {
    expect(failed('safe')).toEqual([
      [
        'expect-step-1',
        [
          [
            1,
            'steps.0.expect.safe',
            'the safe response is "Access denied: sys/passwd is outside your memory directory."; expected "root:x:0:0"',
          ],
          [1, 'steps.0.expect.naive_records', 'the naive call returned no records: "root:x:0:0"'],
        ],
      ],
      [
        'expect-step-3',
        [
          [3, 'steps.2.expect.safe_records', 'the safe search returned m1; expected m2'],
          [3, 'steps.2.expect.naive', 'the naive response is "missing required argument: user_id"; expected "x"'],
          [
            3,
            'steps.2.expect.naive_records',
            'the naive call returned no records: "missing required argument: user_id"',
          ],
        ],
      ],
      [
        'expect-step-4',
        [
          [
            4,
            'steps.3.expect.safe_records',
            'the safe call returned no records: "no principal is established for this request"',
          ],
        ],
      ],
      [
        'expect-step-9',
        [
          [
            9,
            'steps.8.expect.naive',
            `the naive response is "missing required argument: org_id"; expected "${'x'.repeat(80)}"`,
          ],
        ],
      ],
    ]);
    expect(checkMemtoolExpectations(timeline()).map((check) => [check.id, check.ok])).toEqual([
      ['expect-step-1', false],
      ['expect-step-3', false],
      ['expect-step-4', false],
      ['expect-step-5', true],
      ['expect-step-6', true],
      ['expect-step-9', false],
    ]);
  });

  it('judge the safe side by default', () => {
    expect(runMemtoolChecks(timeline())).toEqual(runMemtoolChecks(timeline(), 'safe'));
    expect(checkMemtoolInvariants(timeline())).toEqual(checkMemtoolInvariants(timeline(), 'safe'));
  });
});
