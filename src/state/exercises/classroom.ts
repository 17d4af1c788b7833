/**
 * The classroom table: learners (one per imported progress file) by tasks (every task any file
 * names, grouped by course pack, then by lesson, in the order first seen). Pure: the view reads the files and renders this.
 */
import type { ProgressFile } from './progressFile';

export interface ClassroomColumn {
  /** The course pack the lesson came from, or null for the gallery's own lessons and a scenario's own tasks. */
  course: { id: string; title: string } | null;
  lessonId: string;
  lessonTitle: string;
  taskId: string;
  task: string;
}

export type ClassroomCell =
  { kind: 'absent' } | { kind: 'task'; met: boolean; hintsUsed: number; answerShown: boolean; givenUp: boolean };

export interface ClassroomRow {
  /** The name the learner gave, else the file's name. */
  learner: string;
  exportedAt: string;
  /** Lessons done (every task met) in this file. */
  done: number;
  cells: ClassroomCell[];
}

export interface Classroom {
  columns: ClassroomColumn[];
  rows: ClassroomRow[];
}

/** Build the table from imported files; linear in the number of tasks across the files. */
export function classroomTable(files: ReadonlyArray<{ name: string; file: ProgressFile }>): Classroom {
  const columns: ClassroomColumn[] = [];
  const at = new Map<string, number>();
  // A key that no lesson or task id can forge by containing the separator: JSON of the pair.
  const key = (lessonId: string, taskId: string) => JSON.stringify([lessonId, taskId]);
  for (const { file } of files)
    for (const lesson of file.lessons)
      for (const task of lesson.tasks) {
        const k = key(lesson.id, task.id);
        if (at.has(k)) continue;
        at.set(k, columns.length);
        columns.push({
          course: lesson.course ?? null,
          lessonId: lesson.id,
          lessonTitle: lesson.title,
          taskId: task.id,
          task: task.task,
        });
      }
  // Grouped by course, then by lesson, keeping each one's first-seen order and the tasks' order.
  const courseOf = (c: ClassroomColumn) => c.course?.id ?? '';
  const courseOrder = new Map([...new Set(columns.map(courseOf))].map((id, i) => [id, i]));
  const lessonOrder = new Map([...new Set(columns.map((c) => c.lessonId))].map((id, i) => [id, i]));
  columns.sort(
    (a, b) =>
      courseOrder.get(courseOf(a))! - courseOrder.get(courseOf(b))! ||
      lessonOrder.get(a.lessonId)! - lessonOrder.get(b.lessonId)!,
  );
  columns.forEach((column, i) => at.set(key(column.lessonId, column.taskId), i));
  const rows = files.map(({ name, file }): ClassroomRow => {
    const cells: ClassroomCell[] = columns.map(() => ({ kind: 'absent' }));
    for (const lesson of file.lessons)
      for (const task of lesson.tasks)
        cells[at.get(key(lesson.id, task.id))!] = {
          kind: 'task',
          met: task.met,
          hintsUsed: task.hintsUsed,
          answerShown: task.answerShown,
          givenUp: task.givenUp ?? false,
        };
    return {
      learner: file.learner === '' ? name : file.learner,
      exportedAt: file.exportedAt,
      done: file.lessons.filter((lesson) => lesson.done).length,
      cells,
    };
  });
  return { columns, rows };
}
