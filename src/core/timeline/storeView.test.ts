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

describe('the marks of configuration, an import and a forgotten user', () => {
  const extended = () => {
    const scenario = JSON.parse(readFileSync('fixtures/scenario.json', 'utf8')) as { steps: object[] };
    scenario.steps.push(
      { op: 'import', id: 'old-note', text: 'A note from the old system.' },
      { op: 'forget_user', user: 'alice' },
    );
    const outcome = replayText(JSON.stringify(scenario));
    if (outcome.kind !== 'ok') throw new Error('the extended seed is invalid');
    return outcome.timeline;
  };

  it('marks the app items configured before the first step', () => {
    expect(shape(extended(), 0)).toEqual([['app everyone', ['app-policy (configured)']]]);
  });

  it('marks an imported item written, under no owner, and a forgotten user’s items deleted', () => {
    const timeline = extended();
    expect(shape(timeline, 13)).toContainEqual(['user no owner', ['old-note (written)']]);
    const forgotten = storeViewAt(timeline, 14);
    const marked = forgotten.groups.flatMap((g) =>
      g.items.filter((m) => m.mark !== null).map((m) => [m.item.id, m.mark]),
    );
    expect(marked).toEqual([
      ['alice-contact', 'deleted'],
      ['alice-export-limit', 'deleted'],
    ]);
    expect(forgotten.present).toBe(storeViewAt(timeline, 13).present - 2);
  });
});

describe('the store view from step to step', () => {
  const group = (timeline: Timeline, at: number, name: string) =>
    storeViewAt(timeline, at).groups.find((g) => `${g.scope} ${g.owner}` === name)!;

  it('hands back the same group while no step changes it, so a list of it need not be redrawn', () => {
    const timeline = seed();
    // bob's task-17 item is written at step 4 and deleted at step 11: one look from step 5 to step 10.
    const at8 = group(timeline, 8, 'task bob/task-17');
    expect(group(timeline, 5, 'task bob/task-17')).toBe(at8);
    expect(group(timeline, 10, 'task bob/task-17')).toBe(at8);
    expect(group(timeline, 4, 'task bob/task-17')).not.toBe(at8);
    expect(group(timeline, 11, 'task bob/task-17')).not.toBe(at8);
    // alice's user item is never deleted: one look from step 2 on.
    const alice = group(timeline, 3, 'user alice');
    for (const at of [2, 7, 12]) expect(group(timeline, at, 'user alice')).toBe(alice);
    expect(group(timeline, 1, 'user alice')).not.toBe(alice);
  });
});
