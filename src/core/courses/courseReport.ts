/**
 * The teacher's report of `replay --check --course`: one line a lesson, then each fault located in the
 * pack (`FILE:LINE:COL: lesson ID: step K (op): what`), sorted by line, and the exit code. The words
 * are the teacher's: what to fix in the pack, never what a learner would do about their progress.
 */
import { RETRY } from '../exercises/answerGoals';
import { count } from '../text/plural';
import type { PathSegment } from '../scenario/jsonPath';
import { locateAll } from '../scenario/locate';
import { cappedLines } from '../scenario/shown';
import type { CoursePack } from './pack';
import type { LessonProof } from './prove';

/** The exit codes of `replay --check --course`. */
export const COURSE_EXIT = {
  ok: 0,
  usage: 2,
  solutionMisses: 3,
  unsolvedMeets: 4,
  invalid: 5,
  lessonFails: 6,
} as const;

interface Located {
  path: PathSegment[];
  text: string;
}

/** A verdict's reason without the sentence addressed to a learner. */
const forTeacher = (reason: string) => reason.replace(RETRY, '').trim();

/** Each fault of one lesson (its index `i` in the pack), with the path where it stands in the pack. */
function lessonProblems(proof: LessonProof, i: number, pack: CoursePack): Located[] {
  const at = (...path: PathSegment[]): PathSegment[] => ['lessons', i, ...path];
  const name = `lesson ${proof.id}`;
  const taskPath = (id: string) =>
    at(
      'exercises',
      Math.max(
        0,
        pack.lessons[i]!.exercises.findIndex((e) => e.id === id),
      ),
    );
  return [
    ...proof.faults.map((f) => ({
      path: at('scenario', ...f.path),
      text: `${name}: ${f.step === 0 ? 'the configuration' : `step ${f.step}`}${f.op === undefined ? '' : ` (${f.op})`}: ${f.message}`,
    })),
    ...proof.problems.map((p) => ({ path: at('solution'), text: `${name}: ${p}` })),
    ...proof.unmetSolved.map((v) => ({
      path: pack.lessons[i]!.solution === undefined ? at() : at('solution'),
      text: `${name}: the solution does not meet task ${v.id}: ${forTeacher(v.reason)}`,
    })),
    ...proof.metUnsolved.map((v) => ({
      path: taskPath(v.id),
      text: `${name}: task ${v.id} is met before the learner does anything (make it ask for an act or an edit): ${forTeacher(v.reason)}`,
    })),
  ];
}

/** The report's lines and exit code for a pack proved lesson by lesson (`proofs` in the pack's order). */
export function courseReport(
  file: string,
  text: string,
  pack: CoursePack,
  proofs: readonly LessonProof[],
): { code: number; lines: string[] } {
  const lines: string[] = [];
  const problems: Located[] = [];
  let failed = 0;
  proofs.forEach((proof, i) => {
    const own = lessonProblems(proof, i, pack);
    const tasks = count(proof.tasks, 'task');
    const verdict =
      own.length === 0
        ? 'its checks pass, unsolved meets none, the solution meets every one'
        : `FAILED (${count(own.length, 'problem')})`;
    lines.push(`lesson ${i + 1} ${proof.id}: ${tasks}, ${verdict}`);
    if (own.length > 0) failed++;
    problems.push(...own);
  });
  const spans = locateAll(
    text,
    problems.map((p) => ({ path: p.path })),
  );
  const placed = problems
    .map((p, k) => ({ ...p, line: spans[k]?.line ?? 0, column: spans[k]?.column ?? 0 }))
    .sort((a, b) => a.line - b.line || a.column - b.column);
  // The first faults, then how many more, as a file's problems are listed (5,000 failing tasks: 101 lines).
  lines.push(...cappedLines(placed.map((p) => `${p.line > 0 ? `${file}:${p.line}:${p.column}` : file}: ${p.text}`)));
  lines.push(`${file}: ${pack.title}: ${count(pack.lessons.length, 'lesson')}, ${failed} failed`);
  const code = proofs.some((p) => p.faults.length > 0)
    ? COURSE_EXIT.lessonFails
    : proofs.some((p) => p.problems.length > 0 || p.unmetSolved.length > 0)
      ? COURSE_EXIT.solutionMisses
      : proofs.some((p) => p.metUnsolved.length > 0)
        ? COURSE_EXIT.unsolvedMeets
        : COURSE_EXIT.ok;
  return { code, lines };
}
