/**
 * The course pack the learner opened, from a file or a link: its lessons, listed in the gallery, each
 * opened into the gallery lesson of its engine as a scenario with its own tasks (the verdict watcher then
 * judges them, their progress kept under the scenario's key). The pack's schema and parser load only
 * when a pack is opened. Kept in memory: a reload opens the link again, or the file is chosen again.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { CoursePack, PackLesson } from '../../core/courses/pack';
import type { LessonKind } from '../../core/lessons/catalogue';

/** What a pack lesson's progress is filed under in the progress file: the lesson and its course. */
export interface PackName {
  title: string;
  course: { id: string; title: string };
}

export interface PackState {
  pack: CoursePack | null;
  /** Where the pack came from: the file's name, or "a link". */
  source: string;
  /** Why the last pack could not be opened (the first problem, located), or null. */
  problem: string | null;
  /** Each pack lesson's progress key (`scenario-<hash>`) with its names, for the progress file. */
  names: Record<string, PackName>;

  /** Open a pack from its text; false (and `problem` set) when it is not a valid pack. */
  openText(text: string, source: string): Promise<boolean>;
  /** Open a pack from a link's data (what follows `#/course/`). */
  openLink(data: string): Promise<boolean>;
  close(): void;
}

export type PackStore = StoreApi<PackState>;

/** The gallery lesson a pack lesson of `engine` opens in: the first of that engine. */
export const HOST_LESSON: Record<LessonKind, string> = {
  store: 'seed-alice-bob',
  router: 'router-authorize-before-ranking',
  memtool: 'memtool-session-scope',
  vector: 'vector-filter-after-scan',
};

export function createPackStore(): PackStore {
  return createStore<PackState>()((set) => {
    const open = async (text: string, source: string) => {
      const [{ parseCoursePack }, { scenarioKey }] = await Promise.all([
        import('../../core/courses/pack'),
        import('../../core/exercises/ownExercises'),
      ]);
      const parsed = parseCoursePack(text);
      if (parsed.kind === 'invalid') {
        const first = parsed.problems[0];
        const where = first?.line === undefined ? '' : `line ${first.line}, column ${first.column}: `;
        set({
          problem: `${source} is not a course pack this playground reads: ${where}${first?.path ?? ''}: ${first?.message ?? ''}`,
        });
        return false;
      }
      const pack = parsed.scenario;
      const course = { id: pack.id, title: pack.title };
      const names = Object.fromEntries(
        pack.lessons.map((lesson: PackLesson) => [
          scenarioKey(lesson.engine, lesson.exercises),
          { title: lesson.title, course },
        ]),
      );
      set({ pack, source, problem: null, names });
      return true;
    };
    return {
      pack: null,
      source: '',
      problem: null,
      names: {},
      openText: open,
      async openLink(data) {
        const { decodePackLink } = await import('../../core/courses/packLink');
        const decoded = decodePackLink(data);
        if (decoded.kind === 'error') {
          set({ problem: decoded.message });
          return false;
        }
        return open(decoded.text, 'The course link');
      },
      close() {
        set({ pack: null, source: '', problem: null });
      },
    };
  });
}
