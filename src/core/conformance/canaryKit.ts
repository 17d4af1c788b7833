/**
 * A small language for the canary scenarios (canaries.ts): principals as "user/task/agent", items
 * whose IDs are canary tokens ("$" stands for the canary's own prefix, c01, c02, ...), so a leak is
 * named by the token that crossed and no two canaries share one.
 */
import type { AgentSpec, Scenario, Step } from '../scenario/scenario';

/** The agents every canary runs with (a fresh list each call, so no caller can change another's). */
export function canaryAgents(): AgentSpec[] {
  return [
    {
      name: 'planner',
      role: 'Plan the task and delegate research.',
      tools: ['search_docs', 'delegate'],
      reads: ['app', 'user', 'task', 'agent'],
    },
    { name: 'researcher', role: 'Search and report.', tools: ['search_docs'], reads: ['app', 'agent'] },
    { name: 'summarizer', role: 'Summarize the task.', tools: [], reads: ['app', 'task', 'agent'] },
    { name: 'planner-2', role: 'A second planner.', tools: ['delegate'], reads: ['app', 'user', 'task', 'agent'] },
  ];
}

/** The question every canary query asks unless it names its own. */
export const QUESTION = 'What is the plan for the export job?';

type As = [string, string, string];
function as(who: string): As {
  const parts = who.split('/');
  return [parts[0] ?? '', parts[1] ?? '', parts[2] ?? ''];
}

/** A step whose text may hold "$" for the canary's prefix. */
export type StepDraft = Step;

export function write(who: string, scope: string, id: string, text?: string, userId?: string): StepDraft {
  return {
    op: 'write',
    as: as(who),
    scope,
    id,
    text: text ?? `Canary ${id}: ${who.split('/')[0]}'s ${scope} note on the export plan.`,
    ...(userId === undefined ? {} : { user_id: userId }),
  };
}
export function query(who: string, current = QUESTION): StepDraft {
  return { op: 'query', as: as(who), current };
}
export function handoff(
  who: string,
  to: string,
  items: string[],
  brief = 'Canary $ brief: check the plan.',
): StepDraft {
  return { op: 'handoff', as: as(who), to, items, brief };
}
export function closeTask(user: string, task: string): StepDraft {
  return { op: 'close_task', user, task };
}
/** A system import: a user item stored with no owner. */
export function importItem(id: string, text?: string): StepDraft {
  return { op: 'import', id, text: text ?? `Canary ${id}: an imported note on the export plan, stored with no owner.` };
}
export function forgetUser(user: string): StepDraft {
  return { op: 'forget_user', user };
}

export interface CanaryDraft {
  /** What a correct store does, one sentence. */
  name: string;
  /** 'refuse': a broken store shows or accepts too much; 'allow': a too strict one hides or refuses what it must not. */
  direction: 'refuse' | 'allow';
  steps: StepDraft[];
  configuration?: Scenario['configuration'];
  /** The scenario's semantic cache, for the canaries of the rule that partitions it. */
  semanticCache?: Scenario['semanticCache'];
}

/** Replace "$" with the prefix in every string of a value (IDs, texts, briefs, item lists). */
function fill<T>(value: T, prefix: string): T {
  if (typeof value === 'string') return value.replaceAll('$', prefix) as T;
  if (Array.isArray(value)) return value.map((v) => fill(v, prefix)) as T;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, prefix)])) as T;
  return value;
}

/** The scenario of a draft, its tokens made unique by `prefix`. */
export function canaryScenario(draft: CanaryDraft, prefix: string): Scenario {
  return {
    agents: canaryAgents(),
    configuration: fill(
      draft.configuration ?? [{ id: '$-app-policy', text: 'Canary $: answer from the context.' }],
      prefix,
    ),
    ...(draft.semanticCache === undefined ? {} : { semanticCache: draft.semanticCache }),
    steps: fill(draft.steps, prefix),
  };
}
