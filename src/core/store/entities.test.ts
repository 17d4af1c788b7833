/** Identifiers, principals and agents: the seed's validation, with its exact messages. */
import { describe, expect, it } from 'vitest';
import { assertNever, ScopeError } from './errors';
import {
  agentReadsFix,
  identifier,
  IDENTIFIER_PATTERN,
  makeAgent,
  makePrincipal,
  principalKey,
  principalName,
} from './entities';

describe('identifier', () => {
  it.each(['a', '0', 'task-17', 'a-', `a${'b'.repeat(63)}`])('accepts %j', (value) => {
    expect(identifier(value, 'x')).toBe(value);
  });

  it.each(['', '-a', 'A', 'a b', 'a_b', 'é', `a${'b'.repeat(64)}`, ' a', 'a\n', null, undefined, 17, ['a']])(
    'rejects %j, naming the field',
    (value) => {
      expect(() => identifier(value, 'item.id')).toThrow(
        new ScopeError(`item.id must match ${IDENTIFIER_PATTERN}`, 'invalidIdentifier'),
      );
    },
  );

  it("states the rule as the seed's Python pattern", () => {
    expect(IDENTIFIER_PATTERN).toBe('[a-z0-9][a-z0-9-]{0,63}');
  });
});

describe('makePrincipal', () => {
  it('checks user, then task, then agent, and freezes the result', () => {
    expect(() => makePrincipal('B', 'T', 'A')).toThrow('principal.user must match');
    expect(() => makePrincipal('b', 'T', 'A')).toThrow('principal.task must match');
    expect(() => makePrincipal('b', 't', 'A')).toThrow('principal.agent must match');
    const p = makePrincipal('bob', 'task-17', 'planner');
    expect(p).toEqual({ user: 'bob', task: 'task-17', agent: 'planner' });
    expect(Object.isFrozen(p)).toBe(true);
  });

  it('names a principal the way the seed does', () => {
    expect(principalName(makePrincipal('bob', 'task-17', 'planner'))).toBe('bob/task-17/planner');
  });
  it('keys two principals alike only when user, task and agent are all the same', () => {
    const key = (user: string, task: string, agent: string) => principalKey(makePrincipal(user, task, agent));
    expect(key('bob', 't1', 'planner')).toBe(key('bob', 't1', 'planner'));
    expect(
      new Set([key('a-b', 'c', 'd'), key('a', 'b-c', 'd'), key('a', 'b', 'c-d'), key('a-b-c', 'd', 'e')]).size,
    ).toBe(4);
    expect(key('bob', 't1', 'planner')).not.toBe(key('bob', 't1', 'researcher'));
  });
});

describe('agentReadsFix', () => {
  const SCOPES_NAMED = 'reads may name "app", "user", "task", "agent"';

  it('names one unknown scope, and says to remove it', () => {
    expect(agentReadsFix(['agent', 'world'])).toBe(`"world" is not a scope (remove it: ${SCOPES_NAMED})`);
  });

  it('names several unknown scopes together, and says to remove them', () => {
    expect(agentReadsFix(['world', 'agent', 'galaxy'])).toBe(
      `"world", "galaxy" are not scopes (remove them: ${SCOPES_NAMED})`,
    );
  });

  it('asks for the own agent scope, after the unknown ones', () => {
    expect(agentReadsFix(['app', 'user'])).toBe('add "agent" to its reads');
    expect(agentReadsFix(['world'])).toBe(
      `"world" is not a scope (remove it: ${SCOPES_NAMED}); add "agent" to its reads`,
    );
  });
});

describe('makeAgent', () => {
  it('keeps its role, tools and reads, copied and frozen', () => {
    const tools = ['search_docs'];
    const reads = ['app', 'agent'];
    const agent = makeAgent('researcher', 'Research.', tools, reads);
    tools.push('delegate');
    reads.push('user');
    expect(agent).toEqual({ name: 'researcher', role: 'Research.', tools: ['search_docs'], reads: ['app', 'agent'] });
    expect(Object.isFrozen(agent) && Object.isFrozen(agent.tools) && Object.isFrozen(agent.reads)).toBe(true);
  });

  it('must read its own agent scope and only known scopes', () => {
    const message = 'agent auditor reads unknown scopes or not its own agent scope';
    expect(() => makeAgent('auditor', 'r', [], ['app', 'user'])).toThrow(new ScopeError(message, 'invalidAgent'));
    expect(() => makeAgent('auditor', 'r', [], ['agent', 'world'])).toThrow(new ScopeError(message, 'invalidAgent'));
    expect(() => makeAgent('auditor', 'r', [], [])).toThrow(new ScopeError(message, 'invalidAgent'));
    expect(makeAgent('auditor', 'r', [], ['agent']).reads).toEqual(['agent']);
  });

  it('checks its name first', () => {
    expect(() => makeAgent('Auditor', 'r', [], [])).toThrow(
      new ScopeError('agent.name must match [a-z0-9][a-z0-9-]{0,63}', 'invalidIdentifier'),
    );
  });
});

describe('errors', () => {
  it('name a scope error as such', () => {
    const error = new ScopeError('unknown agent x', 'unknownAgent');
    expect(error.name).toBe('ScopeError');
    expect(String(error)).toBe('ScopeError: unknown agent x');
    expect(error).toBeInstanceOf(Error);
  });

  it('throw on a value a switch over a union did not expect', () => {
    expect(() => assertNever('odd' as never, 'step')).toThrow(new Error('unexpected step: "odd"'));
    expect(() => assertNever(3 as never)).toThrow(new Error('unexpected value: 3'));
  });
});
