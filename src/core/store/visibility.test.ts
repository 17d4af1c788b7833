/** The read rule and the reason it gives, for every way an item can be visible or hidden. */
import { describe, expect, it } from 'vitest';
import { decide } from './visibility';
import { type Item, makeAgent, makePrincipal } from './entities';
import { withRulesOff } from './rules';

const ALL_SCOPES = makeAgent('planner', 'Plan.', ['delegate'], ['app', 'user', 'task', 'agent']);
const NARROW = makeAgent('researcher', 'Research.', [], ['app', 'agent']);
const BOB = makePrincipal('bob', 't1', 'planner');

function item(scope: Item['scope'], user: string | null, task: string | null, agent: string | null): Item {
  return { id: 'i', scope, text: 'Text.', user, task, agent, source: 'written', seq: 0 };
}

describe('decide', () => {
  it.each([
    ['an app item', item('app', null, null, null), { visible: true, why: 'app' }],
    ["another user's item", item('user', 'alice', null, null), { visible: false, why: 'other-user' }],
    [
      "another user's task item in the same task",
      item('task', 'alice', 't1', null),
      { visible: false, why: 'other-user' },
    ],
    ['an own user item', item('user', 'bob', null, null), { visible: true, why: 'own-user' }],
    ['an own task item', item('task', 'bob', 't1', null), { visible: true, why: 'own-task' }],
    ["another task's item", item('task', 'bob', 't2', null), { visible: false, why: 'other-task' }],
    ["another task's agent item", item('agent', 'bob', 't2', 'planner'), { visible: false, why: 'other-task' }],
    ['an own agent item', item('agent', 'bob', 't1', 'planner'), { visible: true, why: 'own-agent' }],
    ["another agent's item", item('agent', 'bob', 't1', 'researcher'), { visible: false, why: 'other-agent' }],
  ])('judges %s for an agent that reads every scope', (_what, subject, verdict) => {
    expect(decide(subject, BOB, ALL_SCOPES)).toEqual(verdict);
  });

  it('hides a scope the agent does not declare, but reports another user first', () => {
    const researcher = makePrincipal('bob', 't1', 'researcher');
    expect(decide(item('task', 'bob', 't1', null), researcher, NARROW)).toEqual({
      visible: false,
      why: 'scope-not-read',
    });
    expect(decide(item('user', 'bob', null, null), researcher, NARROW)).toEqual({
      visible: false,
      why: 'scope-not-read',
    });
    expect(decide(item('user', 'alice', null, null), researcher, NARROW)).toEqual({
      visible: false,
      why: 'other-user',
    });
    expect(decide(item('app', null, null, null), researcher, NARROW)).toEqual({ visible: true, why: 'app' });
    expect(decide(item('agent', 'bob', 't1', 'researcher'), researcher, NARROW)).toEqual({
      visible: true,
      why: 'own-agent',
    });
  });

  it('says which switched-off rule let an item through, and what it would have said', () => {
    expect(decide(item('task', 'bob', 't2', null), BOB, ALL_SCOPES, withRulesOff('taskCheck'))).toEqual({
      visible: true,
      why: 'rule-off',
      rule: 'taskCheck',
      wouldBe: 'other-task',
    });
    expect(decide(item('agent', 'bob', 't1', 'researcher'), BOB, ALL_SCOPES, withRulesOff('agentCheck'))).toEqual({
      visible: true,
      why: 'rule-off',
      rule: 'agentCheck',
      wouldBe: 'other-agent',
    });
    expect(
      decide(item('agent', 'bob', 't2', 'researcher'), BOB, ALL_SCOPES, withRulesOff('taskCheck', 'agentCheck')),
    ).toEqual({ visible: true, why: 'rule-off', rule: 'taskCheck', wouldBe: 'other-task' });
    expect(decide(item('agent', 'bob', 't2', 'planner'), BOB, ALL_SCOPES, withRulesOff('agentCheck'))).toEqual({
      visible: false,
      why: 'other-task',
    });
    expect(
      decide(
        item('task', 'bob', 't1', null),
        makePrincipal('bob', 't1', 'researcher'),
        NARROW,
        withRulesOff('declaredReads'),
      ),
    ).toEqual({ visible: true, why: 'rule-off', rule: 'declaredReads', wouldBe: 'scope-not-read' });
    expect(
      decide(
        item('user', 'alice', null, null),
        BOB,
        ALL_SCOPES,
        withRulesOff('taskCheck', 'agentCheck', 'declaredReads'),
      ),
    ).toEqual({ visible: false, why: 'other-user' });
  });
});
