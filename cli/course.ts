/**
 * `replay --check --course FILE`: prove a course pack, lesson by lesson. Each lesson's scenario must pass
 * `replay --check` (no refused step, no failing check or `expect`), meet none of its tasks unsolved, and
 * meet every one with its solution applied. One line a lesson on stderr, then each fault located in the
 * pack and sorted by line (core/courses/courseReport.ts). Exit codes: 0 every lesson proved, 2 usage (or
 * the file cannot be read), 3 a solution misses a task, 4 an unsolved lesson meets a task, 5 the pack is
 * invalid (its problems located by line and column), 6 a lesson's scenario fails its checks. Bundled
 * into slow.cjs.
 */
import { MAX_PACK_FILE_BYTES, packFileProblem, parseCoursePack } from '../src/core/courses/pack';
import { proveCourse } from '../src/core/courses/prove';
import { COURSE_EXIT, courseReport } from '../src/core/courses/courseReport';
import { cappedLines } from '../src/core/scenario/shown';
import { formatProblem, type ReadRule } from './io';

export { COURSE_EXIT };

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
  return courseReport(file, text, parsed.scenario, proveCourse(parsed.scenario));
}
