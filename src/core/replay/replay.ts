/**
 * Replay of a scenario into a timeline: for each step, the operation, its outcome and what the store
 * holds after it, so a view can show any step without replaying from the start. A step the store
 * rejects is recorded with the store's reason; the store is unchanged by it and replay goes on.
 *
 * This file needs no zod, so the command line can replay a scenario the fast acceptor took without
 * loading the schema; replayText.ts adds parsing text (replayText) and re-exports all of this.
 */
import { assertNever, ScopeError } from '../store/errors';
import { type Agent, agentReadsFix, type Item, type Principal, makeAgent, makePrincipal } from '../store/entities';
import { ContextStore } from '../store/store';
import { type Context, ContextCache, type ContextReader, buildContext, naiveMessages } from '../store/context';
import type { Problem, Scenario, Step } from '../scenario/scenario';
import { formatPath, type PathSegment } from '../scenario/jsonPath';
import { ALL_RULES, type Rules } from '../store/rules';
import { SemanticCache } from '../store/semanticCache';
import type {
  CacheTrace,
  ItemLife,
  Outcome,
  QueryResult,
  ReplayOutcome,
  SeedRunOutcome,
  Timeline,
  TimelineEntry,
} from './timelineTypes';

export type * from './timelineTypes';

class SetupError extends Error {
  constructor(
    message: string,
    readonly at: PathSegment[],
  ) {
    super(message);
  }
}

/** What a query reads of the store (see ContextReader). */
export type QueryReader = ContextReader;

/** The scoped request, the naive list and its leaks for one principal and question. */
export function runQuery(
  store: QueryReader,
  principal: Principal,
  question: string,
  context: Context = buildContext(store, principal, question),
): QueryResult {
  const naive = store.naive(question);
  const leaked = naive.filter((item) => item.user !== null && item.user !== principal.user);
  return {
    principal,
    question,
    context,
    naive,
    leaked,
    naiveMessages: naiveMessages(context, naive, question, store.rules),
  };
}

function buildAgents(scenario: Scenario): Agent[] {
  const seen = new Map<string, number>();
  return scenario.agents.map((spec, i) => {
    const earlier = seen.get(spec.name);
    if (earlier !== undefined)
      throw new SetupError(`duplicate agent ${spec.name} (also agents[${earlier}])`, ['agents', i, 'name']);
    seen.set(spec.name, i);
    try {
      return makeAgent(spec.name, spec.role, spec.tools, spec.reads);
    } catch (error) {
      if (error instanceof ScopeError)
        throw new SetupError(
          error.code === 'invalidAgent' ? `${error.message}: ${agentReadsFix(spec.reads)}` : error.message,
          ['agents', i],
        );
      throw error;
    }
  });
}

type PrincipalOf = (as: readonly [string, string, string]) => Principal;

/** Up to this many principals of one user are searched in place; past it, they go into a map. */
const FEW_PRINCIPALS = 8;

/**
 * Steps name the same few principals again and again: each is validated and frozen once per replay.
 * A user names one or two (a task, an agent or two), so a short list per user beats maps of maps.
 */
function principalCache(): PrincipalOf {
  const byUser = new Map<string, Principal[] | Map<string, Principal>>();
  // Identifiers hold no NUL, so this key names one task and agent.
  const keyOf = (task: string, agent: string) => `${task}\0${agent}`;
  // Indexing, not destructuring: destructuring an array walks its iterator.
  return (as) => {
    const user = as[0];
    const task = as[1];
    const agent = as[2];
    const known = byUser.get(user);
    if (Array.isArray(known)) {
      for (let i = 0; i < known.length; i++) if (known[i]!.task === task && known[i]!.agent === agent) return known[i]!;
    } else if (known !== undefined) {
      const found = known.get(keyOf(task, agent));
      if (found !== undefined) return found;
    }
    const principal = makePrincipal(user, task, agent);
    if (known === undefined) byUser.set(user, [principal]);
    else if (!Array.isArray(known)) known.set(keyOf(task, agent), principal);
    else if (known.push(principal) > FEW_PRINCIPALS)
      byUser.set(user, new Map(known.map((p) => [keyOf(p.task, p.agent), p])));
    return principal;
  };
}

