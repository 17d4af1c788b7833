import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { replayText } from '../replay/replayText';
import { changePrincipal, principalChoices, principalIndex, principalIndexOf } from './principalChoices';

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

describe('the picker on a scenario of closed, reopened and late tasks', () => {
  const agents = JSON.parse(seed).agents as unknown[];
  const w = (as: string, scope: string, id: string) => ({
    op: 'write',
    as: as.split('/'),
    scope,
    id,
    text: `Note ${id}.`,
  });
  const text = JSON.stringify({
    agents,
    configuration: [{ id: 'app-policy', text: 'Answer from the context.' }],
    steps: [
      w('alice/t1/planner', 'user', 'a-1'),
      { op: 'close_task', user: 'alice', task: 't9' },
      { op: 'close_task', user: 'alice', task: 't9' },
      w('bob/t1/planner', 'user', 'b-1'),
      { op: 'close_task', user: 'bob', task: 't1' },
      w('bob/t1/researcher', 'agent', 'b-2'),
      w('bob/t2/planner', 'task', 'b-3'),
      { op: 'query', as: ['alice', 't1', 'planner'], current: 'What is the plan?' },
      { op: 'query', as: ['carol', 't5', 'planner'], current: 'What is the plan?' },
      w('bob/t3/planner', 'task', 'b-4'),
      { op: 'import', id: 'x-old', text: 'An old note.' },
      { op: 'forget_user', user: 'carol' },
    ],
  });
  /** A fresh index for each test: the users' options are kept in it from step to step. */
  const fresh = () => {
    const replayed = replayText(text);
    if (replayed.kind !== 'ok') throw new Error('the scenario does not replay');
    return principalIndex(replayed.timeline);
  };
  const bob = { user: 'bob', task: 't1', agent: 'planner' };
  const alice = { user: 'alice', task: 't1', agent: 'planner' };

  it('notes a task closed at a step, open again once acted in, and not begun yet', () => {
    const at = fresh();
    expect(principalChoices(at, 4, bob).tasks).toEqual([
      { value: 't1', note: null },
      { value: 't2', note: 'first at step 7' },
      { value: 't3', note: 'first at step 10' },
    ]);
    expect(principalChoices(at, 5, bob).tasks).toEqual([
      { value: 't1', note: 'closed at step 5' },
      { value: 't2', note: 'first at step 7' },
      { value: 't3', note: 'first at step 10' },
    ]);
    expect(principalChoices(at, 6, bob).tasks[0]).toEqual({ value: 't1', note: null });
    expect(principalChoices(at, 7, bob).tasks[1]).toEqual({ value: 't2', note: null });
    // A task only ever closed (twice) was begun and closed by its first close.
    expect(principalChoices(at, 1, alice).tasks).toEqual([
      { value: 't1', note: null },
      { value: 't9', note: 'first at step 2' },
    ]);
    expect(principalChoices(at, 3, alice).tasks[1]).toEqual({ value: 't9', note: 'closed at step 2' });
  });

  it('notes each user not begun yet, and drops the note at the user’s first step', () => {
    const at = fresh();
    const users = (index: number) => principalChoices(at, index, bob).users;
    expect(users(3)).toEqual([
      { value: 'alice', note: null },
      { value: 'bob', note: 'first at step 4' },
      { value: 'carol', note: 'first at step 9' },
    ]);
    expect(users(4)).toEqual([
      { value: 'alice', note: null },
      { value: 'bob', note: null },
      { value: 'carol', note: 'first at step 9' },
    ]);
    expect(users(9).map((u) => u.note)).toEqual([null, null, null]);
    expect(users(0).map((u) => u.note)).toEqual(['first at step 1', 'first at step 4', 'first at step 9']);
  });

  it('offers no tasks and the configured agents when no one is chosen', () => {
    expect(principalChoices(fresh(), 3, null)).toEqual({
      users: [
        { value: 'alice', note: null },
        { value: 'bob', note: 'first at step 4' },
        { value: 'carol', note: 'first at step 9' },
      ],
      tasks: [],
      agents: [
        { value: 'planner', note: null },
        { value: 'researcher', note: null },
      ],
      hypothetical: null,
    });
  });

  it('lists a user, task and agent no step names, each with why, and leaves a blank part out', () => {
    const dave = principalChoices(fresh(), 9, { user: 'dave', task: 'x', agent: 'auditor' });
    expect(dave.users.at(-1)).toEqual({ value: 'dave', note: 'no step names this user' });
    expect(dave.users).toHaveLength(4);
    expect(dave.tasks).toEqual([{ value: 'x', note: "not dave's task" }]);
    expect(dave.agents).toEqual([
      { value: 'planner', note: null },
      { value: 'researcher', note: null },
      { value: 'auditor', note: 'not a configured agent' },
    ]);
    expect(dave.hypothetical).toBe('Hypothetical: no step up to step 9 acts as dave/x/auditor.');
    const blank = principalChoices(fresh(), 9, { user: '', task: '', agent: '' });
    expect(blank.users).toHaveLength(3);
    expect(blank.tasks).toEqual([]);
    expect(blank.agents).toHaveLength(2);
  });

  it('says when a principal first asks, from its first step, and before any step', () => {
    const at = fresh();
    expect(principalChoices(at, 0, alice).hypothetical).toBe(
      'Hypothetical: no step yet acts as alice/t1/planner (it first asks at step 1).',
    );
    expect(principalChoices(at, 1, alice).hypothetical).toBeNull();
    expect(principalChoices(at, 8, alice).hypothetical).toBeNull();
    expect(principalChoices(at, 6, { ...bob, task: 't2' }).hypothetical).toBe(
      'Hypothetical: no step up to step 6 acts as bob/t2/planner (it first asks at step 7).',
    );
  });

  it('gives a new user their latest open task, else their first begun, else their first', () => {
    const at = fresh();
    // At step 5 bob's t1 is closed and t2 not begun: the first begun.
    const alice9 = { ...alice, task: 't9' };
    expect(changePrincipal(at, 5, alice9, { user: 'bob' })).toEqual({ ...bob, task: 't1' });
    // At step 8 both are open: the latest.
    expect(changePrincipal(at, 8, alice9, { user: 'bob' })).toEqual({ ...bob, task: 't2' });
    // At step 7 t1 is open again and t2 begun: t2.
    expect(changePrincipal(at, 7, alice9, { user: 'bob' })).toEqual({ ...bob, task: 't2' });
    expect(changePrincipal(at, 6, alice9, { user: 'bob' })).toEqual({ ...bob, task: 't1' });
    // From step 10 three are open: still the latest.
    expect(changePrincipal(at, 12, alice9, { user: 'bob' })).toEqual({ ...bob, task: 't3' });
    // Before bob begins: his first task.
    expect(changePrincipal(at, 2, alice9, { user: 'bob' })).toEqual({ ...bob, task: 't1' });
    // A task the new user has is kept, as is a task given with the user.
    expect(changePrincipal(at, 8, alice, { user: 'bob', task: 't1' })).toEqual(bob);
    expect(changePrincipal(at, 8, alice9, { user: 'alice' })).toEqual(alice9);
    expect(changePrincipal(at, 8, alice, { user: 'bob', task: 'zz' })).toEqual({ ...bob, task: 'zz' });
    // A user no step names keeps the task.
    expect(changePrincipal(at, 8, alice, { user: 'dave' })).toEqual({ ...alice, user: 'dave' });
    // A task change alone changes only the task.
    expect(changePrincipal(at, 8, alice, { task: 't9' })).toEqual({ ...alice, task: 't9' });
  });

  it('puts an agent that is not configured back to the first configured one, unless the learner chose it', () => {
    const at = fresh();
    const auditor = { ...alice, agent: 'auditor' };
    expect(changePrincipal(at, 8, auditor, { user: 'bob' })).toEqual({ ...bob, agent: 'planner' });
    expect(changePrincipal(at, 8, auditor, { task: 't9' })).toEqual({ ...alice, task: 't9' });
    expect(changePrincipal(at, 8, alice, { agent: 'auditor' })).toEqual(auditor);
    expect(changePrincipal(at, 8, { ...alice, agent: 'researcher' }, { user: 'bob' })).toEqual({
      ...bob,
      agent: 'researcher',
    });
    const none = replayText(JSON.stringify({ agents: [], configuration: [], steps: [] }));
    if (none.kind !== 'ok') throw new Error('the empty scenario does not replay');
    expect(changePrincipal(principalIndex(none.timeline), 0, auditor, { user: 'bob' })).toEqual({
      ...auditor,
      user: 'bob',
    });
  });

  it('builds the index once per timeline', () => {
    const replayed = replayText(text);
    if (replayed.kind !== 'ok') throw new Error('the scenario does not replay');
    const once = principalIndexOf(replayed.timeline);
    expect(principalIndexOf(replayed.timeline)).toBe(once);
    const again = replayText(text);
    expect(again.kind === 'ok' && principalIndexOf(again.timeline)).not.toBe(once);
    expect(once.firsts).toEqual([1, 4, 9]);
  });
});
