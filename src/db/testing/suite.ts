/**
 * Test-only: the equivalence suite both database tests run, against PGlite and against a server.
 * At every query step of the seed, the golden cases and the lessons, PostgreSQL's rows must equal the
 * in-memory store's, item for item and in order, for several principals per step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePrincipal } from '../../core/store/entities';
import { type Rule, withRulesOff } from '../../core/store/rules';
import { scenarioSchema } from '../../core/scenario/scenario';
import type { Timeline } from '../../core/replay/replayText';
import { type PolicyOptions, type StoreState, stateAt, UnstorableValueError } from '../../core/sql';
import { goldenCases, projectJson, replayOk, seedScenario } from '../../core/testing/fixtures';
import type { ScopeDb } from '../scopeDb';
import { queryStepReads } from './readCases';

const LESSONS = [
  'fixtures/lessons/attacks.scenario.json',
  'fixtures/lessons/cache-without-user.scenario.json',
  'fixtures/lessons/deletion-residue.scenario.json',
  'fixtures/lessons/empty-allow-list.scenario.json',
  'fixtures/lessons/handoff-whole-history.scenario.json',
  'fixtures/lessons/mem0-metadata-user-id.scenario.json',
  'fixtures/lessons/mem0-same-id-other-user.scenario.json',
  'fixtures/lessons/namespace-prefix.scenario.json',
  'fixtures/lessons/no-group-means-every-group.scenario.json',
  'fixtures/lessons/one-path-forgot-the-filter.scenario.json',
  'fixtures/lessons/shared-filter-state.scenario.json',
  'fixtures/lessons/ownerless-rows.scenario.json',
  'fixtures/lessons/scoped-delete.scenario.json',
  // The semantic cache lesson's reads are the store's; its rule is the cache's, not a table policy's.
  'fixtures/lessons/semantic-cache-tag.scenario.json',
];

const READ_RULES: Rule[][] = [
  ['taskCheck'],
  ['agentCheck'],
  ['declaredReads'],
  ['exactKeys'],
  ['taskCheck', 'agentCheck', 'declaredReads'],
  ['exactKeys', 'taskCheck', 'agentCheck'],
  ['ownerlessHidden'],
];

const BOB = makePrincipal('bob', 'task-17', 'planner');

/** Load every query step's state and compare each read; returns how many reads were compared. */
async function expectSameReads(db: ScopeDb, timeline: Timeline, where: string): Promise<number> {
  let compared = 0;
  let loaded = '';
  for (const step of queryStepReads(timeline)) {
    // Within one timeline a seq names one item, so the same seqs are the same state: load it once.
    const key = step.state.items.map((item) => item.seq).join(' ');
    if (key !== loaded || compared === 0) await db.load(step.state);
    loaded = key;
    for (const read of step.reads) {
      expect(await db.readVisible(read.principal), `${where}, step ${step.index}, ${read.label}`).toEqual(
        read.expected,
      );
      compared += 1;
    }
  }
  return compared;
}

function lessonTimeline(path: string, off: Rule[] = []): Timeline {
  return replayOk(scenarioSchema.parse(projectJson(path)), withRulesOff(...off));
}

