/**
 * The vector lesson's runs: the database opened once, then the five strategies and the learner's query
 * run for each scenario the lesson store settles on, one run at a time (a newer scenario waits for the
 * one running, then only the newest runs). The checks and the tasks' verdicts are the core's, from the run.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CheckResult } from '../../core/checks/checks';
import type { Act, VectorGoal } from '../../core/exercises/types';
import { runVectorChecks } from '../../core/vector/checks';
import { judgeVectorGoal } from '../../core/vector/goals';
import type { VectorRun } from '../../core/vector/run';
import type { VectorScenario } from '../../core/vector/scenario';

/** What the page needs of the database: run one scenario (src/db/vectorDbPage.ts in the page, a fake in tests). */
export interface VectorDatabase {
  run(scenario: VectorScenario): Promise<VectorRun>;
}

/** A task of the vector lesson, as the verdicts need it. */
export interface VectorTask {
  id: string;
  goal: VectorGoal;
}

export interface VectorRunState {
  status: 'opening' | 'running' | 'ready' | 'failed';
  /** How long the database took to open, in ms (null until it has). */
  openedIn: number | null;
  error: string | null;
  /** The run on screen: the newest finished one. */
  run: VectorRun | null;
  checks: CheckResult[];
  /** Run `scenario` (after the one running, if any). */
  request(scenario: VectorScenario): void;
  /** Each task's verdict on the run on screen, given the learner's acts (their marks: the first for a strategy is final). */
  verdicts(tasks: readonly VectorTask[], log: readonly Act[]): Array<{ id: string; met: boolean; reason: string }>;
}

export type VectorRunStore = StoreApi<VectorRunState>;

export function createVectorRunStore(open: () => Promise<VectorDatabase>): VectorRunStore {
  let db: Promise<VectorDatabase> | null = null;
  let wanted: VectorScenario | null = null;
  let busy = false;
  return createStore<VectorRunState>()((set, get) => {
    const pump = async () => {
      if (busy || wanted === null) return;
      busy = true;
      const started = performance.now();
      try {
        const opening = db === null;
        db ??= open();
        const database = await db;
        if (opening) set({ openedIn: Math.round(performance.now() - started) });
        while (wanted !== null) {
          const scenario = wanted;
          wanted = null;
          set({ status: 'running' });
          const run = await database.run(scenario);
          set({ run, checks: runVectorChecks(run), status: 'ready', error: null });
        }
      } catch (error) {
        set({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
      } finally {
        busy = false;
      }
    };
    return {
      status: 'opening',
      openedIn: null,
      error: null,
      run: null,
      checks: [],
      request(scenario) {
        wanted = scenario;
        void pump();
      },
      verdicts(tasks, log) {
        const { run } = get();
        return tasks.map(({ id, goal }) => {
          if (run === null) return { id, met: false, reason: 'The database has not answered yet.' };
          const [met, reason] = judgeVectorGoal(goal, run, { selectedStep: 0, rulesOff: [], log });
          return { id, met, reason };
        });
      },
    };
  });
}
