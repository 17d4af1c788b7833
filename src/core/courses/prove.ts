/**
 * Proving a course pack, as `replay --check --course FILE` does: each lesson's scenario, unsolved, meets
 * none of its tasks (a task met by doing nothing teaches nothing), and with its reference solution applied
 * meets every one; and its scenario passes `replay --check` (lessonChecks.ts). Pure: the command line formats the outcome and picks the exit code.
 */
import { solvedText, verifyLessonTasks } from '../exercises/lessonTasks';
import { NO_ACTS, type TaskVerdict } from '../exercises/types';
import type { Problem } from '../scenario/scenario';
import { type CoursePack, lessonScenarioText } from './pack';
import { type LessonFault, lessonFaults } from './lessonChecks';

export interface LessonProof {
  id: string;
  tasks: number;
  /** Tasks the lesson meets before the learner does anything: each one a fault. */
  metUnsolved: TaskVerdict[];
  /** Tasks the solution does not meet: each one a fault. */
  unmetSolved: TaskVerdict[];
  /** The lesson has no solution, or its solution does not apply or breaks the scenario. */
  problems: string[];
  /** What `replay --check` finds in the lesson's own scenario: refused steps, failing checks. */
  faults: LessonFault[];
}

const located = (problem: Problem) =>
  `${problem.line === undefined ? '' : `${problem.line}:${problem.column} `}${problem.path}: ${problem.message}`;

/** Each lesson's proof, in the pack's order. */
export function proveCourse(pack: CoursePack): LessonProof[] {
  return pack.lessons.map((lesson): LessonProof => {
    const proof: LessonProof = {
      id: lesson.id,
      tasks: lesson.exercises.length,
      metUnsolved: [],
      unmetSolved: [],
      problems: [],
      faults: [],
    };
    const text = lessonScenarioText(lesson);
    const unsolved = verifyLessonTasks(lesson.engine, lesson.exercises, { lesson: text, scenario: text }, NO_ACTS);
    if (unsolved.kind === 'invalid') proof.problems.push(...unsolved.problems.map(located));
    else {
      proof.metUnsolved = unsolved.verdicts.filter((v) => v.met);
      // Only a scenario its engine's schema accepts is replayed for its checks.
      proof.faults = lessonFaults(lesson);
    }
    const solved = solvedText(text, lesson.solution);
    if (solved.kind === 'invalid') {
      proof.problems.push(...solved.problems.map((p) => `${p.path}: ${p.message}`));
      return proof;
    }
    const judged = verifyLessonTasks(
      lesson.engine,
      lesson.exercises,
      { lesson: text, scenario: solved.text },
      solved.actsFor,
    );
    if (judged.kind === 'invalid')
      proof.problems.push(...judged.problems.map((p) => `with its solution: ${located(p)}`));
    else proof.unmetSolved = judged.verdicts.filter((v) => !v.met);
    return proof;
  });
}
