/** The seed's data model: scopes, identifiers, principals, agents and items. */
import { ScopeError } from './errors';

export const SCOPES = ['app', 'user', 'task', 'agent'] as const;
export type Scope = (typeof SCOPES)[number];

/** The seed's identifier rule, written as its Python pattern so error messages match it. */
export const IDENTIFIER_PATTERN = '[a-z0-9][a-z0-9-]{0,63}';
const IDENTIFIER = new RegExp(`^${IDENTIFIER_PATTERN}$`);

/** Validate an identifier; `where` names the field in the error ("principal.user", "item.id"). */
export function identifier(value: unknown, where: string): string {
  if (typeof value !== 'string' || !IDENTIFIER.test(value)) {
    throw new ScopeError(`${where} must match ${IDENTIFIER_PATTERN}`, 'invalidIdentifier');
  }
  return value;
}

/** The requester: one user, one task and one agent. */
export interface Principal {
  readonly user: string;
  readonly task: string;
  readonly agent: string;
}

/** Build a principal; a blank, uppercase, null or space-containing ID is rejected, never a wildcard. */
export function makePrincipal(user: unknown, task: unknown, agent: unknown): Principal {
  return Object.freeze({
    user: identifier(user, 'principal.user'),
    task: identifier(task, 'principal.task'),
    agent: identifier(agent, 'principal.agent'),
  });
}

/** A map key for a principal: NUL cannot occur in a name, even one typed in the page, so keys never collide. */
export function principalKey(p: Principal): string {
  return `${p.user}\u0000${p.task}\u0000${p.agent}`;
}

/** "bob/task-17/planner", the seed's way of naming a principal. */
export function principalName(p: Principal): string {
  return `${p.user}/${p.task}/${p.agent}`;
}

export interface Agent {
  readonly name: string;
  readonly role: string;
  readonly tools: readonly string[];
  readonly reads: readonly string[];
}

/**
 * How to mend an agent's `reads` that makeAgent refused, in the editor's words: which names are not
 * scopes, and that "agent" (its own scope) must be among them.
 */
export function agentReadsFix(reads: readonly string[]): string {
  const unknown = reads.filter((scope) => !(SCOPES as readonly string[]).includes(scope));
  const fixes: string[] = [];
  if (unknown.length > 0)
    fixes.push(
      `${unknown.map((scope) => JSON.stringify(scope)).join(', ')} ${unknown.length === 1 ? 'is not a scope' : 'are not scopes'} (remove ${unknown.length === 1 ? 'it' : 'them'}: reads may name ${SCOPES.map((s) => `"${s}"`).join(', ')})`,
    );
  if (!reads.includes('agent')) fixes.push('add "agent" to its reads');
  return fixes.join('; ');
}

/** Build an agent; it must read only known scopes and always its own agent scope. */
export function makeAgent(name: unknown, role: string, tools: readonly string[], reads: readonly string[]): Agent {
  const checked = identifier(name, 'agent.name');
  if (!reads.every((scope) => (SCOPES as readonly string[]).includes(scope)) || !reads.includes('agent')) {
    throw new ScopeError(`agent ${checked} reads unknown scopes or not its own agent scope`, 'invalidAgent');
  }
  return Object.freeze({ name: checked, role, tools: Object.freeze([...tools]), reads: Object.freeze([...reads]) });
}

export interface Item {
  readonly id: string;
  readonly scope: Scope;
  readonly text: string;
  readonly user: string | null;
  readonly task: string | null;
  readonly agent: string | null;
  /** 'written', 'configuration' or 'handoff:<sender>:<brief|item id>'. */
  readonly source: string;
  /** Insertion number, unique for the life of a store: two users may hold the same `id`. */
  readonly seq: number;
}
