/**
 * Large scenarios for the benchmark, generated deterministically from a seed (no Math.random), in the
 * seed's scenario.json format: writes of every scope, handoffs, close_task and queries by many users.
 */
import type { Scenario, Step } from '../src/core/scenario/scenario';
import { seeded } from '../src/core/seeded';

/** The core's seeded generator, so the same size always gives the same scenario. */
export const seededRandom = seeded;

export interface BenchSize {
  users: number;
  /** Items each user's steps create: writes plus a handoff's brief and copies. */
  itemsPerUser: number;
  queries: number;
}

/** The questions queries ask; every item text shares words with them, as in the seed's fixture. */
export const QUESTIONS = [
  'What is the plan for the export job?',
  'Which database will the export job use?',
  'When must the nightly report job finish?',
] as const;

const JOBS = ['export', 'import', 'billing', 'report', 'backup', 'sync'];
const DATABASES = ['PostgreSQL', 'MySQL', 'SQLite', 'ClickHouse'];
const TABLES = ['exports', 'invoices', 'accounts', 'events'];
const STYLES = ['short answers', 'bullet lists', 'answers with sources', 'a formal tone'];

type Pick = <T>(list: readonly T[]) => T;

/** One user's items as write steps: 2 user, 4 task and 1 agent scope (with the handoff: 10 items). */
function userWrites(user: string, task: string, pick: Pick, n: number): Step[] {
  const as: [string, string, string] = [user, task, 'planner'];
  const job = pick(JOBS);
  const texts: Array<['user' | 'task' | 'agent', string, string]> = [
    ['user', 'style', `${user} prefers ${pick(STYLES)}.`],
    ['user', 'contact', `The billing contact for ${user} is ${user}@example.com.`],
    ['task', 'plan', `Task ${n}: move the ${job} job to ${pick(DATABASES)}.`],
    ['task', 'limit', `The ${job} job must finish within ${5 + (n % 50)} minutes.`],
    ['task', 'owner', `The plan for the ${job} job is reviewed by the data team on Mondays.`],
    ['task', 'risk', `Risk: the ${pick(TABLES)} table is locked while the ${job} job runs.`],
    ['agent', 'scratch', `Draft: ask the researcher whether row-level security covers the ${pick(TABLES)} table.`],
  ];
  return texts.map(([scope, suffix, text]) => ({ op: 'write', as, scope, id: `${user}-${suffix}`, text }));
}

/** Merge per-user step lists in a seeded random order, keeping each user's own order. */
function interleave(lists: Step[][], random: () => number): Step[] {
  const open = lists.map((steps) => ({ steps, at: 0 }));
  const out: Step[] = [];
  while (open.length > 0) {
    const i = Math.floor(random() * open.length);
    const list = open[i]!;
    out.push(list.steps[list.at++]!);
    if (list.at === list.steps.length) {
      open[i] = open[open.length - 1]!;
      open.pop();
    }
  }
  return out;
}

/**
 * A scenario with `users` users, each writing items of every scope in one task and handing two task
 * items to the researcher; one user in twenty closes the task later. `queries` queries by random
 * users (planner or researcher) are spread over the last tenth of the steps.
 */
export function generateScenario(size: BenchSize, seed = 42): Scenario {
  if (size.itemsPerUser !== 10) throw new Error('the generator writes exactly 10 items per user');
  const random = seededRandom(seed);
  const pick: Pick = (list) => list[Math.floor(random() * list.length)]!;
  const name = (i: number) => `user-${String(i).padStart(5, '0')}`;
  const perUser: Step[][] = [];
  for (let u = 0; u < size.users; u++) {
    const user = name(u);
    const task = `task-${u}`;
    const steps = userWrites(user, task, pick, u);
    steps.push({
      op: 'handoff',
      as: [user, task, 'planner'],
      to: 'researcher',
      items: [`${user}-plan`, `${user}-risk`],
      brief: `Find whether the ${pick(JOBS)} job plan is safe for the ${pick(TABLES)} table.`,
    });
    if (u % 20 === 7) steps.push({ op: 'close_task', user, task });
    perUser.push(steps);
  }
  const writes = interleave(perUser, random);
  const from = Math.floor(writes.length * 0.9);
  const positions = Array.from(
    { length: size.queries },
    () => from + Math.floor(random() * (writes.length - from + 1)),
  );
  positions.sort((a, b) => a - b);
  const steps: Step[] = [];
  let next = 0;
  for (let i = 0; i <= writes.length; i++) {
    for (; next < positions.length && positions[next] === i; next++) {
      const u = Math.floor(random() * size.users);
      const agent = random() < 0.75 ? 'planner' : 'researcher';
      steps.push({ op: 'query', as: [name(u), `task-${u}`, agent], current: pick(QUESTIONS) });
    }
    if (i < writes.length) steps.push(writes[i]!);
  }
  return {
    agents: [
      {
        name: 'planner',
        role: 'Plan the task and delegate research.',
        tools: ['search_docs', 'delegate'],
        reads: ['app', 'user', 'task', 'agent'],
      },
      {
        name: 'researcher',
        role: 'Search the documentation and report findings.',
        tools: ['search_docs'],
        reads: ['app', 'agent'],
      },
    ],
    configuration: [{ id: 'app-policy', text: 'Answer from the context items. Say when a fact is missing.' }],
    steps,
  };
}
