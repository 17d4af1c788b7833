/**
 * Where each lesson's edits, the lesson in view and the lessons opened so far are kept. The seed lesson
 * keeps the key the playground always used, so work saved before the gallery existed is still found.
 */
import { type Loaded, type TextStorage, type WebStorage, webTextStorage } from '../storage';
import { afterPause, type SaveScheduler, type WriteBehind, writeBehind } from '../writeBehind';
import { DEFAULT_LESSON } from '../../core/lessons/catalogue';

const PREFIX = 'scope-isolation-playground';

/** The storage key of a lesson's scenario text. */
export function lessonKey(id: string): string {
  return id === DEFAULT_LESSON ? `${PREFIX}/scenario` : `${PREFIX}/lesson/${id}`;
}

/** Everything the lessons shell keeps, behind one injectable interface. */
export interface LessonsStorage {
  /** A lesson's scenario text storage. */
  lesson(id: string): TextStorage;
  /** The learner's earlier work on a lesson, kept aside when a shared or clean start's edit replaced it. */
  kept(id: string): TextStorage;
  /** The lesson last chosen, or null. */
  loadChoice(): string | null;
  saveChoice(id: string): void;
  /** The lessons opened so far. */
  loadVisited(): string[];
  saveVisited(ids: readonly string[]): void;
  /** Write every save still held (a large text is written once the learner pauses): the page is left. */
  flush(): void;
}

/** How long after the last keystroke a large text is written (writeBehind.ts). */
export const SAVE_PAUSE_MS = 500;

/** localStorage, through the playground's adapter (so a disabled or full storage is a notice, not a crash). */
export function webLessonsStorage(
  backing: () => WebStorage | null | undefined,
  schedule: SaveScheduler = afterPause(SAVE_PAUSE_MS),
): LessonsStorage {
  // One per lesson, so that every reader of a lesson's text sees the save still held for it.
  const lessons = new Map<string, WriteBehind>();
  const choice = webTextStorage(`${PREFIX}/lesson-choice`, backing);
  const visited = webTextStorage(`${PREFIX}/lessons-opened`, backing);
  const text = (loaded: Loaded) => (loaded.kind === 'text' ? loaded.text : null);
  return {
    lesson(id) {
      let storage = lessons.get(id);
      if (storage === undefined)
        lessons.set(id, (storage = writeBehind(webTextStorage(lessonKey(id), backing), schedule)));
      return storage;
    },
    kept: (id) => webTextStorage(`${lessonKey(id)}/kept`, backing),
    loadChoice: () => text(choice.load()),
    saveChoice: (id) => void choice.save(id),
    loadVisited() {
      try {
        const value: unknown = JSON.parse(text(visited.load()) ?? '[]');
        return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
      } catch {
        return [];
      }
    },
    saveVisited: (ids) => void visited.save(JSON.stringify(ids)),
    flush() {
      for (const storage of lessons.values()) storage.flush();
    },
  };
}

/** Everything in memory: for tests and headless use. */
export function memoryLessonsStorage(): LessonsStorage & {
  texts: Map<string, string>;
  keptTexts: Map<string, string>;
} {
  const texts = new Map<string, string>();
  const keptTexts = new Map<string, string>();
  let choice: string | null = null;
  let visited: string[] = [];
  const inMap = (map: Map<string, string>, id: string): TextStorage => ({
    load: (): Loaded => (map.has(id) ? { kind: 'text', text: map.get(id)! } : { kind: 'empty' }),
    save: (value: string) => {
      map.set(id, value);
      return null;
    },
    clear: () => {
      map.delete(id);
      return null;
    },
  });
  return {
    texts,
    keptTexts,
    lesson: (id) => inMap(texts, id),
    kept: (id) => inMap(keptTexts, id),
    loadChoice: () => choice,
    saveChoice: (id) => {
      choice = id;
    },
    loadVisited: () => visited,
    saveVisited: (ids) => {
      visited = [...ids];
    },
    flush: () => {},
  };
}

/**
 * A storage that starts from `initial` instead of what is saved, and neither reads nor writes the saved
 * text until the learner's first edit: the clean-start address and shared links open this way, so the
 * learner's own work is untouched until they change something. A save of the text on screen (only the
 * switched-off rules differ) is not an edit: it stays in memory. At the first real edit the saved work is
 * copied into `keep` before it is overwritten, so it can be restored; `onAttach` then runs once, told
 * whether anything was kept.
 */
export function detachedUntilEdit(
  storage: TextStorage,
  initial: Loaded,
  onAttach: (kept: boolean) => void = () => {},
  options: { startText?: string; keep?: TextStorage } = {},
): TextStorage & { attached(): boolean } {
  let attached = false;
  let current = initial;
  const attach = (text: string | null) => {
    if (attached) return;
    attached = true;
    const before = storage.load();
    const kept = options.keep !== undefined && before.kind === 'text' && before.text !== text;
    if (kept) options.keep!.save(before.text, before.rulesOff);
    onAttach(kept);
  };
  return {
    attached: () => attached,
    load: () => (attached ? storage.load() : current),
    save(text, rulesOff = []) {
      if (!attached && text === (initial.kind === 'text' ? initial.text : options.startText)) {
        current = { kind: 'text', text, ...(rulesOff.length > 0 ? { rulesOff: [...rulesOff] } : {}) };
        return null;
      }
      attach(text);
      return storage.save(text, rulesOff);
    },
    clear() {
      attach(null);
      return storage.clear();
    },
  };
}
