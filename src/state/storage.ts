/**
 * Where the edited scenario text survives a reload. Injected into the store so tests and a command
 * line can run it headless. Storage trouble is reported as a notice for the page, never thrown.
 */

export type Loaded =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  /** Nothing usable was loaded; `notice` tells the person why, in words. */
  | { kind: 'unavailable'; notice: string };

export interface TextStorage {
  load(): Loaded;
  /** Returns a notice when the text could not be kept, else null. */
  save(text: string): string | null;
  /** Returns a notice when the saved text could not be removed, else null. */
  clear(): string | null;
}

/** Only what the adapter uses of the Web Storage API, so a test can pass a failing one. */
export type WebStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const FORMAT = 1;

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'QuotaExceededError' || error.code === 22);
}

/** A localStorage adapter. `backing` is a function so that even reading `window.localStorage` may fail safely. */
export function webTextStorage(key: string, backing: () => WebStorage | null | undefined): TextStorage {
  const disabled = 'This browser does not let the page store data, so your edits will not survive a reload.';
  const open = (): WebStorage | string => {
    try {
      return backing() ?? disabled;
    } catch {
      return disabled;
    }
  };
  return {
    load() {
      const storage = open();
      if (typeof storage === 'string') return { kind: 'unavailable', notice: storage };
      let raw: string | null;
      try {
        raw = storage.getItem(key);
      } catch {
        return { kind: 'unavailable', notice: disabled };
      }
      if (raw === null) return { kind: 'empty' };
      try {
        const value: unknown = JSON.parse(raw);
        if (typeof value === 'object' && value !== null && (value as { format?: unknown }).format === FORMAT
          && typeof (value as { text?: unknown }).text === 'string') {
          return { kind: 'text', text: (value as { text: string }).text };
        }
      } catch {
        // fall through: the saved value is not ours or is damaged
      }
      return { kind: 'unavailable', notice: 'The saved scenario could not be read, so the seed scenario is shown instead.' };
    },
    save(text) {
      const storage = open();
      if (typeof storage === 'string') return storage;
      try {
        storage.setItem(key, JSON.stringify({ format: FORMAT, text }));
        return null;
      } catch (error) {
        return isQuotaError(error)
          ? "The browser's storage is full, so this edit will not survive a reload."
          : disabled;
      }
    },
    clear() {
      const storage = open();
      if (typeof storage === 'string') return storage;
      try {
        storage.removeItem(key);
        return null;
      } catch {
        return disabled;
      }
    },
  };
}

/** Keeps the text in memory only: for tests and headless use. */
export function memoryTextStorage(initial?: string): TextStorage & { saved: string | undefined } {
  const box = {
    saved: initial,
    load: (): Loaded => (box.saved === undefined ? { kind: 'empty' } : { kind: 'text', text: box.saved }),
    save: (text: string) => {
      box.saved = text;
      return null;
    },
    clear: () => {
      box.saved = undefined;
      return null;
    },
  };
  return box;
}
