import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { replayText } from '../replay/replayText';
import { changePrincipal, principalChoices, principalIndex } from './principalChoices';

const seed = readFileSync(new URL('../../../fixtures/scenario.json', import.meta.url), 'utf8');
const outcome = replayText(seed);
if (outcome.kind !== 'ok') throw new Error('the seed does not replay');
const at = principalIndex(outcome.timeline);
const bob17 = { user: 'bob', task: 'task-17', agent: 'planner' };
const alice9 = { user: 'alice', task: 'task-9', agent: 'planner' };

describe('the principal picker’s choices', () => {
  it('offers the chosen user’s own tasks only, and says which are not begun or already closed', () => {
    const at7 = principalChoices(at, 7, bob17);
    expect(at7.users).toEqual([
      { value: 'alice', note: null },
      { value: 'bob', note: null },
    ]);
    expect(at7.tasks).toEqual([
      { value: 'task-17', note: null },
      { value: 'task-18', note: 'first at step 10' },
    ]);
    expect(at7.agents.map((a) => a.value)).toEqual(['planner', 'researcher']);
    expect(at7.hypothetical).toBeNull();
    expect(principalChoices(at, 11, bob17).tasks[0]).toEqual({ value: 'task-17', note: 'closed at step 11' });
    // Step 12 asks in task-17 again: open from there.
    expect(principalChoices(at, 12, bob17).tasks[0]).toEqual({ value: 'task-17', note: null });
    expect(principalChoices(at, 7, alice9).tasks).toEqual([{ value: 'task-9', note: null }]);
    expect(principalChoices(at, 1, bob17).users[1]).toEqual({ value: 'bob', note: 'first at step 3' });
  });

  it('gives a new user their own task, never the previous user’s', () => {
    expect(changePrincipal(at, 7, bob17, { user: 'alice' })).toEqual(alice9);
    expect(changePrincipal(at, 9, alice9, { user: 'bob' })).toEqual(bob17);
    // After task-18 begins, bob's open task there is task-18.
    expect(changePrincipal(at, 10, alice9, { user: 'bob' })).toEqual({ ...bob17, task: 'task-18' });
    expect(changePrincipal(at, 7, bob17, { agent: 'researcher' })).toEqual({ ...bob17, agent: 'researcher' });
  });

  it('labels a principal no step has acted as by then as hypothetical', () => {
    const researcher9 = { ...alice9, agent: 'researcher' };
    expect(principalChoices(at, 9, researcher9).hypothetical).toBe(
      'Hypothetical: no step up to step 9 acts as alice/task-9/researcher.',
    );
    expect(principalChoices(at, 7, { ...bob17, task: 'task-18' }).hypothetical).toBe(
      'Hypothetical: no step up to step 7 acts as bob/task-18/planner (it first asks at step 10).',
    );
    // A task that is not the user's is listed with why, and the principal is hypothetical.
    const crossed = principalChoices(at, 7, { ...alice9, task: 'task-17' });
    expect(crossed.tasks).toContainEqual({ value: 'task-17', note: "not alice's task" });
    expect(crossed.hypothetical).not.toBeNull();
  });
});

describe('the users’ options', () => {
  it('are the same list from step to step while no other user begins', () => {
    const fresh = principalIndex(outcome.timeline);
    const at7 = principalChoices(fresh, 7, bob17).users;
    expect(principalChoices(fresh, 8, bob17).users).toBe(at7);
    expect(principalChoices(fresh, 12, alice9).users).toBe(at7);
    expect(principalChoices(fresh, 2, bob17).users).not.toBe(at7);
  });
});