/** The suite, over a database opened once in beforeAll and closed in afterAll. */
export function describeScopeDb(name: string, open: () => Promise<ScopeDb>): void {
  describe(name, () => {
    let db: ScopeDb;
    const seed = replayOk(seedScenario());
    /** The seed's state after its handoff, before any query: every scope, both agents, two users. */
    const beforeQueries: StoreState = stateAt(seed, 6);

    beforeAll(async () => {
      db = await open();
    }, 60_000);
    afterAll(async () => {
      await db?.close();
    });

    describe('failing closed', () => {
      it('shows a session that never set a principal only the app items', async () => {
        await db.load(beforeQueries);
        expect((await db.readVisible(null)).map((item) => item.id)).toEqual(['app-policy']);
      });

      it('ends the principal with its transaction, so the next read without one sees app items only', async () => {
        await db.load(beforeQueries);
        expect((await db.readVisible(BOB)).length).toBeGreaterThan(1);
        expect((await db.readVisible(null)).map((item) => item.id)).toEqual(['app-policy']);
      });

      it('shows an unknown agent nothing, not even app items (the store refuses it)', async () => {
        await db.load(beforeQueries);
        expect(await db.readVisible(makePrincipal('bob', 'task-17', 'no-such-agent'))).toEqual([]);
      });

      it('treats a principal as data: a quote in it matches no user', async () => {
        await db.load(beforeQueries);
        const hostile = { user: "bob' or true --", task: "task-17') or ('1'='1", agent: 'planner' };
        expect((await db.readVisible(hostile)).map((item) => item.id)).toEqual(['app-policy']);
      });
    });

    describe('concurrent reads', () => {
      it('stay apart, each with its own principal', async () => {
        await db.load(beforeQueries);
        const alice = makePrincipal('alice', 'task-9', 'planner');
        const reads = await Promise.all([BOB, alice, BOB, null, alice].map((p) => db.readVisible(p)));
        expect(reads.map((items) => items.map((item) => item.id))).toEqual([
          ['app-policy', 'bob-style', 'bob-export-plan', 'planner-scratch'],
          ['app-policy', 'alice-contact', 'alice-export-limit'],
          ['app-policy', 'bob-style', 'bob-export-plan', 'planner-scratch'],
          ['app-policy'],
          ['app-policy', 'alice-contact', 'alice-export-limit'],
        ]);
      });
    });

    describe('the role that bypasses row-level security', () => {
      it("sees every row even with a principal set; the reader role sees the principal's rows", async () => {
        await db.load(beforeQueries);
        const all = [...beforeQueries.items].sort((a, b) => a.seq - b.seq);
        expect(await db.readAsSuperuser(BOB)).toEqual(all);
        expect(await db.readAsSuperuser()).toEqual(all);
        expect((await db.readVisible(BOB)).map((item) => item.id)).toEqual([
          'app-policy',
          'bob-style',
          'bob-export-plan',
          'planner-scratch',
        ]);
      });
    });

    describe('loading', () => {
      it('replaces the previous state instead of adding to it', async () => {
        await db.load(beforeQueries);
        await db.load({ agents: beforeQueries.agents, items: beforeQueries.items.slice(0, 2) });
        expect((await db.readAsSuperuser()).map((item) => item.id)).toEqual(['app-policy', 'alice-contact']);
      });

      it('refuses text PostgreSQL cannot store, before touching the tables', async () => {
        await db.load(beforeQueries);
        const [first, ...rest] = beforeQueries.items;
        const bad = { ...first!, text: 'a\u0000b' };
        await expect(db.load({ agents: beforeQueries.agents, items: [bad, ...rest] })).rejects.toThrow(
          UnstorableValueError,
        );
        expect(await db.readAsSuperuser()).toHaveLength(beforeQueries.items.length);
      });
    });

    describe('equals store.visible at every query step', () => {
      it('on the seed scenario', async () => {
        expect(await expectSameReads(db, seed, 'seed')).toBeGreaterThan(20);
      });

      it.each(goldenCases())('on %s', async (name) => {
        const timeline = replayOk(scenarioSchema.parse(projectJson(`fixtures/golden/${name}.scenario.json`)));
        await expectSameReads(db, timeline, name);
      });

      it.each(LESSONS)('on %s', async (path) => {
        await expectSameReads(db, lessonTimeline(path), path);
      });

      it('with the per-row settings trap too (slower, same rows)', async () => {
        await withPolicy(db, { settings: 'per-row' }, () => expectSameReads(db, seed, 'seed, per-row'));
      });
    });

    describe('with read rules switched off, equals the store with the same rules off', () => {
      it.each(READ_RULES.map((off) => [off.join(' + '), off] as const))('%s', async (_name, off) => {
        const rules = Object.fromEntries(off.map((rule) => [rule, false]));
        await withPolicy(db, { rules }, async () => {
          await expectSameReads(db, replayOk(seedScenario(), withRulesOff(...off)), 'seed');
          for (const path of LESSONS) await expectSameReads(db, lessonTimeline(path, off), path);
        });
      });
    });

    describe('a row with no owner', () => {
      const ownerless = lessonTimeline('fixtures/lessons/ownerless-rows.scenario.json');
      const alice = makePrincipal('alice', 'task-1', 'planner');

      it("is no user's: user_id = the user never matches a NULL user_id", async () => {
        await db.load(stateAt(ownerless, 3));
        expect((await db.readAsSuperuser()).map((item) => [item.id, item.user])).toContainEqual([
          'legacy-review',
          null,
        ]);
        expect((await db.readVisible(alice)).map((item) => item.id)).toEqual(['app-policy', 'alice-review']);
      });

      it("is every user's under the broken policy, user_id = the user or user_id is null (OpenClaw #85389)", async () => {
        await db.load(stateAt(ownerless, 3));
        await withPolicy(db, { rules: { ownerlessHidden: false } }, async () => {
          for (const principal of [alice, makePrincipal('bob', 'task-2', 'planner')])
            expect((await db.readVisible(principal)).map((item) => item.id)).toContain('legacy-review');
        });
      });
    });

    describe('a forgotten user', () => {
      const path = 'fixtures/lessons/scoped-delete.scenario.json';
      const bob = makePrincipal('bob', 'task-2', 'planner');

      it("leaves every other user's rows: Bob reads his after Alice is forgotten", async () => {
        await db.load(stateAt(lessonTimeline(path), 6));
        expect((await db.readVisible(bob)).map((item) => item.id)).toEqual(['app-policy', 'bob-style', 'bob-trip']);
        expect((await db.readAsSuperuser()).some((item) => item.user === 'alice')).toBe(false);
      });

      it("with the delete a reset (mem0 #3746), Bob's rows are gone, and the policy reads what the store does", async () => {
        const reset = lessonTimeline(path, ['scopedDelete']);
        await db.load(stateAt(reset, 6));
        expect((await db.readVisible(bob)).map((item) => item.id)).toEqual(['app-policy']);
        await expectSameReads(db, reset, `${path}, scopedDelete off`);
      });
    });

    describe('the plan', () => {
      it('evaluates the settings once (InitPlan) with sub-selects, and per row without', async () => {
        await db.load(beforeQueries);
        const filters = (plan: string) =>
          plan
            .split('\n')
            .filter((line) => /Filter|Cond/.test(line))
            .join('\n');
        const once = await db.explainVisible(BOB);
        expect(once).toContain('InitPlan');
        expect(filters(once)).not.toContain('current_setting');
        await withPolicy(db, { settings: 'per-row' }, async () => {
          expect(filters(await db.explainVisible(BOB))).toContain('current_setting');
        });
      });
    });
  });
}

/** Run `fn` with another policy in place, then put the default back. */
async function withPolicy<T>(db: ScopeDb, options: PolicyOptions, fn: () => Promise<T>): Promise<T> {
  await db.setPolicy(options);
  try {
    return await fn();
  } finally {
    await db.setPolicy({});
  }
}
