/** The router timeline in words: what each step did, on both orderings. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayRouterText } from './replay';
import { describePolicy, describeRouterEntry, routerContexts } from './describe';
import { DEFAULT_POLICY } from './router';

const outcome = replayRouterText(readFileSync('fixtures/lessons/router-authorize-before-ranking.json', 'utf8'));
if (outcome.kind !== 'ok') throw new Error('the lesson replays');
const words = outcome.timeline.entries.map(describeRouterEntry);

describe('router words', () => {
  it('say what the naive scorer saw when the results are the same', () => {
    expect(words[1]).toEqual({
      op: 'recall',
      rejected: false,
      summary: 'general-room recalls “cedar lantern”',
      result:
        '3 results, the same from both orderings. The naive scorer was handed 2 memories from a bank general-room may not read.',
    });
  });

  it('name a refused write, a rebuild and a refused recall', () => {
    expect(words[4]!.result).toBe('Not stored: context_memory_write_denied (context default).');
    expect(words[8]).toMatchObject({ op: 'rebuild', result: 'Removed private-canary, private-3; added nothing.' });
    expect(words[11]).toMatchObject({ rejected: true, result: 'Refused: limit must be at least 1.' });
  });

  it('list every context to act as, the unrecognised ones after the known', () => {
    expect(routerContexts(outcome.timeline)).toEqual(['general-room', 'private-room', 'unrecognized-room']);
    expect(describePolicy(DEFAULT_POLICY)).toBe('reads general, may not write');
  });
});
