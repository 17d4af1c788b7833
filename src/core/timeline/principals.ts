/** Which principals and questions a scenario's timeline mentions, for choosing who asks. */
import { makePrincipal, type Principal, principalKey, principalName } from '../store/entities';
import { ScopeError } from '../store/errors';
import type { Timeline } from '../replay/replayText';
import { stepPrincipal } from '../explain/describe';

export interface PrincipalOptions {
  users: string[];
  tasks: string[];
  agents: string[];
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

/** Every user, task and agent the scenario names (configured agents first), in order of appearance. */
export function principalOptions(timeline: Timeline): PrincipalOptions {
  const users: string[] = [];
  const tasks: string[] = [];
  const agents: string[] = timeline.agents.map((agent) => agent.name);
  for (const { step } of timeline.entries) {
    if (step === null) continue;
    if (step.op === 'close_task') {
      users.push(step.user);
      tasks.push(step.task);
      continue;
    }
    if (step.op === 'forget_user') {
      users.push(step.user);
      continue;
    }
    if (step.op === 'import') continue;
    users.push(step.as[0]);
    tasks.push(step.as[1]);
    agents.push(step.as[2]);
    if (step.op === 'handoff') agents.push(step.to);
  }
  return { users: unique(users), tasks: unique(tasks), agents: unique(agents) };
}

/** A principal a step acts as, as the scenario names it (not validated), and whether that step is a query. */
export interface Acting {
  principal: Principal;
  query: boolean;
}

/** The principal of every step in step order (a close_task acts as none): the one list the choosers read. */
export function actingPrincipals(timeline: Timeline): Acting[] {
  const out: Acting[] = [];
  for (const { step } of timeline.entries) {
    const principal = stepPrincipal(step);
    if (principal !== null) out.push({ principal, query: step?.op === 'query' });
  }
  return out;
}

/** The distinct valid principals the steps act as, in order of first appearance (a refused name is none). */
export function scenarioPrincipals(timeline: Timeline): Principal[] {
  const seen = new Map<string, Principal>();
  for (const { principal } of actingPrincipals(timeline)) {
    try {
      const valid = makePrincipal(principal.user, principal.task, principal.agent);
      seen.set(principalName(valid), valid);
    } catch (error) {
      if (!(error instanceof ScopeError)) throw error;
    }
  }
  return [...seen.values()];
}

/**
 * The access picture's rows: every principal the steps act as (scenarioPrincipals), then each handoff's
 * receiver (the sender's user and task with the receiving agent) that no step acts as. A name the store
 * would refuse is no principal.
 */
export function namedPrincipals(timeline: Timeline): Principal[] {
  const seen = new Map(scenarioPrincipals(timeline).map((p) => [principalKey(p), p]));
  for (const { step } of timeline.entries) {
    if (step?.op !== 'handoff') continue;
    const key = principalKey({ user: step.as[0], task: step.as[1], agent: step.to });
    if (seen.has(key)) continue;
    try {
      seen.set(key, makePrincipal(step.as[0], step.as[1], step.to));
    } catch (error) {
      if (!(error instanceof ScopeError)) throw error;
    }
  }
  return [...seen.values()];
}

/** The first query's principal, else the first step's, else a principal built from the first names. */
export function defaultPrincipal(timeline: Timeline): Principal | null {
  const acting = actingPrincipals(timeline);
  const first = (acting.find((a) => a.query) ?? acting[0])?.principal;
  if (first) return first;
  const { users, tasks, agents } = principalOptions(timeline);
  if (users[0] === undefined || tasks[0] === undefined || agents[0] === undefined) return null;
  return { user: users[0], task: tasks[0], agent: agents[0] };
}

export function samePrincipal(a: Principal | null, b: Principal | null): boolean {
  return a !== null && b !== null && a.user === b.user && a.task === b.task && a.agent === b.agent;
}
