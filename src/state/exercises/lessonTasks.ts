/**
 * Each lesson's tasks, from its exercises file (fixtures/exercises/<lesson id>.json, kept apart from
 * the scenario so the editor never shows the solution), and the core's verifier bound to the lesson's
 * engine. Both load with the lesson, so the entry chunk carries neither the files nor the verifier.
 */
import type { Exercise } from '../../core/exercises/types';
import type { Lesson } from '../../core/lessons/catalogue';
import { lessonText } from '../lessons/lessonTexts';
import type { Verify } from './verdictWatcher';

const FILES = import.meta.glob<string>('../../../fixtures/exercises/*.json', { query: '?raw', import: 'default' });

export interface LessonTasks {
  exercises: readonly Exercise[];
  lessonText: string;
}

const cache = new Map<string, Promise<LessonTasks>>();

async function load(lesson: Lesson): Promise<LessonTasks> {
  const text = await lessonText(lesson);
  const file = FILES[`../../../fixtures/exercises/${lesson.id}.json`];
  if (file === undefined) return { exercises: [], lessonText: text };
  const [{ parseLessonExercises }, raw] = await Promise.all([import('../../ui/exercises/lazy'), file()]);
  const parsed = parseLessonExercises(lesson.engine, raw);
  // A shipped exercises file that does not parse is a build mistake; the core's tests parse every one.
  if (parsed.kind === 'invalid')
    throw new Error(`fixtures/exercises/${lesson.id}.json: ${parsed.problems[0]?.message ?? 'invalid'}`);
  return { exercises: parsed.scenario.exercises, lessonText: text };
}

/** A lesson's tasks and its own scenario text, loaded once per page. */
export function tasksOf(lesson: Lesson): Promise<LessonTasks> {
  let found = cache.get(lesson.id);
  if (found === undefined) {
    found = load(lesson);
    cache.set(lesson.id, found);
  }
  return found;
}

/** The core's verifier for a lesson's engine, reading scenario text (parsed once per text). */
export async function loadVerify(lesson: Lesson): Promise<Verify> {
  const { verifierFor } = await import('../../ui/exercises/lazy');
  return verifierFor(lesson.engine);
}
