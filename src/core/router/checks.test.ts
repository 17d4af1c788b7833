/** The router's checks: green for the router on its lesson, red for the naive ordering, and able to fail. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayRouter, replayRouterText, type RouterTimeline } from './replay';
import { checkRouterExpectations, checkRouterInvariants, runRouterChecks, ROUTER_INVARIANTS } from './checks';
import { routerScenarioSchema } from './scenario';
import { EXAMPLE_BANKS, EXAMPLE_CONTEXTS } from './example';

const LESSON = new URL('../../../fixtures/lessons/router-authorize-before-ranking.json', import.meta.url);

function lesson(text = readFileSync(LESSON, 'utf8')): RouterTimeline {
  const outcome = replayRouterText(text);
  if (outcome.kind !== 'ok') throw new Error(JSON.stringify(outcome.problems));
  return outcome.timeline;
}

const red = (timeline: RouterTimeline, side: 'safe' | 'naive' = 'safe') =>
  runRouterChecks(timeline, side).filter((check) => !check.ok);

describe('the router lesson', () => {
  it('passes every check and expectation for the router', () => {
    expect(red(lesson())).toEqual([]);
  });

  it('turns the scorer and completeness checks red for the naive ordering, and nothing else', () => {
    const failed = red(lesson(), 'naive');
    expect(failed.map((check) => check.id)).toEqual(['scorer-sees-authorized-only', 'complete-results']);
    expect(failed[0]?.failures[0]).toMatchObject({
      step: 1,
      path: ['steps', 0],
      reason: 'general-room: the scorer was handed private-canary from the private bank, which it may not read',
    });
    expect(failed[1]?.failures).toEqual([
      { step: 7, path: ['steps', 6], reason: 'general-room: 2 results, but 3 authorized memories were due' },
    ]);
  });

  it('shows that a check on the final results alone cannot tell the orderings apart', () => {
    const results = checkRouterInvariants(lesson(), 'naive').find((check) => check.id === 'results-authorized');
    expect(results?.ok).toBe(true);
  });

  it('reports a failed expectation at its expect field', () => {
    const text = readFileSync(LESSON, 'utf8').replace('"expect": { "stored": false }', '"expect": { "stored": true }');
    const [check] = red(lesson(text));
    expect(check).toMatchObject({ id: 'expect-step-4', kind: 'expectation', step: 4 });
    expect(check?.failures[0]).toMatchObject({
      path: ['steps', 3, 'expect', 'stored'],
      reason: 'expected the memory to be stored',
    });
  });
});

describe('the router invariants', () => {
  const base = () =>
    replayRouter(
      routerScenarioSchema.parse({
        contexts: EXAMPLE_CONTEXTS,
        banks: EXAMPLE_BANKS,
        steps: [
          { op: 'remember', context: 'unknown', memory: { memory_id: 'x', content: 'X.', source_id: 's' } },
          { op: 'replace_bank', bank: 'private', memories: [] },
          { op: 'recall', context: 'private-room', query: 'cedar' },
        ],
      }),
    );

  it('each have a title', () => {
    expect(ROUTER_INVARIANTS.every((inv) => inv.title.length > 0)).toBe(true);
    expect(red(base())).toEqual([]);
  });

  it('catch an unknown context whose write was stored', () => {
    const timeline = base();
    const memory = { memory_id: 'x', content: 'X.', source_id: 's' };
    timeline.entries[1] = {
      ...timeline.entries[1]!,
      outcome: { kind: 'stored', bank: 'general', memory, result: { stored: true, bank: 'general', memory_id: 'x' } },
    };
    const check = red(timeline).find((c) => c.id === 'unknown-context-writes-nothing');
    expect(check?.failures[0]?.reason).toBe('the unknown context unknown stored x in the general bank');
  });

  it('catch a candidate that a rebuild had removed', () => {
    const timeline = base();
    const recall = timeline.entries[3]!.outcome;
    if (recall.kind !== 'recalled') throw new Error('expected a recall');
    const stale = { ...EXAMPLE_BANKS.private[0]!, bank: 'private' as const, score: 1 };
    timeline.entries[3] = {
      ...timeline.entries[3]!,
      outcome: { ...recall, safe: { ...recall.safe, scored: [stale, ...recall.safe.scored] } },
    };
    const check = red(timeline).find((c) => c.id === 'no-stale-candidates');
    expect(check?.failures[0]?.reason).toBe(
      'private-room: private-canary was a candidate, but the private bank no longer holds it',
    );
  });
});

describe('the router checks on every kind of step', () => {
  const scenario = () =>
    replayRouter(
      routerScenarioSchema.parse({
        contexts: {
          pub: { read_banks: ['general'], write_bank: 'general' },
          all: { read_banks: ['general', 'private'], write_bank: 'private' },
          odd: { read_banks: ['archive'], write_bank: 'archive' },
        },
        banks: {
          general: [{ memory_id: 'g', content: 'Shared note.', source_id: 'd' }],
          private: [{ memory_id: 'p', content: 'shared  note.', source_id: 'd' }],
        },
        steps: [
          { op: 'recall', context: 'pub', query: 'note', expect: { results: ['g'], naive_results: [] } },
          {
            op: 'remember',
            context: 'all',
            memory: { memory_id: 'n', content: 'New.', source_id: 's' },
            expect: { stored: true, results: [] },
          },
          {
            op: 'remember',
            context: 'odd',
            memory: { memory_id: 'n', content: 'New.', source_id: 's' },
            expect: { stored: true, results: ['x'] },
          },
          { op: 'recall', context: 'odd', query: 'note', expect: { rejected: 'nope', scored: [] } },
          { op: 'replace_bank', bank: 'archive', memories: [], expect: { rejected: 'unknown', naive_scored: [] } },
          {
            op: 'replace_bank',
            bank: 'general',
            memories: [{ memory_id: 'g2', content: 'G2.', source_id: 'd' }],
            expect: { rejected: 'x', stored: false },
          },
          {
            op: 'recall',
            context: 'pub',
            query: 'g2',
            expect: { results: ['g'], naive_results: [], scored: ['g2'], naive_scored: ['g2'], stored: true },
          },
          { op: 'remember', context: 'nobody', memory: { memory_id: 'z', content: 'Z.', source_id: 's' } },
        ],
      }),
    );
  const failed = (side: 'safe' | 'naive') =>
    runRouterChecks(scenario(), side)
      .filter((check) => !check.ok)
      .map((check) => [check.id, check.failures.map((f) => [f.step, f.path.join('.'), f.reason])]);

  it('word a shortfall of one memory in the singular, and name each unauthorized candidate', () => {
    expect(failed('naive').slice(0, 2)).toEqual([
      [
        'scorer-sees-authorized-only',
        [
          [1, 'steps.0', 'pub: the scorer was handed p from the private bank, which it may not read'],
          [7, 'steps.6', 'pub: the scorer was handed p from the private bank, which it may not read'],
          [7, 'steps.6', 'pub: the scorer was handed n from the private bank, which it may not read'],
        ],
      ],
      ['complete-results', [[1, 'steps.0', 'pub: 0 results, but 1 authorized memory was due']]],
    ]);
    expect(failed('naive').slice(2)).toEqual(failed('safe'));
  });

  it('mark each failed expectation at its field, with what happened instead', () => {
    expect(failed('safe')).toEqual([
      ['expect-step-2', [[2, 'steps.1.expect.results', 'only a recall has results to check']]],
      [
        'expect-step-3',
        [
          [3, 'steps.2.expect.stored', 'the write failed: policy selects unknown write bank: archive'],
          [3, 'steps.2.expect.results', 'the recall failed: policy selects unknown write bank: archive'],
        ],
      ],
      [
        'expect-step-4',
        [
          [
            4,
            'steps.3.expect.rejected',
            `refused with "policy selects unknown read banks: ['archive']", expected a reason containing "nope"`,
          ],
          [4, 'steps.3.expect.scored', "the recall failed: policy selects unknown read banks: ['archive']"],
        ],
      ],
      ['expect-step-5', [[5, 'steps.4.expect.naive_scored', 'the recall failed: unknown bank: archive']]],
      [
        'expect-step-6',
        [[6, 'steps.5.expect.rejected', 'expected the router to refuse this step, but it went through']],
      ],
      [
        'expect-step-7',
        [
          [7, 'steps.6.expect.stored', 'expected the memory to be stored'],
          [7, 'steps.6.expect.results', 'the results are g2; expected g'],
          [7, 'steps.6.expect.naive_results', 'the naive results are g2; expected nothing'],
          [7, 'steps.6.expect.naive_scored', 'the naive scorer was handed p, n, g2; expected g2'],
        ],
      ],
    ]);
    expect(checkRouterExpectations(scenario()).find((check) => check.id === 'expect-step-1')?.ok).toBe(true);
  });

  it('judge the router side by default', () => {
    const timeline = scenario();
    expect(runRouterChecks(timeline)).toEqual(runRouterChecks(timeline, 'safe'));
    expect(checkRouterInvariants(timeline)).toEqual(checkRouterInvariants(timeline, 'safe'));
  });

  it('catch an unknown context that changed a bank without saying it stored anything', () => {
    const timeline = scenario();
    const changed = { ...timeline, entries: [...timeline.entries] };
    const last = changed.entries.length - 1;
    const entry = changed.entries[last]!;
    const extra = { memory_id: 'z', content: 'Z.', source_id: 's' };
    changed.entries[last] = { ...entry, banks: { general: [...entry.banks.general, extra], private: [] } };
    expect(red(changed).find((c) => c.id === 'unknown-context-writes-nothing')?.failures).toEqual([
      {
        step: last,
        path: ['steps', last - 1],
        reason: 'the unknown context nobody changed the general and private bank',
      },
    ]);
    expect(red(timeline).some((c) => c.id === 'unknown-context-writes-nothing')).toBe(false);
  });
});

describe('the router checks at their edges', () => {
  const timeline = () =>
    replayRouter(
      routerScenarioSchema.parse({
        contexts: { pub: { read_banks: ['general'], write_bank: 'general' } },
        banks: {
          general: [
            { memory_id: 'g', content: 'Note.', source_id: 'd' },
            { memory_id: 'blank', content: ' \n ', source_id: 'd' },
          ],
          private: [{ memory_id: 'p', content: 'Private note.', source_id: 'd' }],
        },
        steps: [
          { op: 'recall', context: 'pub', query: 'note' },
          {
            op: 'remember',
            context: 'pub',
            memory: { memory_id: 'n', content: 'New.', source_id: 's' },
            expect: { stored: false },
          },
        ],
      }),
    );

  it('owe no result for a blank memory, and say a write was not expected', () => {
    expect(red(timeline())).toEqual([
      {
        id: 'expect-step-2',
        title: 'Step 2 remember: stored',
        kind: 'expectation',
        ok: false,
        step: 2,
        failures: [{ step: 2, path: ['steps', 1, 'expect', 'stored'], reason: 'expected the memory not to be stored' }],
      },
    ]);
  });

  it('catch a result from a bank the context may not read, and a candidate whose content a rebuild changed', () => {
    const recorded = timeline();
    const recall = recorded.entries[1]!.outcome;
    if (recall.kind !== 'recalled') throw new Error('expected a recall');
    const leaked = { memory_id: 'p', content: 'Private note.', source_id: 'd', bank: 'private' as const, score: 1 };
    const changed = { ...leaked, memory_id: 'g', content: 'Old note.', bank: 'general' as const };
    recorded.entries[1] = {
      ...recorded.entries[1]!,
      outcome: { ...recall, safe: { ...recall.safe, scored: [changed], results: [leaked] } },
    };
    const reasons = Object.fromEntries(red(recorded).map((check) => [check.id, check.failures.map((f) => f.reason)]));
    expect(reasons['results-authorized']).toEqual(['pub: p from the private bank is in the results']);
    expect(reasons['no-stale-candidates']).toEqual(['pub: g was a candidate, but the general bank no longer holds it']);
  });
});
