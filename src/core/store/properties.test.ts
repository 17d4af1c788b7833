/**
 * Properties over random operation sequences. The oracles here (the seed's visible_to and the whole
 * ContextStore) are written again from the seed's Python, independently of the indexed store, so a fast
 * path that drifts from the seed shows up as a counterexample. The naive list is checked against
 * rankNaive (naive.ts), the rule's one plain statement.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScopeError } from './errors';
import { type Agent, type Item, makeAgent, makePrincipal, type Principal } from './entities';
import { ContextStore } from './store';
import { rankNaive } from './naive';
import { buildContext, ContextCache } from './context';
import type { Scenario, Step } from '../scenario/scenario';
import {
  AGENT_SPECS,
  AGENTS,
  lateFailureScenarioArb,
  QUESTIONS,
  scenarioArb,
  TASKS,
  USERS,
} from '../testing/arbitraries';

// The mutation run (src/core/testing/vitest.stryker.config.ts) asks for fewer runs to stay within its time budget.
const RUNS = { numRuns: Number(process.env.CORE_PROPERTY_RUNS ?? 150) };

// ---- Oracles, from the seed's isolation.py -------------------------------------------------------

/** The seed's Item.visible_to. */
function visibleTo(item: Item, p: Principal): boolean {
  if (item.scope === 'app') return true;
  if (item.user !== p.user) return false;
  if (item.scope === 'user') return true;
  if (item.task !== p.task) return false;
  return item.scope === 'task' || item.agent === p.agent;
}

/** The seed's ContextStore.visible, as a linear filter. */
function seedVisible(items: readonly Item[], agent: Agent, p: Principal): Item[] {
  return items.filter((item) => agent.reads.includes(item.scope) && visibleTo(item, p));
}

type Plain = Omit<Item, 'seq'>;
const plain = ({ seq: _seq, ...rest }: Item): Plain => rest;
const IDENT = /^[a-z0-9][a-z0-9-]{0,63}$/;
const SCOPES = ['app', 'user', 'task', 'agent'];

/** The seed's ContextStore: one list, every rule written out as the Python does it. */
class SeedStore {
  items: Plain[] = [];
  version = 0;
  constructor(readonly agents: ReadonlyMap<string, Agent>) {}

  static ident(value: string, where: string): string {
    if (!IDENT.test(value)) throw new ScopeError(`${where} must match [a-z0-9][a-z0-9-]{0,63}`, 'invalidIdentifier');
    return value;
  }

  static principal(user: string, task: string, agent: string): Principal {
    return {
      user: SeedStore.ident(user, 'principal.user'),
      task: SeedStore.ident(task, 'principal.task'),
      agent: SeedStore.ident(agent, 'principal.agent'),
    };
  }

