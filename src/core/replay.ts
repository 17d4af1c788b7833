/**
 * Replay of a scenario into a timeline: for each step, the operation, its outcome and what the store
 * holds after it, so a view can show any step without replaying from the start. A step the store
 * rejects is recorded with the store's reason; the store is unchanged by it and replay goes on.
 */
import { assertNever, ScopeError } from './errors';
import { type Agent, type Item, type Principal, makeAgent, makePrincipal } from './model';
import { ContextStore } from './store';
import { type Context, ContextCache, type Message, naiveMessages } from './context';
import { type ParseOutcome, type PathSegment, type Problem, type Scenario, type Step, formatPath, locator, parseScenario } from './scenario';
import { parseTree } from 'jsonc-parser';

/** What one query step produced: the scoped request beside the naive one. */
export interface QueryResult {
  principal: Principal;
  question: string;
  context: Context;
  /** The naive global list's items, each attributed to its own owner (not by ID: IDs repeat across users). */
  naive: Item[];
  /** Naive items that belong to another user. */
  leaked: Item[];
  naiveMessages: [Message, Message];
}

export type Outcome =
  | { kind: 'configured'; items: Item[] }
  | { kind: 'written'; item: Item }
  | { kind: 'handed-off'; target: Principal; items: Item[] }
  | ({ kind: 'queried'; cache: { key: string; hit: boolean } } & QueryResult)
  | { kind: 'closed'; user: string; task: string; removed: Item[] }
  | { kind: 'rejected'; reason: string };

export interface TimelineEntry {
  /** 0 is the configuration; K is the scenario's step K, counted from 1. */
  index: number;
  step: Step | null;
  outcome: Outcome;
  /** Store version and size after this entry. */
  version: number;
  size: number;
}

/** An item with the entries at which it entered and left the store (null: still there at the end). */
export interface ItemLife {
  item: Item;
  addedAt: number;
  removedAt: number | null;
}

export interface Timeline {
  agents: Agent[];
  entries: TimelineEntry[];
  /** Every item the store ever held, in insertion order. */
  lives: ItemLife[];
}

export type ReplayOutcome = { kind: 'ok'; timeline: Timeline } | { kind: 'invalid'; problems: Problem[] };

class SetupError extends Error {
  constructor(message: string, readonly at: PathSegment[]) {
    super(message);
  }
}

/** The scoped request, the naive list and its leaks for one principal and question. */
export function runQuery(store: ContextStore, cache: ContextCache | null, principal: Principal, question: string): QueryResult {
  const context = cache ? cache.get(principal, question) : buildFresh(store, principal, question);
  const naive = store.naive(question);
  const leaked = naive.filter((item) => item.user !== null && item.user !== principal.user);
  return { principal, question, context, naive, leaked, naiveMessages: naiveMessages(context, naive, question) };
}

function buildFresh(store: ContextStore, principal: Principal, question: string): Context {
  return new ContextCache(store).get(principal, question);
}

function buildAgents(scenario: Scenario): Agent[] {
  const seen = new Map<string, number>();
  return scenario.agents.map((spec, i) => {
    const earlier = seen.get(spec.name);
    if (earlier !== undefined) throw new SetupError(`duplicate agent ${spec.name} (also agents[${earlier}])`, ['agents', i, 'name']);
    seen.set(spec.name, i);
    try {
      return makeAgent(spec.name, spec.role, spec.tools, spec.reads);
    } catch (error) {
      if (error instanceof ScopeError) throw new SetupError(error.message, ['agents', i]);
      throw error;
    }
  });
}

function apply(store: ContextStore, cache: ContextCache, step: Step): Outcome {
  switch (step.op) {
    case 'write':
      return { kind: 'written', item: store.write(makePrincipal(...step.as), step.scope, step.id, step.text) };
    case 'handoff':
      return { kind: 'handed-off', ...store.handoff(makePrincipal(...step.as), step.to, step.items, step.brief) };
    case 'query': {
      const principal = makePrincipal(...step.as);
      const key = cache.key(principal, step.current);
      const hit = cache.entries.has(key);
      return { kind: 'queried', cache: { key, hit }, ...runQuery(store, cache, principal, step.current) };
    }
    case 'close_task':
      return { kind: 'closed', user: step.user, task: step.task, removed: store.closeTask(step.user, step.task) };
    default:
      return assertNever(step, 'step');
  }
}

function addedBy(outcome: Outcome): Item[] {
  switch (outcome.kind) {
    case 'configured':
    case 'handed-off':
      return outcome.items;
    case 'written':
      return [outcome.item];
    default:
      return [];
  }
}

/** Replay a validated scenario. Agent and configuration errors make the scenario invalid (located by path). */
export function replay(scenario: Scenario): ReplayOutcome {
  try {
    return { kind: 'ok', timeline: run(scenario) };
  } catch (error) {
    if (error instanceof SetupError) {
      return { kind: 'invalid', problems: [{ message: error.message, path: formatPath(error.at), segments: error.at }] };
    }
    throw error;
  }
}

function run(scenario: Scenario): Timeline {
  const agents = buildAgents(scenario);
  const store = new ContextStore(agents);
  const cache = new ContextCache(store);
  const configured = scenario.configuration.map((entry, i) => {
    try {
      return store.configure(entry.id, entry.text);
    } catch (error) {
      if (error instanceof ScopeError) throw new SetupError(error.message, ['configuration', i]);
      throw error;
    }
  });
  const lives: ItemLife[] = [];
  const bySeq = new Map<number, ItemLife>();
  const entries: TimelineEntry[] = [];
  const record = (index: number, step: Step | null, outcome: Outcome) => {
    for (const item of addedBy(outcome)) {
      const life = { item, addedAt: index, removedAt: null };
      lives.push(life);
      bySeq.set(item.seq, life);
    }
    if (outcome.kind === 'closed') for (const item of outcome.removed) bySeq.get(item.seq)!.removedAt = index;
    entries.push({ index, step, outcome, version: store.version, size: store.size });
  };
  record(0, null, { kind: 'configured', items: configured });
  scenario.steps.forEach((step, i) => {
    let outcome: Outcome;
    try {
      outcome = apply(store, cache, step);
    } catch (error) {
      if (!(error instanceof ScopeError)) throw error;
      outcome = { kind: 'rejected', reason: error.message };
    }
    record(i + 1, step, outcome);
  });
  return { agents, entries, lives };
}

/** Parse and replay scenario text; every problem, setup ones included, carries line and column. */
export function replayText(text: string): ReplayOutcome {
  const parsed: ParseOutcome = parseScenario(text);
  if (parsed.kind === 'invalid') return parsed;
  const outcome = replay(parsed.scenario);
  if (outcome.kind === 'ok') return outcome;
  const locate = locator(text, parseTree(text));
  return {
    kind: 'invalid',
    problems: outcome.problems.map((problem) => ({ ...problem, ...locate(problem.segments ?? []) })),
  };
}
