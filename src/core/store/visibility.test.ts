/** The read rule and the reason it gives, for every way an item can be visible or hidden. */
import { describe, expect, it } from 'vitest';
import { decide, ownersReadBy } from './visibility';
import { type Item, makeAgent, makePrincipal } from './entities';
import { ALL_RULES, withRulesOff } from './rules';

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

describe('decide with exactKeys off', () => {
  const PREFIX = withRulesOff('exactKeys');

  it("lets a key that begins with the principal's read through, and says exactKeys did it", () => {
    expect(decide(item('user', 'bobby', null, null), BOB, ALL_SCOPES, PREFIX)).toEqual({
      visible: true,
      why: 'rule-off',
      rule: 'exactKeys',
      wouldBe: 'other-user',
    });
    expect(decide(item('task', 'bob', 't10', null), BOB, ALL_SCOPES, PREFIX)).toEqual({
      visible: true,
      why: 'rule-off',
      rule: 'exactKeys',
      wouldBe: 'other-task',
    });
    expect(decide(item('agent', 'bob', 't1', 'planner-2'), BOB, ALL_SCOPES, PREFIX)).toEqual({
      visible: true,
      why: 'rule-off',
      rule: 'exactKeys',
      wouldBe: 'other-agent',
    });
  });

  it('reports the first key that only matched as a prefix', () => {
    expect(decide(item('agent', 'bobby', 't10', 'planner-2'), BOB, ALL_SCOPES, PREFIX)).toEqual({
      visible: true,
      why: 'rule-off',
      rule: 'exactKeys',
      wouldBe: 'other-user',
    });
    expect(decide(item('agent', 'bob', 't10', 'planner-2'), BOB, ALL_SCOPES, PREFIX)).toEqual({
      visible: true,
      why: 'rule-off',
      rule: 'exactKeys',
      wouldBe: 'other-task',
    });
  });

  it("still hides a key that does not begin with the principal's, or is shorter than it", () => {
    expect(decide(item('user', 'jimbob', null, null), BOB, ALL_SCOPES, PREFIX)).toEqual({
      visible: false,
      why: 'other-user',
    });
    expect(decide(item('user', 'bo', null, null), BOB, ALL_SCOPES, PREFIX)).toEqual({
      visible: false,
      why: 'other-user',
    });
    expect(decide(item('task', 'bob', 'xt1', null), BOB, ALL_SCOPES, PREFIX)).toEqual({
      visible: false,
      why: 'other-task',
    });
    expect(decide(item('agent', 'bob', 't1', 'head-planner'), BOB, ALL_SCOPES, PREFIX)).toEqual({
      visible: false,
      why: 'other-agent',
    });
  });

  it('with taskCheck off too, names the rule of the key that does not match at all', () => {
    expect(decide(item('task', 'bob', 't2', null), BOB, ALL_SCOPES, withRulesOff('exactKeys', 'taskCheck'))).toEqual({
      visible: true,
      why: 'rule-off',
      rule: 'taskCheck',
      wouldBe: 'other-task',
    });
  });
});

describe('decide for an item stored without an owner', () => {
  const ownerless = item('user', null, null, null);

  it('hides it from every principal, saying it has no owner', () => {
    expect(decide(ownerless, BOB, ALL_SCOPES)).toEqual({ visible: false, why: 'no-owner' });
  });

  it('with ownerlessHidden off, shows it, reported as that rule switched off', () => {
    expect(decide(ownerless, BOB, ALL_SCOPES, withRulesOff('ownerlessHidden'))).toEqual({
      visible: true,
      why: 'rule-off',
      rule: 'ownerlessHidden',
      wouldBe: 'no-owner',
    });
  });
});

describe('ownersReadBy', () => {
  const OWNERS = ['bobby', 'alice', 'bob', 'jimbob', 'bo'];

  it('is the user alone while keys are compared whole, even one holding nothing yet', () => {
    expect(ownersReadBy('bob', OWNERS, ALL_RULES)).toEqual(['bob']);
    expect(ownersReadBy('carol', OWNERS, ALL_RULES)).toEqual(['carol']);
  });

  it('with exactKeys off, is every owner whose name begins with the user, in the order given', () => {
    expect(ownersReadBy('bob', OWNERS, withRulesOff('exactKeys'))).toEqual(['bobby', 'bob']);
    expect(ownersReadBy('carol', OWNERS, withRulesOff('exactKeys'))).toEqual([]);
  });
});
