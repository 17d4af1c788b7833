/**
 * The progress file a learner downloads and a teacher imports into the classroom view: each lesson with
 * progress, its tasks (met, hints used, answer shown, given up, first met), the learner's scenario text and act
 * log, and when the file was made. Built from the store's data here; read back through the zod schema, the one edge
 * where a file from elsewhere comes in.
 */
import * as z from '../../core/zod';
import type { Exercise } from '../../core/exercises/types';
import { isDone, type Progress } from './progressLogic';
import { actLogSchema } from '../../core/exercises/actSchema';
import { ownValue } from '../../core/own';

export const PROGRESS_FILE_FORMAT = 'scope-isolation-playground/progress';

/** The largest file the classroom view reads; a progress file is a few kilobytes per edited lesson. */
export const MAX_FILE_BYTES = 2_000_000;

const taskSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  /** The task's text, so the classroom can name its column without the lesson's files. */
  task: z.string().check(z.maxLength(2000)),
  met: z.boolean(),
  hintsUsed: z.number().check(z.int(), z.gte(0), z.lte(100)),
  answerShown: z.boolean(),
  /** "Show me" before the task was met: the learner gave it up. Missing in files made before it was kept. */
  givenUp: z.optional(z.boolean()),
  firstMetAt: z.nullable(z.iso.datetime()),
});

const lessonSchema = z.strictObject({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  title: z.string().check(z.maxLength(500)),
  done: z.boolean(),
  tasks: z.array(taskSchema).check(z.maxLength(100)),
  /** The course pack the lesson came from, for the classroom view to group by; absent for the gallery's own. */
  course: z.optional(
    z.strictObject({ id: z.string().check(z.maxLength(200)), title: z.string().check(z.maxLength(500)) }),
  ),
  /** The learner's scenario text; null when they kept the lesson's own. */
  scenario: z.nullable(z.string().check(z.maxLength(MAX_FILE_BYTES))),
  /** The learner's act log (steps seen, marks, predictions, rule choices), which the answer tasks read. */
  acts: z.optional(actLogSchema),
});

export const progressFileSchema = z.strictObject({
  format: z.literal(PROGRESS_FILE_FORMAT),
  version: z.literal(1),
  /** A name the learner typed, for the teacher; may be empty. */
  learner: z.string().check(z.maxLength(200)),
  exportedAt: z.iso.datetime(),
  lessons: z.array(lessonSchema).check(z.maxLength(200)),
});

export type ProgressFile = z.infer<typeof progressFileSchema>;

export interface ExportInput {
  progress: Progress;
  learner: string;
  now: Date;
  /** A lesson's title and tasks, when the page knows them (else the file names the lesson and task by id). */
  lessonInfo(
    id: string,
  ):
    | { title: string; exercises: ReadonlyArray<Pick<Exercise, 'id' | 'task'>>; course?: { id: string; title: string } }
    | undefined;
  /** The learner's saved scenario text for a lesson, or null when they have not edited it. */
  textOf(id: string): string | null;
}

/** The progress file for everything the learner has done, in the order the lessons were first recorded. */
export function buildProgressFile(input: ExportInput): ProgressFile {
  return {
    format: PROGRESS_FILE_FORMAT,
    version: 1,
    learner: input.learner.trim().slice(0, 200),
    exportedAt: input.now.toISOString(),
    lessons: Object.entries(input.progress).map(([id, lesson]) => {
      const info = input.lessonInfo(id);
      return {
        id,
        title: info?.title ?? id,
        done: isDone(lesson),
        tasks: lesson.taskIds.map((taskId) => {
          const task = ownValue(lesson.tasks, taskId);
          return {
            id: taskId,
            task: info?.exercises.find((e) => e.id === taskId)?.task ?? taskId,
            met: task?.met ?? false,
            hintsUsed: task?.hints ?? 0,
            answerShown: task?.answerShown ?? false,
            givenUp: task?.givenUp ?? false,
            firstMetAt: task?.firstMetAt ?? null,
          };
        }),
        ...(info?.course === undefined ? {} : { course: info.course }),
        scenario: input.textOf(id),
        ...(lesson.acts === undefined ? {} : { acts: lesson.acts }),
      };
    }),
  };
}

export type ReadFile = { kind: 'ok'; file: ProgressFile } | { kind: 'error'; reason: string };

/** Read one imported file's text: JSON first, then the schema; the reason names what and where. */
export function readProgressFile(text: string): ReadFile {
  if (text.length > MAX_FILE_BYTES)
    return {
      kind: 'error',
      reason: `it is larger than ${MAX_FILE_BYTES / 1_000_000} MB, too large for a progress file`,
    };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'error', reason: `it is not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = progressFileSchema.safeParse(value);
  if (parsed.success) return { kind: 'ok', file: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.length === 0 ? 'the file' : issue.path.map(String).join('.');
  return { kind: 'error', reason: `${where}: ${issue.message}` };
}
