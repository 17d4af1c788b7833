/**
 * Who may be asking at a step, for the "Who is asking" picker: the users the scenario names, the chosen
 * user's own tasks (never another user's), the agents that exist (configured), each with a note when it
 * is not there yet at this step; and whether the chosen principal is one a step acts as, or a
 * hypothetical one. Built once per timeline (principalIndex), read at each step in the size of one
 * user's tasks, so stepping through 20,000 steps does not rescan the timeline.
 */
import { type Principal, principalKey, principalName } from '../store/entities';
import type { Timeline } from '../replay/replayText';
import { stepPrincipal } from '../explain/describe';
import { stepName } from './stepNumbers';

interface TaskLife {
  task: string;
  /** The first step acting in the task, or closing it. */
  first: number;
  /** The first step that closed it, or null; and the first step acting in it after that, or null. */
  closed: number | null;
  reopened: number | null;
}

/** True when the task was closed at `index` (closed at or before it, not acted in again since). */
const closedAt = (t: TaskLife, index: number) =>
  t.closed !== null && t.closed <= index && (t.reopened === null || t.reopened > index);

export interface PrincipalIndex {
  users: Map<string, { first: number; tasks: TaskLife[] }>;
  agents: string[];
  /** The first step acting as each principal (by principalKey). */
  acting: Map<string, number>;
  /** Each user's first step, in order (users are kept in order of first appearance). */
  firsts: number[];
  /** The agents' options, once; and the users' options for the last count of users begun, reused while it holds. */
  agentOptions: PickerOption[];
  userOptions: { begun: number; options: PickerOption[] } | null;
}

export function principalIndex(timeline: Timeline): PrincipalIndex {
  const users = new Map<string, { first: number; tasks: TaskLife[] }>();
  const acting = new Map<string, number>();
  const life = (user: string, task: string, at: number): TaskLife => {
    let entry = users.get(user);
    if (entry === undefined) users.set(user, (entry = { first: at, tasks: [] }));
    let found = entry.tasks.find((t) => t.task === task);
    if (found === undefined) entry.tasks.push((found = { task, first: at, closed: null, reopened: null }));
    return found;
  };
  for (const { index, step } of timeline.entries) {
    if (step === null) continue;
    if (step.op === 'close_task') {
      const closed = life(step.user, step.task, index);
      closed.closed ??= index;
      continue;
    }
    const principal = stepPrincipal(step);
    // An import and a forgotten user act as no principal.
    if (principal === null) continue;
    const task = life(principal.user, principal.task, index);
    // A task acted in again after it was closed is open again from that step.
    if (task.closed !== null && task.closed < index) task.reopened ??= index;
    const key = principalKey(principal);
    if (!acting.has(key)) acting.set(key, index);
  }
  const agents = timeline.agents.map((agent) => agent.name);
  return {
    users,
    agents,
    acting,
    firsts: [...users.values()].map((u) => u.first),
    agentOptions: agents.map((agent) => ({ value: agent, note: null })),
    userOptions: null,
  };
}

/** One option of a picker: the value, and why it is not a plain choice at this step (or null). */
export interface PickerOption {
  value: string;
  note: string | null;
}

export interface PrincipalChoices {
  users: PickerOption[];
  tasks: PickerOption[];
  agents: PickerOption[];
  /** Null when a step up to this one acts as the principal; else a sentence saying it is hypothetical. */
  hypothetical: string | null;
}

const firstAt = (first: number, index: number) => (first > index ? `first at ${stepName(first)}` : null);

export function principalChoices(at: PrincipalIndex, index: number, principal: Principal | null): PrincipalChoices {
  const users = userOptionsAt(at, index);
  const own = principal === null ? undefined : at.users.get(principal.user);
  const tasks: PickerOption[] = (own?.tasks ?? []).map((t) => ({
    value: t.task,
    note:
      t.first > index
        ? `first at ${stepName(t.first)}`
        : closedAt(t, index)
          ? `closed at ${stepName(t.closed!)}`
          : null,
  }));
  let agents = at.agentOptions;
  let allUsers = users;
  if (principal !== null) {
    if (principal.user !== '' && !at.users.has(principal.user))
      allUsers = [...users, { value: principal.user, note: 'no step names this user' }];
    if (principal.task !== '' && !tasks.some((t) => t.value === principal.task))
      tasks.push({ value: principal.task, note: `not ${principal.user}'s task` });
    if (principal.agent !== '' && !at.agents.includes(principal.agent))
      agents = [...agents, { value: principal.agent, note: 'not a configured agent' }];
  }
  let hypothetical: string | null = null;
  if (principal !== null) {
    const first = at.acting.get(principalKey(principal));
    if (first === undefined || first > index)
      hypothetical = `Hypothetical: no step ${index === 0 ? 'yet' : `up to ${stepName(index)}`} acts as ${principalName(principal)}${first === undefined ? '' : ` (it first asks at ${stepName(first)})`}.`;
  }
  return { users: allUsers, tasks, agents, hypothetical };
}

/**
 * The users' options at a step: they change only when another user has begun, so the same array is
 * handed back while the count of users begun holds (the picker's list then stays as it is; a scenario
 * of thousands of users does not rebuild it at every step). Binary search over the users' first steps.
 */
function userOptionsAt(at: PrincipalIndex, index: number): PickerOption[] {
  let lo = 0;
  let hi = at.firsts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (at.firsts[mid]! <= index) lo = mid + 1;
    else hi = mid;
  }
  if (at.userOptions?.begun !== lo) {
    const options = [...at.users].map(([user, { first }]) => ({ value: user, note: firstAt(first, index) }));
    at.userOptions = { begun: lo, options };
  }
  return at.userOptions.options;
}

/**
 * The principal after the learner changes part of it, kept real where it can be: a new user gets their
 * own task (the one they last acted in up to this step, else their first), never another user's; an agent
 * that is not configured gives way to the first that is.
 */
export function changePrincipal(
  at: PrincipalIndex,
  index: number,
  base: Principal,
  change: Partial<Principal>,
): Principal {
  const next = { ...base, ...change };
  if (change.user !== undefined && change.task === undefined) {
    const tasks = at.users.get(next.user)?.tasks ?? [];
    if (!tasks.some((t) => t.task === next.task)) {
      const open = tasks.filter((t) => t.first <= index && !closedAt(t, index));
      const pick = open.at(-1) ?? tasks.find((t) => t.first <= index) ?? tasks[0];
      if (pick !== undefined) next.task = pick.task;
    }
  }
  if (change.agent === undefined && at.agents.length > 0 && !at.agents.includes(next.agent)) next.agent = at.agents[0]!;
  return next;
}

const indexes = new WeakMap<Timeline, PrincipalIndex>();
/** principalIndex, once per timeline. */
export function principalIndexOf(timeline: Timeline): PrincipalIndex {
  let found = indexes.get(timeline);
  if (found === undefined) indexes.set(timeline, (found = principalIndex(timeline)));
  return found;
}
