/**
 * Saves off the keystroke's path. Writing a 3 MB scenario to localStorage is one synchronous task of
 * 70–85 ms in Chromium; made on every edit, it stalled each keystroke. A large text's save is therefore
 * held for a moment after the last edit and written once; whatever reads the storage meanwhile reads the
 * held text, so nothing typed is ever missing from a load, and the page writes what is held when it is
 * hidden or left (pagehide, visibilitychange), so a closed tab keeps it too. A short text is written at
 * once, as before: it costs nothing, and a storage that refuses it says so at the keystroke. A held save
 * that a full storage refuses is said at the next edit (the store shows a save's notice).
 */
import type { Loaded, TextStorage } from './storage';
import type { Rule } from '../core/store/rules';

/** Texts up to this many characters are written at once (about a millisecond's write). */
export const WRITE_AT_ONCE_CHARS = 100_000;

/** When a held save is written: `run` after the learner paused; the returned function cancels it. */
export type SaveScheduler = (run: () => void) => () => void;

/** A pause of `ms` after the last edit (a new edit starts the pause again). */
export const afterPause =
  (ms: number): SaveScheduler =>
  (run) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  };

export interface WriteBehind extends TextStorage {
  /** Write the held save now, if any; its notice (a full or disabled storage), else null. */
  flush(): string | null;
}

/** `storage` with large saves held until the learner pauses (or `flush`). */
export function writeBehind(storage: TextStorage, schedule: SaveScheduler): WriteBehind {
  let held: { text: string; rulesOff: readonly Rule[] } | null = null;
  let cancel: (() => void) | null = null;
  /** A held save's notice, written after its edit: given with the next save's answer. */
  let late: string | null = null;
  const drop = () => {
    cancel?.();
    cancel = null;
    held = null;
  };
  const flush = (): string | null => {
    if (held === null) return null;
    const { text, rulesOff } = held;
    drop();
    return storage.save(text, rulesOff);
  };
  return {
    load(): Loaded {
      if (held === null) return storage.load();
      const { text, rulesOff } = held;
      return rulesOff.length > 0 ? { kind: 'text', text, rulesOff: [...rulesOff] } : { kind: 'text', text };
    },
    save(text, rulesOff = []) {
      const before = late;
      late = null;
      if (text.length <= WRITE_AT_ONCE_CHARS) {
        drop();
        return storage.save(text, rulesOff) ?? before;
      }
      cancel?.();
      held = { text, rulesOff };
      cancel = schedule(() => {
        cancel = null;
        late = flush();
      });
      return before;
    },
    clear() {
      drop();
      return storage.clear();
    },
    flush,
  };
}
