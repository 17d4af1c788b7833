/**
 * The database view's session on PGlite in Node: every step of the seed, golden and lesson scenarios
 * agrees with the store; a store with a read rule off disagrees with the correct policy and agrees with
 * the broken one; checks fired together still read their own step.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { makePrincipal } from '../../core/store/entities';
import { replayText } from '../../core/replay/replayText';
import { withRulesOff } from '../../core/store/rules';
import { scenarioSchema } from '../../core/scenario/scenario';
import { goldenCases, projectJson, projectText, replayOk, seedScenario } from '../../core/testing/fixtures';
import { openPglite } from '../../db/pglite';
import { type DbSession, dbSession } from './dbSession';
import { scenarioPrincipals } from '../../core/timeline/principals';
import { measureSettings } from './measure';

let session: DbSession;
beforeAll(async () => {
  const pglite = await PGlite.create();
  const reopen = () => openPglite({ pglite });
  session = dbSession(await reopen(), '18', reopen);
}, 60_000);

const seed = replayOk(seedScenario());
const BOB = makePrincipal('bob', 'task-17', 'planner');
const timelineOf = (path: string) => replayOk(scenarioSchema.parse(projectJson(path)));

describe('checking one step', () => {
  it("agrees with the store at every step of the seed, for the step's principal and with none", async () => {
    for (const entry of seed.entries) {
      const principal = entry.step?.op === 'query' ? makePrincipal(...entry.step.as) : BOB;
      const check = await session.check(seed, entry.index, principal, {});
      if (check.kind !== 'checked') throw new Error(`step ${entry.index}: ${check.reason}`);
      expect(check.scoped!.agreement.kind, `step ${entry.index}`).toBe('same');
      expect(check.unset.agreement.kind, `step ${entry.index}, no principal`).toBe('same');
      expect(check.unset.rows.every((item) => item.scope === 'app')).toBe(true);
    }
  });

  it('shows what the superuser would see: every row, whatever the principal', async () => {
    const check = await session.check(seed, 6, BOB, {});
    if (check.kind !== 'checked') throw new Error('not checked');
    expect(check.superuser.map((item) => item.seq)).toEqual([
      ...seed.lives.filter((l) => l.addedAt <= 6).map((l) => l.item.seq),
    ]);
    expect(check.superuser.length).toBeGreaterThan(check.scoped!.rows.length);
  });

  it('reads each step as its own, even when checks are fired together', async () => {
    const steps = seed.entries.map((entry) => entry.index);
    const checks = await Promise.all(steps.map((index) => session.check(seed, index, BOB, {})));
    checks.forEach((check, i) => {
      expect(check.kind === 'checked' && check.scoped!.agreement.kind, `step ${steps[i]}`).toBe('same');
    });
  });

  it('says a state PostgreSQL cannot hold is not compared, and why', async () => {
    const text = projectText('fixtures/scenario.json').replace(
      'Answer from the context items.',
      'Answer\\u0000 from the context items.',
    );
    const outcome = replayText(text);
    if (outcome.kind !== 'ok') throw new Error('the edited seed does not replay');
    const check = await session.check(outcome.timeline, 0, BOB, {});
    expect(check).toEqual({ kind: 'unstorable', reason: expect.stringContaining('NUL character') });
  });
});

describe('checking every step', () => {
  it('reads each step as every principal the scenario names and with none, all agreeing on the seed', async () => {
    const result = await session.checkAll(seed, {});
    expect(result.principals).toEqual([
      ...scenarioPrincipals(seed).map((p) => `${p.user}/${p.task}/${p.agent}`),
      'no principal',
    ]);
    expect(result.reads).toBe(seed.entries.length * result.principals.length);
    expect(result.failures).toEqual([]);
  });

  // Every tenth golden case: a case names up to 26 principals, so all 60 take minutes. The database
  // suite (src/db/testing/suite.ts) compares every golden case's query steps already.
  it.each(goldenCases().filter((_, i) => i % 10 === 0))('agrees on every step of %s', async (name) => {
    expect((await session.checkAll(timelineOf(`fixtures/golden/${name}.scenario.json`), {})).failures).toEqual([]);
  });

  it('agrees on a lesson with same-named items of two users', async () => {
    expect(
      (await session.checkAll(timelineOf('fixtures/lessons/mem0-same-id-other-user.scenario.json'), {})).failures,
    ).toEqual([]);
  });
});

describe('a read rule switched off', () => {
  const broken = replayOk(seedScenario(), withRulesOff('taskCheck'));

  it('disagrees with the correct policy: the check fails instead of hiding it', async () => {
    const result = await session.checkAll(broken, {});
    expect(result.failures.length).toBeGreaterThan(0);
    expect(result.failures[0]!.agreement).toMatchObject({ kind: 'different', extra: [], reordered: false });
  });

  it('agrees with the matching broken policy', async () => {
    expect((await session.checkAll(broken, { rules: { taskCheck: false } })).failures).toEqual([]);
    expect((await session.checkAll(seed, {})).failures).toEqual([]);
  });
});

describe('measuring the settings trap', () => {
  it('times correct reads four ways, then leaves the session as it was', async () => {
    const measurement = await measureSettings(session, 300);
    expect(measurement.rows.map((row) => [row.indexes, row.settings])).toEqual([
      [true, 'once'],
      [true, 'per-row'],
      [false, 'once'],
      [false, 'per-row'],
    ]);
    const check = await session.check(seed, 6, BOB, {});
    expect(check.kind === 'checked' && check.scoped!.agreement.kind).toBe('same');
  }, 60_000);
});
