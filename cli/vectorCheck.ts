/**
 * `replay --check` for the vector lesson: open the shipped database in PGlite (in Node, as in the
 * page), run the five strategies and the scenario's own query, and report the checks on that query and
 * each task's verdict. Bundled into slow.cjs; nothing else in the command line loads PGlite.
 */
import { readFileSync } from 'node:fs';
import type { CheckResult } from '../src/core/checks/checks';
import type { TaskVerdict, VectorGoal } from '../src/core/exercises/types';
import { parseVectorScenario } from '../src/core/vector/scenario';
import { runVectorChecks } from '../src/core/vector/checks';
import { judgeVectorGoal } from '../src/core/vector/goals';
import { openVectorDb, runVectorScenario } from '../src/db/vectorDb';
import { VECTOR_DUMP_PATH } from '../src/db/vectorDump';
import { formatProblem } from './io';
import type { PreparedTasks } from './tasks';

export type VectorChecked =
  { kind: 'ok'; checks: CheckResult[]; verdicts: TaskVerdict[] } | { kind: 'invalid'; lines: string[] };

export async function vectorChecks(tasks: PreparedTasks): Promise<VectorChecked> {
  const parsed = parseVectorScenario(tasks.text);
  if (parsed.kind === 'invalid')
    return { kind: 'invalid', lines: parsed.problems.map((p) => formatProblem(tasks.label, p)) };
  let dump: Uint8Array<ArrayBuffer>;
  try {
    dump = new Uint8Array(readFileSync(VECTOR_DUMP_PATH));
  } catch (error) {
    return {
      kind: 'invalid',
      lines: [
        `${VECTOR_DUMP_PATH}: cannot read: ${(error as NodeJS.ErrnoException).code} (npm run vector:dump writes it)`,
      ],
    };
  }
  const db = await openVectorDb(dump);
  try {
    const run = await runVectorScenario(db, parsed.scenario);
    const verdicts = (tasks.exercises?.exercises ?? []).map((exercise): TaskVerdict => {
      const [met, reason] = judgeVectorGoal(exercise.goal as VectorGoal, run, tasks.actsFor(exercise.id));
      return { id: exercise.id, met, reason };
    });
    return { kind: 'ok', checks: runVectorChecks(run), verdicts };
  } finally {
    await db.close();
  }
}
