/** The router's checks: green for the router on its lesson, red for the naive ordering, and able to fail. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayRouter, replayRouterText, type RouterTimeline } from './replay';
import { checkRouterInvariants, runRouterChecks, ROUTER_INVARIANTS } from './checks';
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