/** The exact cache of the seed, or a scenario's semantic cache: both look a question up the same way. */
type Cache = Pick<ContextCache, 'lookup'> | SemanticCache;

function apply(store: ContextStore, cache: Cache, step: Step, principalOf: PrincipalOf): Outcome {
  switch (step.op) {
    case 'write':
      return { kind: 'written', item: store.write(principalOf(step.as), step.scope, step.id, step.text, step.user_id) };
    case 'handoff': {
      const { target, items, sources } = store.handoff(principalOf(step.as), step.to, step.items, step.brief);
      return { kind: 'handed-off', target, items, sources };
    }
    case 'query': {
      const principal = principalOf(step.as);
      const semantic = cache instanceof SemanticCache ? cache.lookup(principal, step.current) : null;
      const { key, hit, entry } = semantic ?? cache.lookup(principal, step.current);
      const trace: CacheTrace = { key, hit, builtFor: entry.builtFor, builtAtVersion: entry.version };
      if (semantic !== null) trace.similarity = semantic.similarity;
      return { kind: 'queried', cache: trace, ...runQuery(store, principal, step.current, entry.context) };
    }
    case 'close_task':
      return { kind: 'closed', user: step.user, task: step.task, removed: store.closeTask(step.user, step.task) };
    case 'import':
      return { kind: 'imported', item: store.importItem(step.id, step.text) };
    case 'forget_user':
      return { kind: 'forgotten', user: step.user, removed: store.forgetUser(step.user) };
    default:
      return assertNever(step, 'step');
  }
}

/** The items a configuration or handoff added; none for the rest (record adds a write's one item itself). */
function addedBy(outcome: Outcome): readonly Item[] {
  switch (outcome.kind) {
    case 'configured':
    case 'handed-off':
      return outcome.items;
    default:
      return NONE;
  }
}
const NONE: readonly Item[] = Object.freeze([]);

/** Replay a validated scenario. Agent and configuration errors make the scenario invalid (located by path). */
export function replay(scenario: Scenario, rules: Rules = ALL_RULES): ReplayOutcome {
  const outcome = setup(() => run(scenario, rules, true));
  return outcome.kind === 'ok' ? { kind: 'ok', timeline: outcome.value } : outcome;
}

/**
 * The same replay, keeping only what the seed's result reads (SeedRun): the command line's replay,
 * which never shows a step's store and so need not keep 20,000 writes' entries and lives.
 */
export function replayForSeed(scenario: Scenario, rules: Rules = ALL_RULES): SeedRunOutcome {
  const outcome = setup(() => run(scenario, rules, false));
  return outcome.kind === 'ok' ? { kind: 'ok', run: { entries: outcome.value.entries } } : outcome;
}

function setup<T>(body: () => T): { kind: 'ok'; value: T } | { kind: 'invalid'; problems: Problem[] } {
  try {
    return { kind: 'ok', value: body() };
  } catch (error) {
    if (error instanceof SetupError) {
      return {
        kind: 'invalid',
        problems: [{ message: error.message, path: formatPath(error.at), segments: error.at }],
      };
    }
    throw error;
  }
}

