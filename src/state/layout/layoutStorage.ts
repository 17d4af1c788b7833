/**
 * Where the workbench layout (pane sizes, the open tab, the editor's visibility, presentation mode)
 * survives a reload. Injected into the layout store, so tests run it in memory and an embedded page
 * keeps nothing. A damaged or foreign saved value is dropped, never thrown.
 */
import * as z from '../../core/zod';
import type { WebStorage } from '../storage';

/** The part of the layout that is remembered. */
export interface SavedLayout {
  /** The dock's open tab. */
  tab: string;
  /** The pane open on a phone. */
  phoneTab: string;
  editorOpen: boolean;
  presentation: boolean;
  /** Pane sizes by group id, each a map of panel id to percent (react-resizable-panels' layout). */
  sizes: Record<string, Record<string, number>>;
}

export interface LayoutStorage {
  /** The saved layout, or null when there is none (or it could not be read). */
  load(): SavedLayout | null;
  save(layout: SavedLayout): void;
  clear(): void;
}

const KEY = 'scope-isolation-playground/layout';
const FORMAT = 1;

const saved = z.object({
  format: z.literal(FORMAT),
  tab: z.string().check(z.maxLength(40)),
  phoneTab: z.string().check(z.maxLength(40)),
  editorOpen: z.boolean(),
  presentation: z.boolean(),
  sizes: z.record(
    z.string().check(z.maxLength(40)),
    z.record(z.string().check(z.maxLength(40)), z.number().check(z.gte(0), z.lte(100))),
  ),
});

/** localStorage; a browser that refuses storage only loses the remembered layout. */
export function webLayoutStorage(backing: () => WebStorage | null | undefined): LayoutStorage {
  const attempt = <T>(run: (storage: WebStorage) => T, fallback: T): T => {
    try {
      const storage = backing();
      return storage ? run(storage) : fallback;
    } catch {
      // Storage disabled or full: the layout is a convenience, the page works without it.
      return fallback;
    }
  };
  return {
    load: () =>
      attempt((storage) => {
        const raw = storage.getItem(KEY);
        if (raw === null) return null;
        const parsed = saved.safeParse(JSON.parse(raw));
        if (!parsed.success) return null;
        const { format: _format, ...layout } = parsed.data;
        return layout;
      }, null),
    save: (layout) =>
      attempt((storage) => storage.setItem(KEY, JSON.stringify({ format: FORMAT, ...layout })), undefined),
    clear: () => attempt((storage) => storage.removeItem(KEY), undefined),
  };
}

/** In memory only: for tests, and for an embedded page, which never writes the learner's browser. */
export function memoryLayoutStorage(initial: SavedLayout | null = null): LayoutStorage & { saved: SavedLayout | null } {
  const box = {
    saved: initial,
    load: () => box.saved,
    save: (layout: SavedLayout) => {
      box.saved = structuredClone(layout);
    },
    clear: () => {
      box.saved = null;
    },
  };
  return box;
}
