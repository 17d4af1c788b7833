/**
 * A learner's progress on a lesson's tasks, as plain data and pure functions: what the verifier found,
 * which hints were revealed, whether the answer was shown, and when each task was first met. Nothing in
 * this file reads a clock or a storage: the store passes the time in.
 */
import type { Act, Exercise, TaskVerdict } from '../../core/exercises/types';
import { MAX_ACTS } from '../../core/limits';
import { ownValue } from '../../core/own';

export interface TaskProgress {
  /** Met at some point: a task stays met once the verifier has found it so (later edits may undo the act). */
  met: boolean;
  /** How many hints the learner revealed. */
  hints: number;
  answerShown: boolean;
  /**
   * The learner gave the task up ("Show me" before it was met): it no longer hides what the page withholds
   * (core/exercises/reveal.ts), and the progress file and the classroom view say so. Missing: not given up.
   */
  givenUp?: boolean;
  /** When the verifier first found the task met (an ISO time from the injected clock), or null. */
  firstMetAt: string | null;
}

export interface LessonProgress {
  /** The lesson's task ids when progress was last recorded, so "done" is known without loading the lesson. */
  taskIds: string[];
  tasks: Record<string, TaskProgress>;
  /** The learner's act log for the lesson (steps seen, marks, predictions, rule choices), in order; missing: none. */
  acts?: Act[];
  /** The learner's seed for the order a task's choices are offered in (core/exercises/choices.ts); kept so a reload does not reshuffle. */
  seed?: number;
  /** For a scenario's own tasks (kept as `scenario-<hash>`): the scenario's title and each task's words. */
  about?: { title: string; tasks: Record<string, string>; course?: { id: string; title: string } };
}

export type Progress = Record<string, LessonProgress>;

export const NO_TASK: TaskProgress = Object.freeze({ met: false, hints: 0, answerShown: false, firstMetAt: null });

/** One task's progress, or the untouched default. */
export function taskProgress(progress: Progress, lessonId: string, taskId: string): TaskProgress {
  return ownValue(ownValue(progress, lessonId)?.tasks, taskId) ?? NO_TASK;
}

/** A lesson is done when it has tasks and every one of them has been met; checks green are not enough. */
export function isDone(lesson: LessonProgress | undefined): boolean {
  return (
    lesson !== undefined && lesson.taskIds.length > 0 && lesson.taskIds.every((id) => ownValue(lesson.tasks, id)?.met)
  );
}

/** How many of a lesson's tasks are met, out of how many. */
export function metCount(lesson: LessonProgress | undefined): { met: number; total: number } {
  if (lesson === undefined) return { met: 0, total: 0 };
  return { met: lesson.taskIds.filter((id) => ownValue(lesson.tasks, id)?.met).length, total: lesson.taskIds.length };
}

/** Change one task; the lesson's record (with its task ids) exists from its first change on. */
function updateTask(
  progress: Progress,
  lessonId: string,
  exercises: readonly Exercise[],
  taskId: string,
  change: (task: TaskProgress) => TaskProgress,
): Progress {
  const lesson = ownValue(progress, lessonId);
  const tasks = lesson?.tasks ?? {};
  return {
    ...progress,
    [lessonId]: {
      ...lesson,
      taskIds: exercises.map((exercise) => exercise.id),
      tasks: { ...tasks, [taskId]: change(ownValue(tasks, taskId) ?? NO_TASK) },
    },
  };
}

const sameAct = (a: Act, b: Act) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The log with `act` added, or the same log when the act adds nothing: a step already seen, a row
 * already marked, the same prediction or choice again. No act is added past MAX_ACTS.
 */
export function withAct(log: readonly Act[], act: Act): readonly Act[] {
  if (log.length >= MAX_ACTS) return log;
  if ((act.kind === 'see' || act.kind === 'mark') && log.some((earlier) => sameAct(earlier, act))) return log;
  const last = log.findLast((earlier) => earlier.kind === act.kind && earlier.step === act.step);
  if (last !== undefined && sameAct(last, act)) return log;
  return [...log, act];
}

/** Keep a lesson's act log; its record (with its task ids) exists from then on. */
export function recordActs(
  progress: Progress,
  lessonId: string,
  exercises: readonly Exercise[],
  acts: readonly Act[],
): Progress {
  const lesson = ownValue(progress, lessonId);
  const kept = lesson?.acts ?? [];
  if (kept.length === acts.length && JSON.stringify(kept) === JSON.stringify(acts)) return progress;
  return {
    ...progress,
    [lessonId]: {
      ...lesson,
      tasks: lesson?.tasks ?? {},
      taskIds: exercises.map((exercise) => exercise.id),
      acts: [...acts],
    },
  };
}

/**
 * Record the verifier's verdicts for a lesson's exercises at time `now`. Returns the new progress and
 * the tasks that became met just now (for the live announcement); `progress` itself is returned when
 * nothing changed, so a store can skip the write.
 */
export function recordVerdicts(
  progress: Progress,
  lessonId: string,
  exercises: readonly Exercise[],
  verdicts: readonly TaskVerdict[],
  now: string,
): { progress: Progress; newlyMet: Exercise[] } {
  const taskIds = exercises.map((exercise) => exercise.id);
  const before = ownValue(progress, lessonId);
  let next = progress;
  // Opening a lesson writes nothing; a lesson whose tasks changed since its progress was kept is updated.
  if (before !== undefined && before.taskIds.join('\n') !== taskIds.join('\n'))
    next = { ...next, [lessonId]: { ...before, taskIds } };
  const newlyMet: Exercise[] = [];
  for (const verdict of verdicts) {
    const exercise = exercises.find((e) => e.id === verdict.id);
    if (exercise === undefined || !verdict.met || taskProgress(next, lessonId, verdict.id).met) continue;
    newlyMet.push(exercise);
    next = updateTask(next, lessonId, exercises, verdict.id, (task) => ({ ...task, met: true, firstMetAt: now }));
  }
  return { progress: next, newlyMet };
}

/** Reveal the next hint of a task (no further than the task has). */
export function revealHint(
  progress: Progress,
  lessonId: string,
  exercises: readonly Exercise[],
  exercise: Exercise,
): Progress {
  const task = taskProgress(progress, lessonId, exercise.id);
  if (task.hints >= exercise.hints.length) return progress;
  return updateTask(progress, lessonId, exercises, exercise.id, (t) => ({ ...t, hints: t.hints + 1 }));
}

/**
 * Show a task's answer ("Show me"); every hint counts as used once the answer is shown. A task not met yet
 * is given up by it: what it kept off the screen is revealed, and the teacher sees it was given up.
 */
export function showAnswer(
  progress: Progress,
  lessonId: string,
  exercises: readonly Exercise[],
  exercise: Exercise,
): Progress {
  return updateTask(progress, lessonId, exercises, exercise.id, (t) => ({
    ...t,
    answerShown: true,
    hints: exercise.hints.length,
    ...(t.met || t.givenUp === true ? {} : { givenUp: true }),
  }));
}