  prepare(p: Principal, scope: string, id: string, text: string, source: string): Plain {
    if (!SCOPES.includes(scope) || scope === 'app')
      throw new ScopeError('principals write user, task or agent items; app items come from configuration', 'badScope');
    if (!this.agents.has(p.agent)) throw new ScopeError(`unknown agent ${p.agent}`, 'unknownAgent');
    SeedStore.ident(id, 'item.id');
    if (this.items.some((item) => item.id === id && (item.user === null || item.user === p.user)))
      throw new ScopeError(`duplicate item id ${id}`, 'duplicateId', `${id}`);
    // oxlint-disable-next-line no-control-regex -- the seed's (Python's) character classes name these control characters on purpose
    if (/^[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/.test(text))
      throw new ScopeError('item text must be nonblank', 'blankText');
    return {
      id,
      scope: scope as Item['scope'],
      text,
      user: p.user,
      task: scope === 'task' || scope === 'agent' ? p.task : null,
      agent: scope === 'agent' ? p.agent : null,
      source,
    };
  }

  write(p: Principal, scope: string, id: string, text: string): void {
    if (id.startsWith('handoff-'))
      throw new ScopeError('item IDs starting with handoff- are reserved for handoffs', 'reservedId');
    this.items.push(this.prepare(p, scope, id, text, 'written'));
    this.version += 1;
  }

  configure(id: string, text: string): void {
    if (this.items.some((item) => item.id === id))
      throw new ScopeError(`duplicate item id ${id}`, 'duplicateId', `${id}`);
    this.items.push({
      id: SeedStore.ident(id, 'item.id'),
      scope: 'app',
      text,
      user: null,
      task: null,
      agent: null,
      source: 'configuration',
    });
    this.version += 1;
  }

  visible(p: Principal): Plain[] {
    const agent = this.agents.get(p.agent);
    if (agent === undefined) throw new ScopeError(`unknown agent ${p.agent}`, 'unknownAgent');
    return seedVisible(this.items as Item[], agent, p);
  }

  handoff(sender: Principal, receiver: string, ids: readonly string[], brief: string): void {
    const agent = this.agents.get(sender.agent);
    if (agent === undefined) throw new ScopeError(`unknown agent ${sender.agent}`, 'unknownAgent');
    if (!agent.tools.includes('delegate'))
      throw new ScopeError(`agent ${sender.agent} has no delegate tool`, 'noDelegateTool');
    if (!this.agents.has(receiver) || receiver === sender.agent)
      throw new ScopeError('hand off to a different, configured agent', 'badReceiver');
    if (new Set(ids).size !== ids.length) throw new ScopeError('handoff lists an item twice', 'listedTwice');
    const readable = new Map(this.visible(sender).map((item) => [item.id, item]));
    const missing = ids.filter((id) => !readable.has(id));
    if (missing.length > 0)
      throw new ScopeError(`sender cannot read [${missing.map((id) => `'${id}'`).join(', ')}]`, 'unreadable');
    const target = { user: sender.user, task: sender.task, agent: receiver };
    const numbers = this.items
      .filter((item) => item.user === sender.user)
      .flatMap((item) => /^handoff-(\d+)-brief$/.exec(item.id) ?? [])
      .filter((_, i) => i % 2 === 1)
      .map(Number);
    const n = Math.max(0, ...numbers) + 1;
    const prepared = [
      this.prepare(target, 'agent', `handoff-${n}-brief`, brief, `handoff:${sender.agent}:brief`),
      ...ids.map((id, k) =>
        this.prepare(
          target,
          'agent',
          `handoff-${n}-item-${k + 1}`,
          readable.get(id)!.text,
          `handoff:${sender.agent}:${id}`,
        ),
      ),
    ];
    this.items.push(...prepared);
    this.version += 1;
  }

  closeTask(user: string, task: string): number {
    const before = this.items.length;
    this.items = this.items.filter((item) => !(item.user === user && item.task === task));
    this.version += 1;
    return before - this.items.length;
  }
}

// ---- Driving a store with generated steps ---------------------------------------------------------

const agents = () => AGENT_SPECS.map((a) => makeAgent(a.name, a.role, a.tools, a.reads));
const agentMap = () => new Map(agents().map((a) => [a.name, a]));

/** Every principal of the alphabets with a configured agent, plus a task nobody ever used. */
const PRINCIPALS = USERS.flatMap((user) =>
  [...TASKS, 'fresh-task'].flatMap((task) =>
    AGENTS.filter((agent) => agent !== 'ghost').map((agent) => makePrincipal(user, task, agent)),
  ),
);

function configured(scenario: Scenario): ContextStore {
  const store = new ContextStore(agents());
  for (const entry of scenario.configuration) store.configure(entry.id, entry.text);
  return store;
}

/** Apply one step to the store; a ScopeError comes back as the reason, anything else is thrown. */
function apply(store: ContextStore, step: Step, cache?: ContextCache): string | null {
  try {
    switch (step.op) {
      case 'write':
        store.write(makePrincipal(...step.as), step.scope, step.id, step.text);
        break;
      case 'handoff':
        store.handoff(makePrincipal(...step.as), step.to, step.items, step.brief);
        break;
      case 'query':
        (cache ?? new ContextCache(store)).get(makePrincipal(...step.as), step.current);
        break;
      case 'close_task':
        store.closeTask(step.user, step.task);
        break;
    }
    return null;
  } catch (error) {
    if (error instanceof ScopeError) return error.message;
    throw error;
  }
}

function applySeed(seed: SeedStore, step: Step): string | null {
  try {
    switch (step.op) {
      case 'write':
        seed.write(SeedStore.principal(...step.as), step.scope, step.id, step.text);
        break;
      case 'handoff':
        seed.handoff(SeedStore.principal(...step.as), step.to, step.items, step.brief);
        break;
      case 'query':
        seed.visible(SeedStore.principal(...step.as));
        break;
      case 'close_task':
        seed.closeTask(step.user, step.task);
        break;
    }
    return null;
  } catch (error) {
    if (error instanceof ScopeError) return error.message;
    throw error;
  }
}

/** Run a scenario's steps, calling `check` after each with the store and what the step did. */
function run(
  scenario: Scenario,
  check: (store: ContextStore, step: Step, rejected: string | null, before: { items: Item[]; version: number }) => void,
): void {
  const store = configured(scenario);
  for (const step of scenario.steps) {
    const before = { items: store.items(), version: store.version };
    check(store, step, apply(store, step), before);
  }
}

// ---- Properties -----------------------------------------------------------------------------------

describe('over random operation sequences', () => {
  it('the indexed store does exactly what the seed store does: same items, version and rejections', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const store = configured(scenario);
        const seed = new SeedStore(agentMap());
        for (const entry of scenario.configuration) seed.configure(entry.id, entry.text);
        for (const step of scenario.steps) {
          expect(apply(store, step)).toBe(applySeed(seed, step));
          expect(store.items().map(plain)).toEqual(seed.items);
          expect(store.version).toBe(seed.version);
        }
      }),
      RUNS,
    );
  });

  it("no principal ever sees another user's item", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const leaks: string[] = [];
        run(scenario, (store) => {
          for (const p of PRINCIPALS) {
            for (const item of store.visible(p))
              if (item.user !== null && item.user !== p.user) leaks.push(`${p.user} sees ${item.id} of ${item.user}`);
          }
        });
        expect(leaks).toEqual([]);
      }),
      RUNS,
    );
  });

  it('a new task sees only app and user items', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const seen: string[] = [];
        run(scenario, (store) => {
          for (const p of PRINCIPALS.filter((q) => q.task === 'fresh-task')) {
            for (const item of store.visible(p))
              if (item.scope !== 'app' && item.scope !== 'user') seen.push(`${item.scope} item ${item.id}`);
          }
        });
        expect(seen).toEqual([]);
      }),
      RUNS,
    );
  });

  it('a rejected step changes nothing, version included', () => {
    let rejections = 0;
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        run(scenario, (store, _step, rejected, before) => {
          if (rejected === null) return;
          rejections += 1;
          expect(store.items()).toEqual(before.items);
          expect(store.version).toBe(before.version);
        });
      }),
      RUNS,
    );
    expect(rejections).toBeGreaterThan(0);
  });

  it('a failed handoff changes nothing, even after some of its copies passed validation', () => {
    let lateFailures = 0;
    fc.assert(
      fc.property(lateFailureScenarioArb, (scenario) => {
        run(scenario, (store, step, rejected, before) => {
          if (step.op !== 'handoff' || rejected === null) return;
          // A late failure: the brief was valid, a copied item was not (blank, or its ID taken).
          if (
            /^duplicate item id handoff-\d+-item-|^item text must be nonblank$/.test(rejected) &&
            step.brief.trim() !== ''
          )
            lateFailures += 1;
          expect(store.items()).toEqual(before.items);
          expect(store.version).toBe(before.version);
        });
      }),
      RUNS,
    );
    expect(lateFailures).toBeGreaterThan(RUNS.numRuns / 10);
  });

  it('an accepted change raises the version by exactly one', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        run(scenario, (store, step, rejected, before) => {
          if (rejected !== null) return;
          expect(store.version).toBe(before.version + (step.op === 'query' ? 0 : 1));
        });
      }),
      RUNS,
    );
  });

  it("close_task removes exactly that user's task and agent items of the task, and leaves every other item", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        run(scenario, (store, step, _rejected, before) => {
          if (step.op !== 'close_task') return;
          const closed = (item: Item) => item.user === step.user && item.task === step.task;
          expect(store.items()).toEqual(before.items.filter((item) => !closed(item)));
          for (const item of before.items.filter(closed)) expect(['task', 'agent']).toContain(item.scope);
        });
      }),
      RUNS,
    );
  });

  it('a cache hit equals a fresh build', () => {
    let hits = 0;
    fc.assert(
      fc.property(
        scenarioArb,
        fc.array(fc.tuple(fc.constantFrom(...PRINCIPALS), fc.constantFrom(...QUESTIONS)), {
          minLength: 1,
          maxLength: 4,
        }),
        (scenario, asks) => {
          const store = configured(scenario);
          const cache = new ContextCache(store);
          for (const step of scenario.steps) {
            apply(store, step, cache);
            for (const [p, q] of asks) {
              const before = cache.hits;
              const got = cache.get(p, q);
              if (cache.hits > before) hits += 1;
              expect(got).toEqual(buildContext(store, p, q));
            }
          }
        },
      ),
      RUNS,
    );
    expect(hits).toBeGreaterThan(0);
  });

  it('a question never ranked before, asked after any step, ranks as rankNaive states the rule', () => {
    let fresh = 0;
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        run(scenario, (store) => {
          // A word no item holds makes the question new to the store, so it is ranked from the word index.
          for (const q of QUESTIONS) expect(store.naive(`${q} zz${fresh++}`)).toEqual(rankNaive(store.items(), q, 3));
        });
      }),
      RUNS,
    );
  });

  it('the indexed naive list equals rankNaive over every item', () => {
    fc.assert(
      fc.property(scenarioArb, fc.integer({ min: 0, max: 5 }), (scenario, limit) => {
        run(scenario, (store) => {
          for (const q of QUESTIONS) {
            expect(store.naive(q)).toEqual(rankNaive(store.items(), q, 3));
            expect(store.naive(q, limit)).toEqual(rankNaive(store.items(), q, limit));
          }
        });
      }),
      RUNS,
    );
  });

  it("visible equals a linear filter with the seed's visible_to", () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const byName = agentMap();
        const differ: string[] = [];
        run(scenario, (store) => {
          for (const p of PRINCIPALS) {
            const got = store.visible(p);
            const want = seedVisible(store.items(), byName.get(p.agent)!, p);
            if (got.length !== want.length || got.some((item, i) => item !== want[i]))
              differ.push(`${p.user}/${p.task}/${p.agent}`);
          }
        });
        expect(differ).toEqual([]);
      }),
      RUNS,
    );
  });

  it('a request holds exactly the visible items, app items in the system message and the rest as escaped blocks', () => {
    fc.assert(
      fc.property(scenarioArb, (scenario) => {
        const wrong: string[] = [];
        run(scenario, (store) => {
          for (const p of PRINCIPALS) {
            const visible = store.visible(p);
            const context = buildContext(store, p, 'Q?');
            const where = `${p.user}/${p.task}/${p.agent}`;
            if (context.item_ids.join() !== visible.map((item) => item.id).join()) wrong.push(`${where}: item_ids`);
            const scoped = visible.filter((item) => item.scope !== 'app');
            if (context.messages[1].content.split('</item>').length - 1 !== scoped.length)
              wrong.push(`${where}: blocks`);
            for (const item of visible.filter((i) => i.scope === 'app')) {
              if (!context.messages[0].content.includes(item.text))
                wrong.push(`${where}: ${item.id} not in the system message`);
            }
          }
        });
        expect(wrong).toEqual([]);
      }),
      RUNS,
    );
  });
});
