/** The router lesson's view model compares the two orderings' final results, so its view only words them. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routerKit } from './kit';
import type { RouterTimeline } from './replay';

const TEXT = readFileSync('fixtures/lessons/router-authorize-before-ranking.json', 'utf8');

function timeline(): RouterTimeline {
  const replayed = routerKit.replay(TEXT);
  if (!('kind' in replayed) || replayed.kind !== 'ok') throw new Error('the router lesson does not replay');
  return replayed.timeline;
}

describe('the router view: final results compared', () => {
  it('says when both orderings return the same memories', () => {
    const t = timeline();
    const { results } = routerKit.view(t, 1, routerKit.stepActor(t, 1)!, null);
    expect(results.same).toBe(true);
    expect(results.naive).toEqual(results.safe);
    expect(results.missing).toEqual([]);
  });

  it("names the router's results the naive ordering left out", () => {
    const t = timeline();
    const { results } = routerKit.view(t, 7, routerKit.stepActor(t, 7)!, null);
    expect(results).toMatchObject({ same: false, missing: ['general-3'] });
    expect(results.safe).toHaveLength(3);
    expect(results.naive).toHaveLength(2);
  });

  it('compares nothing for a refused recall', () => {
    const t = timeline();
    const { recall, results } = routerKit.view(t, 11, routerKit.stepActor(t, 11)!, null);
    expect(recall.kind).toBe('rejected');
    expect(results).toEqual({ safe: [], naive: [], same: true, missing: [] });
  });
});
