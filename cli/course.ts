/**
 * `replay --check --course FILE`: prove a course pack, lesson by lesson. Each lesson's scenario, unsolved,
 * must meet none of its tasks, and with its solution applied must meet every one. One line a lesson on
 * stderr, then a line for each fault, naming the lesson and the task. Exit codes: 0 every lesson proved,
 * 2 usage (or the file cannot be read), 3 a solution misses a task, 4 an unsolved lesson meets a task,
 * 5 the pack is invalid (its problems located by line and column). Bundled into slow.cjs.
 */
import { MAX_PACK_FILE_BYTES, packFileProblem, parseCoursePack } from '../src/core/courses/pack';
import { proveCourse } from '../src/core/courses/prove';
import { cappedLines } from '../src/core/scenario/shown';
import { formatProblem, type ReadRule } from './io';

export const COURSE_EXIT = { ok: 0, usage: 2, solutionMisses: 3, unsolvedMeets: 4, invalid: 5 } as const;

/** A pack's file: refused unread past what MAX_PACK_CHARS allows; too large or not UTF-8, an invalid pack. */
export const PACK_READ: ReadRule = {
  maxBytes: MAX_PACK_FILE_BYTES,
  tooLarge: packFileProblem,
  invalidCode: COURSE_EXIT.invalid,
};

/** The report lines and the exit code for a pack's text. */
export function checkCourse(file: string, text: string): { code: number; lines: string[] } {
  const parsed = parseCoursePack(text);
  if (parsed.kind === 'invalid')
    return { code: COURSE_EXIT.invalid, lines: cappedLines(parsed.problems.map((p) => formatProblem(file, p))) };
  const pack = parsed.scenario;
  const lines: string[] = [];
  let misses = false;
  let meets = false;
  let broken = false;
  let failed = 0;
  proveCourse(pack).forEach((proof, i) => {
    const ok = proof.problems.length === 0 && proof.metUnsolved.length === 0 && proof.unmetSolved.length === 0;
    const tasks = `${proof.tasks} task${proof.tasks === 1 ? '' : 's'}`;
    lines.push(
      `lesson ${i + 1} ${proof.id}: ${tasks}, ${ok ? 'unsolved meets none, the solution meets every one' : 'FAILED'}`,
    );
    for (const problem of proof.problems) lines.push(`  lesson ${proof.id}: ${problem}`);
    for (const v of proof.unmetSolved)
      lines.push(`  lesson ${proof.id}: the solution misses task ${v.id}: ${v.reason}`);
    for (const v of proof.metUnsolved)
      lines.push(`  lesson ${proof.id}: task ${v.id} is met before the learner does anything: ${v.reason}`);
    if (!ok) failed++;
    broken ||= proof.problems.length > 0;
    misses ||= proof.unmetSolved.length > 0;
    meets ||= proof.metUnsolved.length > 0;
  });
  const count = pack.lessons.length;
  lines.push(`${file}: ${pack.title}: ${count} lesson${count === 1 ? '' : 's'}, ${failed} failed`);
  const code = broken || misses ? COURSE_EXIT.solutionMisses : meets ? COURSE_EXIT.unsolvedMeets : COURSE_EXIT.ok;
  return { code, lines };
}
