import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayText, type Timeline } from '../replay/replayText';
import { storeViewAt } from './storeViewIndex';

function seed(): Timeline {
  const outcome = replayText(readFileSync('fixtures/scenario.json', 'utf8'));
  if (outcome.kind !== 'ok') throw new Error('seed scenario is invalid');
  return outcome.timeline;
}

const shape = (timeline: Timeline, index: number) =>
  storeViewAt(timeline, index).groups.map((g) => [
    `${g.scope} ${g.owner}`,
    g.items.map((m) => (m.mark ? `${m.item.id} (${m.mark})` : m.item.id)),
  ]);

describe('storeViewAt', () => {
  it('groups items by scope and owner: app, then each user with its tasks and agents', () => {
    expect(shape(seed(), 6)).toEqual([
      ['app everyone', ['app-policy']],
      ['user alice', ['alice-contact']],
      ['task alice/task-9', ['alice-export-limit']],
      ['user bob', ['bob-style']],
      ['task bob/task-17', ['bob-export-plan']],
      ['agent bob/task-17/planner', ['planner-scratch']],
      ['agent bob/task-17/researcher', ['handoff-1-brief (copied)', 'handoff-1-item-1 (copied)']],
    ]);
  });

  it('marks the item a write just stored', () => {
    expect(shape(seed(), 1)).toEqual([
      ['app everyone', ['app-policy']],
      ['user alice', ['alice-contact (written)']],
    ]);
  });

  it('keeps items a closed task deleted in view, marked, and does not count them', () => {
    const view = storeViewAt(seed(), 11);
    expect(view.present).toBe(4);
    const deleted = view.groups
      .flatMap((g) => g.items)
      .filter((m) => m.mark === 'deleted')
      .map((m) => m.item.id);
    expect(deleted).toEqual(['bob-export-plan', 'planner-scratch', 'handoff-1-brief', 'handoff-1-item-1']);
    expect(storeViewAt(seed(), 12).groups.map((g) => g.owner)).toEqual(['everyone', 'alice', 'alice/task-9', 'bob']);
  });

  it('says who reads each group', () => {
    const readers = storeViewAt(seed(), 6).groups.map((g) => g.readers);
    expect(readers[0]).toBe('every principal reads these');
    expect(readers[2]).toBe('alice reads these in task-9 only');
    expect(readers[6]).toBe("only bob's researcher in task-17 reads these");
  });
});
