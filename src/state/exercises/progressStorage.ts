/**
 * Where the learner's progress on tasks, and whether they have seen the tour, are kept: localStorage
 * in the page, memory in tests. Writing is switched by an injected flag, so the clean-start address
 * and embedded pages neither read nor write the learner's progress.
 */
import * as z from '../../core/zod';
import type { WebStorage } from '../storage';
import type { Progress } from './progressLogic';
import { actLogSchema } from '../../core/exercises/actSchema';
import { setOwn } from '../../core/own';

const PREFIX = 'scope-isolation-playground';
export const PROGRESS_KEY = `${PREFIX}/progress`;
export const TOUR_KEY = `${PREFIX}/tour`;
const FORMAT = 1;

export interface ProgressStorage {
  /** The saved progress; empty when there is none or it cannot be read (`notice` says why). */
  load(): { progress: Progress; notice: string | null };
  /** Keep the progress; a notice when it could not be kept, else null. */
  save(progress: Progress): string | null;
  /** Whether the first-run tour was dismissed or finished. */
  tourSeen(): boolean;
  markTourSeen(): void;
}

const taskSchema = z.object({
  met: z.boolean(),
  hints: z.number().check(z.int(), z.gte(0)),
  answerShown: z.boolean(),
  givenUp: z.optional(z.boolean()),
  firstMetAt: z.nullable(z.string()),
});
const lessonSchema = z.object({
  taskIds: z.array(z.string()),
  tasks: z.record(z.string(), taskSchema),
  acts: z.optional(actLogSchema),
  seed: z.optional(z.number().check(z.int(), z.gte(0), z.lte(4294967295))),
  about: z.optional(
    z.object({
      title: z.string(),
      tasks: z.record(z.string(), z.string()),
      course: z.optional(z.object({ id: z.string(), title: z.string() })),
    }),
  ),
});
const storedSchema = z.object({ format: z.literal(FORMAT), lessons: z.record(z.string(), z.unknown()) });

/** Saved progress from its stored JSON; a damaged lesson entry is dropped, the rest kept. Null when unreadable. */
export function readProgress(raw: string): Progress | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const stored = storedSchema.safeParse(value);
  if (!stored.success) return null;
  const progress: Progress = {};
  for (const [id, lesson] of Object.entries(stored.data.lessons)) {
    const read = lessonSchema.safeParse(lesson);
    if (read.success) setOwn(progress, id, read.data);
  }
  return progress;
}

export interface WebProgressOptions {
  /** False on the clean-start address and in embedded pages: nothing is read or written. */
  writable: () => boolean;
}

/** localStorage, failing softly: a disabled or full storage is a notice, never a crash. */
export function webProgressStorage(
  backing: () => WebStorage | null | undefined,
  { writable }: WebProgressOptions,
): ProgressStorage {
  const disabled = 'This browser does not let the page store data, so your progress will not survive a reload.';
  const open = (): WebStorage | null => {
    try {
      return backing() ?? null;
    } catch {
      return null;
    }
  };
  const get = (key: string): string | null => {
    try {
      return open()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  return {
    load() {
      if (!writable()) return { progress: {}, notice: null };
      const raw = get(PROGRESS_KEY);
      if (raw === null) return { progress: {}, notice: null };
      const progress = readProgress(raw);
      return progress === null
        ? { progress: {}, notice: 'Your saved progress could not be read, so it starts afresh.' }
        : { progress, notice: null };
    },
    save(progress) {
      if (!writable()) return null;
      const storage = open();
      if (storage === null) return disabled;
      try {
        storage.setItem(PROGRESS_KEY, JSON.stringify({ format: FORMAT, lessons: progress }));
        return null;
      } catch {
        return "Your progress could not be saved (the browser's storage is full or disabled).";
      }
    },
    // Under #clean or embedded, the tour counts as seen: it must not appear there.
    tourSeen: () => !writable() || get(TOUR_KEY) !== null,
    markTourSeen() {
      if (!writable()) return;
      try {
        open()?.setItem(TOUR_KEY, 'seen');
      } catch {
        // Not remembered: the tour may show again next time, which is the only cost.
      }
    },
  };
}

/** In memory: for tests and headless use. */
export function memoryProgressStorage(initial: Progress = {}): ProgressStorage & { saved: Progress; seen: boolean } {
  const box = {
    saved: initial,
    seen: false,
    load: () => ({ progress: box.saved, notice: null }),
    save: (progress: Progress) => {
      box.saved = progress;
      return null;
    },
    tourSeen: () => box.seen,
    markTourSeen: () => {
      box.seen = true;
    },
  };
  return box;
}
