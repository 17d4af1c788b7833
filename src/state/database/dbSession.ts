/**
 * The database view's session: one PGlite instance for the page, and the reads the view compares
 * with the store. No React here. PGlite runs one statement at a time, but a check is several
 * (load the step's state, then read as each principal), so checks run one after another: a quick
 * step forward must not read the next step's rows for this one.
 */
import type { Item, Principal } from '../../core/store/entities';
import { principalName } from '../../core/store/entities';
import { scenarioPrincipals } from '../../core/timeline/principals';
import type { Timeline } from '../../core/replay/replayText';
import type { PolicyOptions } from '../../core/sql';
import { stateAt, unstorableReason } from '../../core/sql';
import { type Agreement, compareReads, type ExpectedRead, expectedRead } from '../../core/sql/agreement';
import type { PgliteScopeDb } from '../../db/pglite';

/** One read compared with the store. */
export interface ReadCheck {
  /** "bob/task-17/planner", or "no principal". */
  label: string;
  principal: Principal | null;
  expected: ExpectedRead;
  rows: Item[];
  agreement: Agreement;
}

export type StepCheck =
  | {
      kind: 'checked';
      /** The selected principal's read; null when no principal is selected. */
      scoped: ReadCheck | null;
      /** The same read with no principal set. */
      unset: ReadCheck;
      /** The read as PGlite's own role, a superuser, with the selected principal set all the same. */
      superuser: Item[];
    }
  | { kind: 'unstorable'; reason: string };

/** Every step of a scenario, read as each of its principals and with none. */
export interface AllStepsCheck {
  steps: number;
  principals: string[];
  reads: number;
  failures: Array<{ index: number; label: string; agreement: Agreement | null; reason?: string }>;
}

export interface DbSession {
  /** "18.7" */
  readonly version: string;
  check(timeline: Timeline, index: number, principal: Principal | null, policy: PolicyOptions): Promise<StepCheck>;
  checkAll(timeline: Timeline, policy: PolicyOptions): Promise<AllStepsCheck>;
  /** EXPLAIN of the scoped read with the settings read once (sub-selects) and per row (bare calls). */
  plans(
    timeline: Timeline,
    index: number,
    principal: Principal | null,
    policy: PolicyOptions,
  ): Promise<{ once: string; perRow: string }>;
  /** Run `fn` with the database to itself (the measurement), then forget what was loaded. */
  exclusive<T>(fn: (pglite: PgliteScopeDb['pglite']) => Promise<T>): Promise<T>;
}

const timelineIds = new WeakMap<Timeline, number>();
let nextTimelineId = 0;

/** A session over an opened database; `reopen` installs the default schema again after a measurement. */
export function dbSession(opened: PgliteScopeDb, version: string, reopen: () => Promise<PgliteScopeDb>): DbSession {
  let db = opened;
  let queue: Promise<unknown> = Promise.resolve();
  let loaded = '';
  let policyKey = JSON.stringify({});

  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  const usePolicy = async (policy: PolicyOptions) => {
    const key = JSON.stringify(policy);
    if (key !== policyKey) {
      await db.setPolicy(policy);
      policyKey = key;
    }
  };

  /** Load the state after entry `index` unless it is already there; a reason when it cannot be stored. */
  const loadStep = async (timeline: Timeline, index: number): Promise<string | null> => {
    const state = stateAt(timeline, index);
    if (!timelineIds.has(timeline)) timelineIds.set(timeline, nextTimelineId++);
    const key = `${timelineIds.get(timeline)}:${state.items.map((item) => item.seq).join(' ')}`;
    if (key === loaded) return null;
    const problem = unstorableReason(state);
    if (problem !== null) return problem;
    loaded = '';
    await db.load(state);
    loaded = key;
    return null;
  };

  const read = async (timeline: Timeline, index: number, principal: Principal | null): Promise<ReadCheck> => {
    const expected = expectedRead(timeline, index, principal);
    const rows = await db.readVisible(principal);
    return {
      label: principal === null ? 'no principal' : principalName(principal),
      principal,
      expected,
      rows,
      agreement: compareReads(expected.items, rows),
    };
  };

  return {
    version,
    check: (timeline, index, principal, policy) =>
      serial(async () => {
        const problem = await loadStep(timeline, index);
        if (problem !== null) return { kind: 'unstorable', reason: problem };
        await usePolicy(policy);
        return {
          kind: 'checked',
          scoped: principal === null ? null : await read(timeline, index, principal),
          unset: await read(timeline, index, null),
          superuser: await db.readAsSuperuser(principal),
        };
      }),
    checkAll: (timeline, policy) =>
      serial(async () => {
        await usePolicy(policy);
        const principals = [...scenarioPrincipals(timeline), null];
        const result: AllStepsCheck = {
          steps: timeline.entries.length,
          principals: principals.map((p) => (p === null ? 'no principal' : principalName(p))),
          reads: 0,
          failures: [],
        };
        for (const entry of timeline.entries) {
          const problem = await loadStep(timeline, entry.index);
          if (problem !== null) {
            result.failures.push({ index: entry.index, label: 'every principal', agreement: null, reason: problem });
            continue;
          }
          for (const principal of principals) {
            const check = await read(timeline, entry.index, principal);
            result.reads += 1;
            if (check.agreement.kind !== 'same')
              result.failures.push({ index: entry.index, label: check.label, agreement: check.agreement });
          }
        }
        return result;
      }),
    plans: (timeline, index, principal, policy) =>
      serial(async () => {
        await loadStep(timeline, index);
        await usePolicy({ ...policy, settings: 'once' });
        const once = await db.explainVisible(principal);
        await usePolicy({ ...policy, settings: 'per-row' });
        const perRow = await db.explainVisible(principal);
        return { once, perRow };
      }),
    exclusive: (fn) =>
      serial(async () => {
        try {
          return await fn(db.pglite);
        } finally {
          db = await reopen();
          loaded = '';
          policyKey = JSON.stringify({});
        }
      }),
  };
}

let opening: Promise<{ session: DbSession; loadMs: number }> | null = null;

/**
 * Load PGlite (its JavaScript, WebAssembly and data files, all from this site) and install the schema.
 * Once per page: the view may mount again and finds the same session.
 */
export function openDbSession(): Promise<{ session: DbSession; loadMs: number }> {
  opening ??= (async () => {
    const started = performance.now();
    const [{ PGlite }, { openPglite }, { pgliteFiles }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('../../db/pglite'),
      import('../../db/pgliteFiles'),
    ]);
    const opened = await openPglite({ pglite: await PGlite.create(await pgliteFiles()) });
    const version = await opened.serverVersion();
    const session = dbSession(opened, version, () => openPglite({ pglite: opened.pglite }));
    return { session, loadMs: performance.now() - started };
  })();
  opening.catch(() => {
    opening = null;
  });
  return opening;
}
