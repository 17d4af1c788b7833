/**
 * The project's own store behind the adapter protocol (what `conform --self` and the suite's tests run):
 * a line it cannot act on is answered with an error naming what is wrong, never a crash, and the run
 * only starts with a reset.
 */
import { describe, expect, it } from 'vitest';
import { canaryAgents } from './canaryKit';
import { ownAdapter } from './ownAdapter';

const reset = { op: 'reset', agents: canaryAgents(), configuration: [] };
const bob = ['bob', 'task-1', 'planner'];

describe('ownAdapter', () => {
  it('refuses every step before a reset, and ends on end', () => {
    const adapter = ownAdapter();
    expect(adapter.handle({ op: 'query', as: bob, current: 'q' })).toEqual({ error: 'no reset yet' });
    expect(adapter.handle({ op: 'end' })).toEqual({ ok: true });
    expect(adapter.handle(reset)).toEqual({ ok: true });
    expect(adapter.handle({ op: 'end' })).toEqual({ ok: true });
  });

  it('answers a malformed line with what is wrong in it', () => {
    const adapter = ownAdapter();
    adapter.handle(reset);
    expect(adapter.handle({ op: 'query', as: ['bob', 'task-1'], current: 'q' })).toEqual({
      error: '"as" must be [user, task, agent]',
    });
    expect(adapter.handle({ op: 'query', as: ['bob', 'task-1', 7], current: 'q' })).toEqual({
      error: '"as" must be [user, task, agent]',
    });
    expect(adapter.handle({ op: 'query', as: 'bob', current: 'q' })).toEqual({
      error: '"as" must be [user, task, agent]',
    });
    expect(adapter.handle({ op: 'write', as: bob, scope: 'user', id: 5, text: 't' })).toEqual({
      error: 'id must be a string',
    });
    expect(adapter.handle({ op: 'handoff', as: bob, to: 'researcher', items: 'x', brief: 'b' })).toEqual({
      error: 'items must be a list of IDs',
    });
    expect(adapter.handle({ op: 'dance' })).toEqual({ error: 'unknown op "dance"' });
  });

  it('reads a reset’s configuration items and answers a query with them', () => {
    const adapter = ownAdapter();
    expect(adapter.handle({ ...reset, configuration: [{ id: 'app-rule', text: 'Answer from context.' }] })).toEqual({
      ok: true,
    });
    const answer = adapter.handle({ op: 'query', as: bob, current: 'What is the rule?' });
    expect(answer).toMatchObject({ items: ['app-rule'] });
    expect(adapter.handle({ ...reset, configuration: [{ id: 7, text: 'x' }] })).toEqual({
      error: 'id must be a string',
    });
  });
});

describe('ownAdapter, field by field', () => {
  const started = () => {
    const adapter = ownAdapter();
    adapter.handle(reset);
    return adapter;
  };

  it.each([
    [{ op: 'write', as: bob, scope: 7, id: 'i', text: 't' }, 'scope must be a string'],
    [{ op: 'write', as: bob, scope: 'user', id: 'i', text: null }, 'text must be a string'],
    [{ op: 'write', as: bob, scope: 'user', id: 'i', text: 't', user_id: 3 }, 'user_id must be a string'],
    [{ op: 'handoff', as: bob, to: 5, items: [], brief: 'b' }, 'to must be a string'],
    [{ op: 'handoff', as: bob, to: 'researcher', items: [], brief: false }, 'brief must be a string'],
    [{ op: 'handoff', as: bob, to: 'researcher', items: ['a', 1], brief: 'b' }, 'items must be a list of IDs'],
    [{ op: 'close_task', user: 1, task: 'task-1' }, 'user must be a string'],
    [{ op: 'close_task', user: 'bob', task: [] }, 'task must be a string'],
    [{ op: 'import', id: {}, text: 't' }, 'id must be a string'],
    [{ op: 'import', id: 'legacy', text: 2 }, 'text must be a string'],
    [{ op: 'forget_user', user: null }, 'user must be a string'],
    [{ op: 'query', as: bob, current: 4 }, 'current must be a string'],
    [{ op: 'query', as: [...bob, 'extra'], current: 'q' }, '"as" must be [user, task, agent]'],
    [{ op: 'query', as: [], current: 'q' }, '"as" must be [user, task, agent]'],
    [{ op: 'reset', agents: canaryAgents(), configuration: [{ id: 'app-x', text: 1 }] }, 'text must be a string'],
  ])('answers %j with the error %j', (line, error) => {
    expect(started().handle(line)).toEqual({ error });
  });

  it('acts on every op once reset, and refuses each before', () => {
    const lines = [
      { op: 'write', as: bob, scope: 'task', id: 'bob-plan', text: 'The plan.', user_id: 'alice' },
      { op: 'handoff', as: bob, to: 'researcher', items: ['bob-plan'], brief: 'Check it.' },
      { op: 'import', id: 'legacy', text: 'Old note.' },
      { op: 'close_task', user: 'bob', task: 'task-1' },
      { op: 'forget_user', user: 'bob' },
    ];
    const fresh = ownAdapter();
    for (const line of lines) expect(fresh.handle(line), line.op).toEqual({ error: 'no reset yet' });
    const adapter = started();
    for (const line of lines) expect(adapter.handle(line), line.op).toEqual({ ok: true });
  });

  it('starts afresh on each reset, and ends without touching the store', () => {
    const adapter = started();
    adapter.handle({ op: 'write', as: bob, scope: 'user', id: 'bob-note', text: 'Bob likes tea.' });
    expect(adapter.handle({ op: 'end' })).toEqual({ ok: true });
    expect(adapter.handle({ op: 'query', as: bob, current: 'tea?' })).toMatchObject({ items: ['bob-note'] });
    adapter.handle(reset);
    expect(adapter.handle({ op: 'query', as: bob, current: 'tea?' })).toMatchObject({ items: [] });
  });

  it('reads an agent without a tools list as having no tools, and one without reads as reading nothing', () => {
    const planner = canaryAgents()[0]!;
    const researcher = canaryAgents()[1]!;
    const handoff = { op: 'handoff', as: bob, to: 'researcher', items: [], brief: 'Check it.' };
    const handsOff = (tools: unknown) => {
      const adapter = ownAdapter();
      expect(adapter.handle({ ...reset, agents: [{ ...planner, tools }, researcher] })).toEqual({ ok: true });
      return adapter.handle(handoff);
    };
    expect(handsOff(['delegate'])).toEqual({ ok: true });
    for (const tools of [undefined, 'delegate', [7]])
      expect(handsOff(tools)).toMatchObject({ error: expect.any(String) });
    const unread = ownAdapter();
    expect(unread.handle({ ...reset, agents: [{ ...planner, reads: 'agent' }] })).toEqual({
      error: 'agent planner reads unknown scopes or not its own agent scope',
    });
    expect(unread.handle({ op: 'query', as: bob, current: 'q' })).toEqual({ error: 'no reset yet' });
  });

  it('answers a semantic cache’s reset, and lets an error that is not a refusal reach the caller', () => {
    const adapter = ownAdapter();
    expect(adapter.handle({ ...reset, semanticCache: { threshold: 0.8 } })).toEqual({ ok: true });
    expect(adapter.handle({ op: 'query', as: bob, current: 'q' })).toMatchObject({ items: [] });
    expect(() => adapter.handle({ op: 'reset', agents: [null], configuration: [] })).toThrow(TypeError);
  });
});
