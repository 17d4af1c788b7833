/**
 * The memtool timeline in words: each tool call, and how the safe and naive tools answered it. Pure
 * words over recorded outcomes; nothing here decides what a principal may read (tools.ts does).
 */
import { assertNever } from '../store/errors';
import { count } from '../text/plural';
import type { TenantPrincipal } from './session';
import type { ToolArgs, ToolResponse } from './tools';
import type { MemtoolEntry, MemtoolOutcome } from './replay';

/** "usr_310 in org_2207", or "no principal". */
export function describePrincipal(p: TenantPrincipal | null): string {
  return p === null
    ? 'no principal'
    : `${p.user_id} in ${p.org_id}${p.roles.length > 0 ? ` (${p.roles.join(', ')})` : ''}`;
}

/** The call as the model wrote it: search_memory(org_id: "org_4471", query: "original context"). */
export function describeCall(op: string, args: ToolArgs): string {
  return `${op}(${Object.entries(args)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join(', ')})`;
}

/** What one tool answered, in a few words. */
function answered(response: ToolResponse, principal: TenantPrincipal | null): string {
  if (response.kind !== 'ok') return `“${response.text}”`;
  if (response.records.length === 0) return response.text.startsWith('[') ? 'no records' : `“${response.text}”`;
  const foreign = response.records.filter((r) => r.org_id !== principal?.org_id).length;
  return `${count(response.records.length, 'record')}${foreign > 0 ? `, ${foreign} from another tenant` : ''}`;
}

/** End a sentence once: a quoted answer often ends with its own full stop. */
const sentence = (text: string) => (/[.!?]”?$/.test(text) ? text : `${text}.`);

/** How the two sides answered one call. */
export function describeOutcome(outcome: MemtoolOutcome): string {
  switch (outcome.kind) {
    case 'started':
      return `The shared store holds ${count(outcome.memories.length, 'record')} of ${count(new Set(outcome.memories.map((r) => r.org_id)).size, 'organisation')}.`;
    case 'searched':
      return `${sentence(`Safe: ${answered(outcome.safe.response, outcome.principal)}${outcome.safe.identical ? ', the same without the identifiers' : ''}`)} ${sentence(`Naive: ${answered(outcome.naive.response, outcome.principal)}`)}`;
    case 'forgot': {
      const oracle = outcome.naive.response.kind !== 'ok' && outcome.naive.response.text !== outcome.naive.missing.text;
      return `${sentence(`Safe: ${answered(outcome.safe.response, outcome.principal)}`)} ${sentence(`Naive: ${answered(outcome.naive.response, outcome.principal)}${oracle ? ', which tells the caller the ID exists' : ''}`)}`;
    }
    case 'viewed': {
      const side = (view: typeof outcome.safe) =>
        view.response.kind === 'ok' ? `opened ${view.attempt?.opened ?? '?'}` : `“${view.response.text}”`;
      return `${sentence(`Safe: ${side(outcome.safe)}`)} ${sentence(`Naive: ${side(outcome.naive)}`)}`;
    }
    default:
      return assertNever(outcome, 'outcome');
  }
}

export interface MemtoolWords {
  op: 'start' | 'search' | 'forget' | 'view';
  summary: string;
  result: string;
}

const OPS = { search_memory: 'search', forget_memory: 'forget', view_memory_file: 'view' } as const;

/** One entry in words. */
export function describeMemtoolEntry(entry: MemtoolEntry): MemtoolWords {
  const { step } = entry;
  if (step === null)
    return {
      op: 'start',
      summary: 'The agent starts with a shared memory store',
      result: describeOutcome(entry.outcome),
    };
  const who = step.session ?? 'no principal';
  return {
    op: OPS[step.op],
    summary: `${who}: ${describeCall(step.op, step.args as ToolArgs)}`,
    result: describeOutcome(entry.outcome),
  };
}
