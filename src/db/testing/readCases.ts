/**
 * Test-only: the reads to compare between PostgreSQL and the in-memory store. For every query step of
 * a timeline, the state at that step and a handful of principals, each with the items the store
 * gives it. Shared by the PGlite and the server suites, so both check the same thing.
 */
import { ScopeError } from '../../core/store/errors';
import { type Item, type Principal, makePrincipal, principalName } from '../../core/store/entities';
import type { Timeline } from '../../core/replay/replayText';
import { principalOptions } from '../../core/timeline/principals';
import { type StoreState, stateAt } from '../../core/sql';
import { storeAt } from '../../core/timeline/timeline';

/** An agent name no scenario configures (the store refuses it; the policy shows it nothing). */
export const UNKNOWN_AGENT = 'no-such-agent';

export interface Read {
  /** "bob/task-17/planner", or "(unset)". */
  label: string;
  principal: Principal | null;
  expected: Item[];
}

export interface StepReads {
  /** The timeline entry of the query step. */
  index: number;
  state: StoreState;
  reads: Read[];
}

/**
 * What PostgreSQL must return: store.visible(principal); for an unknown agent, which the store refuses
 * with ScopeError, no rows (fail closed); with no principal set, the app items only.
 */
export function expectedRows(timeline: Timeline, index: number, principal: Principal | null): Item[] {
  const store = storeAt(timeline, index);
  if (principal === null) return store.items().filter((item) => item.scope === 'app');
  try {
    return store.visible(principal);
  } catch (error) {
    if (error instanceof ScopeError && error.message === `unknown agent ${principal.agent}`) return [];
    throw error;
  }
}

/** The query's own principal, each configured agent in its user's task, another task, another user, an unknown agent, and none. */
function principalsFor(timeline: Timeline, asked: Principal): Array<Principal | null> {
  const { users, tasks } = principalOptions(timeline);
  const otherTask = tasks.find((task) => task !== asked.task) ?? `${asked.task}-other`.slice(0, 64);
  const otherUser = users.find((user) => user !== asked.user) ?? `${asked.user}-other`.slice(0, 64);
  const agents = timeline.agents.map((agent) => agent.name).filter((name) => name !== UNKNOWN_AGENT);
  return [
    asked,
    ...agents.map((agent) => makePrincipal(asked.user, asked.task, agent)),
    makePrincipal(asked.user, otherTask, asked.agent),
    makePrincipal(otherUser, asked.task, asked.agent),
    makePrincipal(asked.user, asked.task, UNKNOWN_AGENT),
    null,
  ];
}

/** Every query step of `timeline` with its reads (principals deduplicated). */
export function queryStepReads(timeline: Timeline): StepReads[] {
  const out: StepReads[] = [];
  for (const entry of timeline.entries) {
    if (entry.step?.op !== 'query') continue;
    let asked: Principal;
    try {
      asked = makePrincipal(...entry.step.as);
    } catch (error) {
      if (error instanceof ScopeError) continue; // the store rejected this query's principal itself
      throw error;
    }
    const seen = new Set<string>();
    const reads: Read[] = [];
    for (const principal of principalsFor(timeline, asked)) {
      const label = principal === null ? '(unset)' : principalName(principal);
      if (seen.has(label)) continue;
      seen.add(label);
      reads.push({ label, principal, expected: expectedRows(timeline, entry.index, principal) });
    }
    out.push({ index: entry.index, state: stateAt(timeline, entry.index), reads });
  }
  return out;
}
