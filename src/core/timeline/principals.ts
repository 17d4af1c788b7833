/** Which principals and questions a scenario's timeline mentions, for choosing who asks. */
import { makePrincipal, type Principal, principalKey } from '../store/entities';
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
    users.push(step.as[0]);
    tasks.push(step.as[1]);
    agents.push(step.as[2]);
    if (step.op === 'handoff') agents.push(step.to);
  }
  return { users: unique(users), tasks: unique(tasks), agents: unique(agents) };
}

/**
 * Every principal the scenario's steps act as, and each handoff's receiver (the sender's user and task
 * with the receiving agent), in order of appearance. A name the store would refuse is no principal.
 */
export function namedPrincipals(timeline: Timeline): Principal[] {
  // Keyed by the raw names first: a big scenario repeats a few principals over thousands of steps, and
  // each is checked (and frozen) once.
  const seen = new Map<string, Principal | null>();
  const add = (user: string, task: string, agent: string) => {
    const key = principalKey({ user, task, agent });
    if (seen.has(key)) return;
    try {
      seen.set(key, makePrincipal(user, task, agent));
    } catch (error) {
      if (!(error instanceof ScopeError)) throw error;
      seen.set(key, null);
    }
  };
  for (const { step } of timeline.entries) {
    if (step === null || step.op === 'close_task') continue;
    add(...step.as);
    if (step.op === 'handoff') add(step.as[0], step.as[1], step.to);
  }
  return [...seen.values()].filter((p): p is Principal => p !== null);
}

/** The first query's principal, else the first step's, else a principal built from the first names. */
export function defaultPrincipal(timeline: Timeline): Principal | null {
  const steps = timeline.entries.map((entry) => entry.step);
  const query = steps.find((step) => step?.op === 'query') ?? null;
  const first = stepPrincipal(query) ?? steps.map(stepPrincipal).find((p) => p !== null);
  if (first) return first;
  const { users, tasks, agents } = principalOptions(timeline);
  if (users[0] === undefined || tasks[0] === undefined || agents[0] === undefined) return null;
  return { user: users[0], task: tasks[0], agent: agents[0] };
}

/** The question in force at entry `index`: that query's, else the nearest query's before it, else the first. */
export function defaultQuestion(timeline: Timeline, index: number, fallback = 'What is the plan?'): string {
  const questions = timeline.entries.map((entry) => (entry.step?.op === 'query' ? entry.step.current : null));
  for (let i = Math.min(index, questions.length - 1); i >= 0; i--) if (questions[i] != null) return questions[i]!;
  return questions.find((q) => q !== null) ?? fallback;
}

export function samePrincipal(a: Principal | null, b: Principal | null): boolean {
  return a !== null && b !== null && a.user === b.user && a.task === b.task && a.agent === b.agent;
}
