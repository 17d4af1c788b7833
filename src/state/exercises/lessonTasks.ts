/**
 * Each lesson's tasks, from its exercises file (read by state/lessons/exerciseTexts.ts), with the
 * lesson's own scenario text, and the verifier of a session's lesson. They load with the lesson,
 * through the exercises' lazy chunk, so the entry chunk carries neither.
 */
import type { Exercise } from '../../core/exercises/types';
import type { Lesson } from '../../core/lessons/catalogue';
import { lessonText } from '../lessons/lessonTexts';
import type { LessonSession } from '../lessons/sessions';
import type { Verify } from './verdictWatcher';
import type { KitLessonStore } from '../lessons/kitStore';
import type { KitKind } from '../../engine/kitProtocol';

export interface LessonTasks {
  exercises: readonly Exercise[];
  lessonText: string;
}

const cache = new Map<string, Promise<LessonTasks>>();

async function load(lesson: Lesson): Promise<LessonTasks> {
  const [text, { lessonExercises }] = await Promise.all([lessonText(lesson), import('../lessons/exerciseTexts')]);
  try {
    return { exercises: (await lessonExercises(lesson)).exercises, lessonText: text };
  } catch (error) {
    // A missing or broken exercises file is a build mistake (the core's tests parse every one): the
    // lesson still opens, its panel says it has no tasks, and the console says why.
    console.error(`The tasks of ${lesson.id} could not be loaded`, error);
    return { exercises: [], lessonText: text };
  }
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

/**
 * The verifier of a session's lesson: its tasks are judged in its engine, beside the learner's timeline
 * (a store lesson's in engine/worker/verdicts.ts, another kind's by its kit in engine/worker/kitSession.ts).
 */
export function loadVerify(session: LessonSession): Promise<Verify> {
  if (session.engine === 'store') {
    const { store } = session;
    return Promise.resolve((exercises, input) => store.getState().verifyTasks({ exercises, ...input }));
  }
  const { store } = session as { store: KitLessonStore<KitKind> };
  return Promise.resolve((exercises, { acts }) => store.getState().verifyTasks({ exercises, acts }));
}