/** `whole` false: only a SeedRun's entries, and no lives (see replayForSeed). */
function run(scenario: Scenario, rules: Rules, whole: boolean): Timeline {
  const agents = buildAgents(scenario);
  const store = new ContextStore(agents, rules);
  const cache: Cache =
    scenario.semanticCache === undefined ? new ContextCache(store) : new SemanticCache(store, scenario.semanticCache);
  const configured = scenario.configuration.map((entry, i) => {
    try {
      return store.configure(entry.id, entry.text);
    } catch (error) {
      if (error instanceof ScopeError) throw new SetupError(error.message, ['configuration', i]);
      throw error;
    }
  });
  const lives: ItemLife[] = [];
  // Indexed by seq: a fresh store numbers its items 0, 1, 2, ..., so this is a dense array, not a map.
  const bySeq: Array<ItemLife | undefined> = [];
  const entries: TimelineEntry[] = [];
  const record = (index: number, step: Step | null, outcome: Outcome) => {
    if (!whole) {
      // The seed's result reads queries and closed tasks; a report, rejected steps; the last entry, the version.
      const kept =
        outcome.kind === 'queried' ||
        outcome.kind === 'closed' ||
        outcome.kind === 'forgotten' ||
        outcome.kind === 'rejected' ||
        index === scenario.steps.length;
      if (kept) entries.push({ index, step, outcome, version: store.version, size: store.size });
      return;
    }
    // A write, the commonest step, adds its one item without an array around it.
    if (outcome.kind === 'written') addLife(outcome.item, index, writerOf(step, outcome, 0, bySeq));
    else if (outcome.kind === 'imported') addLife(outcome.item, index, null);
    else {
      const added = addedBy(outcome);
      for (let k = 0; k < added.length; k++) addLife(added[k]!, index, writerOf(step, outcome, k, bySeq));
    }
    if (outcome.kind === 'closed' || outcome.kind === 'forgotten')
      for (const item of outcome.removed) bySeq[item.seq]!.removedAt = index;
    entries.push({ index, step, outcome, version: store.version, size: store.size });
  };
  const addLife = (item: Item, addedAt: number, writer: string | null) => {
    const life: ItemLife = { item, addedAt, removedAt: null, writer };
    lives.push(life);
    bySeq[item.seq] = life;
  };
  const principalOf = principalCache();
  record(0, null, { kind: 'configured', items: configured });
  const steps = scenario.steps;
  store.keepNaive(questions(steps));
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    let outcome: Outcome;
    const version = store.version;
    try {
      outcome = apply(store, cache, step, principalOf);
    } catch (error) {
      if (!(error instanceof ScopeError)) throw error;
      outcome = { kind: 'rejected', reason: error.message, code: error.code, itemId: error.itemId };
      // Only a switched-off rule (atomicHandoff) lets a rejected step change the store: record the
      // copies it left, or the timeline would show less than the store holds.
      if (whole && store.version !== version) recordLeft(i + 1, step, store, lives, bySeq);
    }
    record(i + 1, step, outcome);
  }
  return { agents, rules, entries, lives };
}

/** The questions a scenario's queries ask, in order. */
function questions(steps: readonly Step[]): string[] {
  const asked: string[] = [];
  for (const step of steps) if (step.op === 'query') asked.push(step.current);
  return asked;
}

/** Lives for the items a failed, non-atomic handoff left in the store, with whose data each copy is. */
function recordLeft(
  index: number,
  step: Step,
  store: ContextStore,
  lives: ItemLife[],
  bySeq: Array<ItemLife | undefined>,
): void {
  const sender = step.op === 'handoff' ? step.as[0] : null;
  const present = lives.filter((life) => life.removedAt === null);
  for (const item of store.items()) {
    if (bySeq[item.seq] !== undefined) continue;
    // A copy's source names the item it copied; find it as the store did: the sender's own or app
    // item with that ID, or without the readable check the oldest stored one.
    const copied = /^handoff:[^:]*:(.*)$/.exec(item.source)?.[1];
    const sources = present.filter((life) => life.item.id === copied);
    const source = store.rules.handoffReadCheck
      ? sources.find((life) => life.item.user === null || life.item.user === sender)
      : sources[0];
    const writer = /^handoff-\d+-brief$/.test(item.id) || source === undefined ? sender : source.writer;
    const life: ItemLife = { item, addedAt: index, removedAt: null, writer };
    lives.push(life);
    bySeq[item.seq] = life;
  }
}

/** Whose data the k-th item added by this step is (provenance, independent of the item's scope keys). */
function writerOf(
  step: Step | null,
  outcome: Outcome,
  k: number,
  bySeq: ReadonlyArray<ItemLife | undefined>,
): string | null {
  // Only the configuration, writes, imports and handoffs add items; an import has no writer (it has no `as`).
  if (step === null || !('as' in step)) return null;
  // A handoff's source is an item of the store, so its life was recorded when it was added.
  if (outcome.kind === 'handed-off' && k > 0) return bySeq[outcome.sources[k - 1]!.seq]!.writer;
  return step.as[0];
}
