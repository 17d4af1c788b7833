import { describe, expect, it } from 'vitest';
import { goldenCases, projectText } from '../../core/testing/fixtures';
import { replayText, type Timeline } from '../../core/replay/replayText';
import { ALL_RULES } from '../../core/store/rules';
import { storeViewAt as referenceStoreView } from '../../core/reference/readers';
import { storeViewAt } from '../../core/timeline/storeViewIndex';
import { rowsToArray } from '../../core/timeline/rows';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import { createSession } from './session';
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

  it('groups the store only while the page draws it, and counts its items at every step either way', () => {
    const session = createSession(seedAnswerBook());
    const timeline = timelineOf(SEED_TEXT);
    const grouped = (at: number) => referenceStoreView(timeline, at);
    const first = session.run({ text: SEED_TEXT, rulesOff: [], mode: 'run' });
    if (first.kind !== 'ok') throw new Error('the seed replays');
    expect(first.views.view.store).toBeNull();
    for (let at = 0; at < timeline.entries.length; at++) {
      const { view } = session.act({ kind: 'step', index: at });
      expect(view.store).toBeNull();
      expect(view.present).toBe(grouped(at).present);
    }
    const shown = session.act({ kind: 'showStore', shown: true });
    expect(shown.storeShown).toBe(true);
    const last = timeline.entries.length - 1;
    expect(shown.view.store!.sizes).toEqual(grouped(last).groups.map((group) => group.items.length));
    // It stays drawn through moves, a Run, a rule switch and a reset, until the page stops drawing it.
    expect(session.act({ kind: 'move', by: -1 }).view.store!.present).toBe(grouped(last - 1).present);
    for (const mode of ['run', 'rules', 'reset'] as const) {
      const again = session.run({ text: SEED_TEXT, rulesOff: [], mode });
      expect(again.kind === 'ok' && again.views.view.store !== null).toBe(true);
    }
    expect(session.act({ kind: 'showStore', shown: false }).view.store).toBeNull();
  });
});
