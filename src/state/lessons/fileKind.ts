/** Which kind of lesson a refused file belongs to, judged by the engine (loaded when a file is refused). */
import { type LessonKind, LESSONS, type Lesson } from '../../core/lessons/catalogue';
import type { StoreEngine } from '../../engine/protocol';

/** For a file the open lesson refused: the first lesson of another kind whose engine would take it, if any. */
export async function lessonForFile(open: LessonKind, text: string, engine: StoreEngine): Promise<Lesson | null> {
  for (const kind of (['store', 'router', 'memtool', 'vector'] as const).filter((k) => k !== open)) {
    const judged = await engine.judge(text, kind);
    if (judged.kind === 'ok') return LESSONS.find((lesson) => lesson.engine === kind) ?? null;
  }
  return null;
}
