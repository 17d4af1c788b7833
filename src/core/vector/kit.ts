/**
 * The vector lesson's kit (core/kits/kit.ts): its scenario parsed here, its queries run by a database
 * the caller hands over (PGlite in the engine's worker, src/db/vectorDbBrowser.ts), its checks and
 * verdicts read from that run. One run at a time: a newer scenario waits for the one running, and of
 * those that waited only the newest runs.
 */
import type { LessonKit } from '../kits/kit';
import type { CheckResult } from '../checks/checks';
import type { VectorGoal } from '../exercises/types';
import { ownTasksOf } from '../exercises/ownExercises';
import { parseVectorScenario, type VectorScenario } from './scenario';
import type { VectorRun } from './run';
import { runVectorChecks } from './checks';
import { verifyVectorExercises } from './goals';
import { nodeName, type QueryOutcome, returnedK, returnedOfK, siteWords } from './outcome';

/** What the kit needs of the database: run one scenario. */
export interface VectorDatabase {
  run(scenario: VectorScenario): Promise<VectorRun>;
}

/** A scenario and what the database made of it (null, with the error, when it could not run). */
export interface VectorTimeline {
  scenario: VectorScenario;
  run: VectorRun | null;
  error: string | null;
  /** How long the database took to open, in ms, on the run that opened it; else null. */
  openedIn: number | null;
}

/** One query's outcome as the views show it, its words made here. */
export interface ShownOutcome {
  /** "4 of 10". */
  returned: string;
  full: boolean;
  othersHanded: number;
  othersScored: number;
  /** Where the filter sits, in words. */
  site: string;
  /** The plan, the question's vector shown as `'[question]'`. */
  plan: string[];
  filterLine: number | null;
  /** The plan's nodes, each once, for "which node filters by owner?". */
  nodes: string[];
}

export interface VectorView {
  scenario: VectorScenario;
  error: string | null;
  openedIn: number | null;
  /** The learner's own query, or null when the database has not run it. */
  own: ShownOutcome | null;
  strategies: ReadonlyArray<{ id: string; title: string; outcome: ShownOutcome }>;
}

function shown(outcome: QueryOutcome): ShownOutcome {
  return {
    returned: returnedOfK(outcome),
    full: returnedK(outcome),
    othersHanded: outcome.othersHanded,
    othersScored: outcome.othersScored,
    site: siteWords(outcome),
    plan: outcome.plan.map((line) => line.replace(/'\[[^\]]*\]'/g, "'[question]'")),
    filterLine: outcome.filterLine,
    nodes: [...new Set(outcome.plan.map(nodeName).filter((name): name is string => name !== null))],
  };
}

const NO_CHECKS: CheckResult[] = [];

export function vectorKit(open: () => Promise<VectorDatabase>): LessonKit<VectorTimeline, string, VectorView> {
  let db: Promise<VectorDatabase> | null = null;
  /** The run under way: the next waits for it. */
  let queue: Promise<unknown> = Promise.resolve();
  /** Runs asked for: one whose turn comes after a newer was asked for is skipped (its answer is never shown). */
  let asked = 0;
  const runOn = async (scenario: VectorScenario): Promise<VectorTimeline> => {
    const started = Date.now();
    const opening = db === null;
    db ??= open();
    try {
      const database = await db;
      const openedIn = opening ? Date.now() - started : null;
      return { scenario, run: await database.run(scenario), error: null, openedIn };
    } catch (error) {
      // A database that failed to open is tried again on the next run.
      if (opening) db = null;
      return { scenario, run: null, error: error instanceof Error ? error.message : String(error), openedIn: null };
    }
  };
  return {
    replay(text) {
      const parsed = parseVectorScenario(text);
      if (parsed.kind !== 'ok') return parsed;
      const mine = ++asked;
      const skipped: VectorTimeline = { scenario: parsed.scenario, run: null, error: 'skipped', openedIn: null };
      const next = queue.then(() => (mine === asked ? runOn(parsed.scenario) : skipped));
      queue = next;
      return next.then((timeline) => ({ kind: 'ok' as const, timeline }));
    },
    size: () => 1,
    stepActor: () => undefined,
    defaultActor: (t) => t.scenario.principal,
    actors: (t) => [t.scenario.principal],
    checks: (t, side) => (t.run === null || side === 'naive' ? NO_CHECKS : runVectorChecks(t.run)),
    steps: ({ scenario }) => [
      {
        index: 0,
        op: 'vector-ask',
        label: 'ask',
        summary: `${scenario.principal} asks for the ${scenario.k} nearest chunks`,
        result: '',
        rejected: false,
      },
    ],
    view: ({ scenario, run, error, openedIn }) => ({
      scenario,
      error,
      openedIn,
      own: run === null ? null : shown(run.own),
      strategies:
        run === null
          ? []
          : run.strategies.map(({ strategy, outcome }) => ({
              id: strategy.id,
              title: strategy.title,
              outcome: shown(outcome),
            })),
    }),
    ownTasks: (text) => ownTasksOf('vector', text),
    verify(exercises, t, acts) {
      if (t.run === null)
        return exercises.map(({ id }) => ({ id, met: false, reason: 'The database has not answered yet.' }));
      return verifyVectorExercises(
        exercises.map(({ id, goal }) => ({ id, goal: goal as VectorGoal })),
        t.run,
        acts,
      );
    },
  };
}
