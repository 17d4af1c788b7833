/**
 * The project's own store behind the adapter protocol (what `conform --self` and the suite's tests run):
 * a line it cannot act on is answered with an error naming what is wrong, never a crash, and the run
 * only starts with a reset.
 */
import { describe, expect, it } from 'vitest';
import { CANARY_AGENTS } from './canaryKit';
import { ownAdapter } from './ownAdapter';

const reset = { op: 'reset', agents: CANARY_AGENTS, configuration: [] };
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
