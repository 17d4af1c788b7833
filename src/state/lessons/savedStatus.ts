/** A lesson's done mark: from its open session, or from its saved text judged by an engine. */
import type { Lesson } from '../../core/lessons/catalogue';
import type { StoreEngine } from '../../engine/protocol';
import type { LessonsStorage } from './lessonStorage';
import type { LessonSession } from './sessions';
import { type LessonStatus, statusOfChecks } from './status';
import { lessonText } from './lessonTexts';

/** A session's safe-side checks: the store with every rule on, or the engine's safe side. */
export function safeChecks(session: LessonSession) {
  switch (session.engine) {
    case 'store':
      // Kept by the store with each run (a 3 MB scenario's replay here took 170 ms on each rule switch).
      return session.store.getState().safeChecks;
    case 'router':
      return session.store.getState().checks.safe;
    case 'memtool':
      return session.store.getState().checks.safe;
    case 'vector':
      return session.store.getState().checks.safe;
  }
}

/** The done mark of a lesson not open in this page, from its saved text (or its own scenario). */
export async function savedStatus(
  lesson: Lesson,
  storage: LessonsStorage,
  engine: () => StoreEngine,
): Promise<LessonStatus> {
  const saved = storage.lesson(lesson.id).load();
  const text = saved.kind === 'text' ? saved.text : await lessonText(lesson);
  // Judged by the engine (a worker in the page), every rule on; a vector scenario only parsed (its checks
  // need the database).
  const judged = await Promise.resolve(engine().judge(text, lesson.engine));
  return judged.kind === 'ok' ? statusOfChecks(judged.checks) : judged;
}
