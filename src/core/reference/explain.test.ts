import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayText, type Timeline } from '../replay/replayText';
import { explainAt } from './explain';

function seed(): Timeline {
  const outcome = replayText(readFileSync('fixtures/scenario.json', 'utf8'));
  if (outcome.kind !== 'ok') throw new Error('seed scenario is invalid');
  return outcome.timeline;
}

const reasons = (user: string, task: string, agent: string) =>
  Object.fromEntries(
    (explainAt(seed(), 7, { user, task, agent }) ?? []).map((e) => [e.item.id, [e.verdict.visible, e.because]]),
  );

describe('explainAt', () => {
  it("gives bob's planner its own items and names alice as the owner of hers", () => {
    expect(reasons('bob', 'task-17', 'planner')).toEqual({
      'app-policy': [true, 'app item: every principal reads it'],
      'alice-contact': [false, 'belongs to alice, you are bob'],
      'alice-export-limit': [false, 'belongs to alice, you are bob'],
      'bob-style': [true, "bob's user item: bob reads it in every task"],
      'bob-export-plan': [true, "bob's task-17 item, and you are in task-17"],
      'planner-scratch': [true, 'your own scratch (planner in task-17)'],
      'handoff-1-brief': [false, 'handed to the researcher, you are the planner'],
      'handoff-1-item-1': [false, 'handed to the researcher, you are the planner'],
    });
  });

  it('explains the task and declared-read boundaries', () => {
    expect(reasons('bob', 'task-18', 'planner')['bob-export-plan']).toEqual([
      false,
      "bob's task-17 item, you are in task-18",
    ]);
    expect(reasons('bob', 'task-17', 'researcher')['bob-style']).toEqual([
      false,
      'a user item, and the researcher does not read the user scope',
    ]);
  });

  it('agrees with the request the timeline recorded', () => {
    const entry = seed().entries[7]!;
    if (entry.outcome.kind !== 'queried') throw new Error('step 7 is a query');
    const visible = (explainAt(seed(), 7, entry.outcome.principal) ?? [])
      .filter((e) => e.verdict.visible)
      .map((e) => e.item.id);
    expect(visible).toEqual(entry.outcome.context.item_ids);
  });

  it('returns null for an agent the scenario does not configure', () => {
    expect(explainAt(seed(), 7, { user: 'bob', task: 'task-17', agent: 'auditor' })).toBeNull();
  });
});
