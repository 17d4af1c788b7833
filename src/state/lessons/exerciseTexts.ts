/**
 * The lessons' exercises (fixtures/exercises/<lesson id>.json). Each file is its own small chunk,
 * fetched when the lesson opens, like the lesson texts; parsed by the core's schema for that engine.
 */
import type { Lesson } from '../../core/lessons/catalogue';
import { type LessonExercises, parseLessonExercises } from '../../core/exercises/lessonExercises';

const FILES = import.meta.glob<string>('../../../fixtures/exercises/*.json', { query: '?raw', import: 'default' });

/** A lesson's tasks and reference solution. Throws for a missing or invalid file (a build mistake, caught by tests). */
export async function lessonExercises(lesson: Lesson): Promise<LessonExercises> {
  const load = FILES[`../../../fixtures/exercises/${lesson.id}.json`];
  if (load === undefined) throw new Error(`the lesson ${lesson.id} has no fixtures/exercises/${lesson.id}.json`);
  const parsed = parseLessonExercises(lesson.engine, await load());
  if (parsed.kind === 'invalid')
    throw new Error(
      `fixtures/exercises/${lesson.id}.json: ${parsed.problems[0]?.path}: ${parsed.problems[0]?.message}`,
    );
  return parsed.scenario;
}
