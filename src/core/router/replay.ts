/**
 * Replay of a router scenario into a timeline: each step's outcome and the banks after it. A recall
 * records both orderings side by side: the router (authorize, then rank) and the naive one (rank
 * every bank, then filter), each with everything its scorer was handed.
 */
import { assertNever } from '../store/errors';
import type { Problem } from '../scenario/scenario';
import {
  type Bank,
  type ContextPolicy,
  type Memory,
  MemoryRouter,
  type RecallTrace,
  type RememberResult,
  RouterError,
} from './router';
import { type NaiveRecallTrace, naiveRecallTrace } from './naive';
import { formatResults } from './format';
import { type RouterScenario, type RouterStep, parseRouterScenario } from './scenario';

/** One recall, seen from both orderings. */
export interface RecallComparison {
  context: string;
  /** Whether the context is recognised; if not, `policy` is DEFAULT_POLICY. */
  known: boolean;
  policy: ContextPolicy;
  query: string;
  limit: number;
  safe: RecallTrace;
  naive: NaiveRecallTrace;
  /** The router's results as the seed's command line prints them. */
  printed: string;
}

export type RouterOutcome =
  | { kind: 'configured'; contexts: ReadonlyArray<readonly [string, ContextPolicy]> }
  | ({ kind: 'recalled' } & RecallComparison)
  | { kind: 'stored'; bank: Bank; memory: Memory; result: RememberResult }
  | { kind: 'write-denied'; contextId: string; memory: Memory; result: RememberResult }
  | { kind: 'replaced'; bank: Bank; removed: Memory[]; added: Memory[] }
  | { kind: 'rejected'; reason: string };

export interface RouterEntry {
  /** 0 is the starting state; K is the scenario's step K, counted from 1. */
  index: number;
  step: RouterStep | null;
  outcome: RouterOutcome;
  /** Each bank after this entry (arrays are never changed afterwards). */
  banks: Readonly<Record<Bank, readonly Memory[]>>;
}

export interface RouterTimeline {
  contexts: ReadonlyArray<readonly [string, ContextPolicy]>;
  entries: RouterEntry[];
}

export type RouterReplayOutcome = { kind: 'ok'; timeline: RouterTimeline } | { kind: 'invalid'; problems: Problem[] };

/** Recall through both orderings on the same router state. Throws RouterError as recall does. */
export function compareRecall(router: MemoryRouter, context: string, query: string, limit = 5): RecallComparison {
  const known = router.contexts.has(context);
  const safe = router.recallTrace(context, query, limit);
  const naive = naiveRecallTrace(router, context, query, limit);
  return {
    context,
    known,
    policy: router.policyFor(context),
    query,
    limit,
    safe,
    naive,
    printed: formatResults(safe.results),
  };
}

const sameMemory = (a: Memory, b: Memory) =>
  a.memory_id === b.memory_id && a.content === b.content && a.source_id === b.source_id;

function apply(router: MemoryRouter, step: RouterStep): RouterOutcome {
  switch (step.op) {
    case 'recall':
      return { kind: 'recalled', ...compareRecall(router, step.context, step.query, step.limit) };
    case 'remember': {
      const memory = Object.freeze({ ...step.memory });
      const result = router.remember(step.context, memory);
      return result.stored
        ? { kind: 'stored', bank: result.bank, memory, result }
        : { kind: 'write-denied', contextId: result.context_id, memory, result };
    }
    case 'replace_bank': {
      // replaceBank refuses a bank that does not exist, so `before` is read only for a real one.
      const bank = step.bank as Bank;
      const before = router.banks[bank];
      const memories = step.memories.map((memory) => Object.freeze({ ...memory }));
      router.replaceBank(bank, memories);
      return {
        kind: 'replaced',
        bank,
        removed: before.filter((old) => !memories.some((memory) => sameMemory(old, memory))),
        added: memories.filter((memory) => !before.some((old) => sameMemory(old, memory))),
      };
    }
    default:
      return assertNever(step, 'step');
  }
}

/** A router in the scenario's starting state. */
export function routerFor(scenario: RouterScenario): MemoryRouter {
  return new MemoryRouter(new Map(Object.entries(scenario.contexts)), scenario.banks);
}

/** Replay a validated scenario. A step the router refuses (RouterError) is recorded as rejected, and replay goes on. */
export function replayRouter(scenario: RouterScenario): RouterTimeline {
  const router = routerFor(scenario);
  const contexts = [...router.contexts.entries()];
  const entries: RouterEntry[] = [
    { index: 0, step: null, outcome: { kind: 'configured', contexts }, banks: router.banks },
  ];
  scenario.steps.forEach((step, i) => {
    let outcome: RouterOutcome;
    try {
      outcome = apply(router, step);
    } catch (error) {
      if (!(error instanceof RouterError)) throw error;
      outcome = { kind: 'rejected', reason: error.message };
    }
    entries.push({ index: i + 1, step, outcome, banks: router.banks });
  });
  return { contexts, entries };
}

/** Parse and replay router scenario text. */
export function replayRouterText(text: string): RouterReplayOutcome {
  const parsed = parseRouterScenario(text);
  return parsed.kind === 'ok' ? { kind: 'ok', timeline: replayRouter(parsed.scenario) } : parsed;
}

/** A router holding the banks as they were after entry `index`. */
export function routerAt(timeline: RouterTimeline, index: number): MemoryRouter {
  const entry = timeline.entries[Math.max(0, Math.min(index, timeline.entries.length - 1))]!;
  return new MemoryRouter(new Map(timeline.contexts), entry.banks);
}

export type RecallAtOutcome = ({ kind: 'ok' } & RecallComparison) | { kind: 'rejected'; reason: string };

/** What any context would get for any query after entry `index`, both orderings (for a view's "try it"). */
export function recallAt(
  timeline: RouterTimeline,
  index: number,
  context: string,
  query: string,
  limit = 5,
): RecallAtOutcome {
  try {
    return { kind: 'ok', ...compareRecall(routerAt(timeline, index), context, query, limit) };
  } catch (error) {
    if (error instanceof RouterError) return { kind: 'rejected', reason: error.message };
    throw error;
  }
}
