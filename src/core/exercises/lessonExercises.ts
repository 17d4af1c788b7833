/**
 * A lesson's exercises kept apart from its scenario (fixtures/exercises/<lesson id>.json), so the
 * learner's editor never shows the reference solution and an edit can never change the tasks. The
 * same format as a scenario's own `exercises` and `solution` fields, parsed by the same schemas.
 */
import type * as z from '../zod';
import type { LessonKind } from '../lessons/catalogue';
import { type LessonParse, parseLesson } from '../router/lessonJson';
import { lessonExercisesSchemas } from './schema';
import type { Exercise, Solution } from './types';

/** A lesson's tasks and, optionally, the teacher's reference solution. */
export interface LessonExercises {
  exercises: Exercise[];
  solution?: Solution;
}

/** Parse an exercises file for a lesson of `engine`; every problem carries its path, line and column. */
export function parseLessonExercises(engine: LessonKind, text: string): LessonParse<LessonExercises> {
  const schema: z.ZodMiniType<LessonExercises> = lessonExercisesSchemas[engine];
  return parseLesson(schema, text);
}
