import { describe, expect, it } from 'vitest';
import { goldenCases, projectText } from '../core/testing/fixtures';
import { replayText, type Timeline } from '../core/replay/replayText';
import { ALL_RULES } from '../core/store/rules';
import { storeViewAt as referenceStoreView } from '../core/reference/readers';
import { storeViewAt } from '../core/timeline/storeViewIndex';
import { rowsToArray } from '../core/timeline/rows';
import { SEED_TEXT } from '../state/seedData';
import { storeScreen } from './derive';

function timelineOf(text: string): Timeline {
  const outcome = replayText(text, ALL_RULES);
  if (outcome.kind !== 'ok') throw new Error('the scenario did not replay');
  return outcome.timeline;
}

const texts = [
  SEED_TEXT,
  ...goldenCases()
    .slice(0, 12)
    .map((name) => projectText(`fixtures/golden/${name}.scenario.json`)),
];

describe('the store screen the engine sends at each step', () => {
  it('lists every group’s items, group after group, under headings that count them, at every step', () => {
    for (const text of texts) {
      const timeline = timelineOf(text);
      for (let at = 0; at < timeline.entries.length; at++) {
        const reference = referenceStoreView(timeline, at);
        const screen = storeScreen(storeViewAt(timeline, at));
        expect(rowsToArray(screen.items)).toEqual(reference.groups.flatMap((group) => group.items));
        expect(screen.groups).toEqual(reference.groups.map(({ items, ...head }) => ({ ...head, size: items.length })));
        expect(screen.sizes).toEqual(reference.groups.map((group) => group.items.length));
        expect(screen.present).toBe(reference.present);
        expect(screen.items.at(-1)).toBeUndefined();
        expect(screen.items.at(screen.items.length)).toBeUndefined();
      }
    }
  });

  it('keeps the heading of a group a step did not change, so a step costs its groups, not the whole store', () => {
    const timeline = timelineOf(SEED_TEXT);
    let kept = 0;
    for (let at = 1; at < timeline.entries.length; at++) {
      const before = new Map(storeScreen(storeViewAt(timeline, at - 1)).groups.map((head) => [head.key, head]));
      for (const head of storeScreen(storeViewAt(timeline, at)).groups) {
        const earlier = before.get(head.key);
        if (earlier !== undefined && earlier.size === head.size && earlier === head) kept += 1;
      }
    }
    expect(kept).toBeGreaterThan(0);
  });
});
