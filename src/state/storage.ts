/**
 * Where the edited scenario text, and the rules a learner switched off, survive a reload. Injected into
 * the store so tests and a command line can run it headless. Storage trouble is reported as a notice for
 * the page, never thrown.
 */
import { RULES, type Rule } from '../core/store/rules';

export type Loaded =
  | { kind: 'empty' }
  /** `rulesOff` is present only when some rule was switched off. */
  | { kind: 'text'; text: string; rulesOff?: Rule[] }
  /** Nothing usable was loaded; `notice` tells the person why, in words. */
  | { kind: 'unavailable'; notice: string };

export interface TextStorage {
  load(): Loaded;
  /** Keep the text and the switched-off rules (none when omitted); a notice when they could not be kept, else null. */
  save(text: string, rulesOff?: readonly Rule[]): string | null;
  /** Returns a notice when the saved text could not be removed, else null. */
  clear(): string | null;
}

/** Only what the adapter uses of the Web Storage API, so a test can pass a failing one. */
export type WebStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const FORMAT = 1;

/** Known rule names from a saved value; anything else is dropped. */
function readRulesOff(value: unknown): Rule[] {
  return Array.isArray(value) ? RULES.filter((rule) => value.includes(rule)) : [];
}

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
  /**
   * The text, as it is, under a key of its own: no JSON around it, so a save of a 3.3 MB text writes it
   * once instead of first escaping it into a larger copy (JSON.stringify took 13-24 ms of a 35-45 ms save in
   * Chromium). Texts saved before it are read from `key` (JSON, with the rules that were switched off then).
   */
  const textKey = `${key}/text`;
  /**
   * The switched-off rules alone, under a key of their own: a rule switch rewrites them, not the text
   * (a 3.3 MB text's rewrite held the page 26 ms at each switch, bench:paste). Present only while the
   * text saved is the one this adapter last wrote or read; a text under `key` from before carries the
   * rules it was written with, so older saved work reads as before.
   */
  const rulesKey = `${key}/rules-off`;
  /** The text saved as this adapter last wrote or read it, or null. */
  let held: string | null = null;
  /** The rules under their own key, or null when there are none there (or they are damaged). */
  const readRules = (storage: WebStorage): Rule[] | null => {
    try {
      const raw = storage.getItem(rulesKey);
      if (raw === null) return null;
      const value: unknown = JSON.parse(raw);
      if (typeof value === 'object' && value !== null && (value as { format?: unknown }).format === FORMAT)
        return readRulesOff((value as { rulesOff?: unknown }).rulesOff);
    } catch {
      // a damaged value: the rules saved with the text stand
    }
    return null;
  };
  const loaded = (text: string, rulesOff: Rule[]): Loaded => {
    held = text;
    return rulesOff.length > 0 ? { kind: 'text', text, rulesOff } : { kind: 'text', text };
  };
  return {
    load() {
      const storage = open();
      if (typeof storage === 'string') return { kind: 'unavailable', notice: storage };
      let raw: string | null;
      let older: string | null;
      try {
        raw = storage.getItem(textKey);
        older = storage.getItem(key);
      } catch {
        return { kind: 'unavailable', notice: disabled };
      }
      // A JSON save under `key` is the newer of the two: a save under `textKey` removes it, so only a page
      // of the version before (another tab) can have written it since.
      if (older !== null)
        try {
          const value: unknown = JSON.parse(older);
          if (
            typeof value === 'object' &&
            value !== null &&
            (value as { format?: unknown }).format === FORMAT &&
            typeof (value as { text?: unknown }).text === 'string'
          )
            return loaded(
              (value as { text: string }).text,
              readRules(storage) ?? readRulesOff((value as { rulesOff?: unknown }).rulesOff),
            );
        } catch {
          // not ours or damaged: the text under its own key, if any, stands
        }
      if (raw !== null) return loaded(raw, readRules(storage) ?? []);
      return older === null
        ? { kind: 'empty' }
        : {
            kind: 'unavailable',
            notice: 'The saved scenario could not be read, so the seed scenario is shown instead.',
          };
    },
    save(text, rulesOff = []) {
      const storage = open();
      if (typeof storage === 'string') return storage;
      const rules = JSON.stringify({ format: FORMAT, rulesOff });
      try {
        if (text === held) {
          storage.setItem(rulesKey, rules);
          return null;
        }
        // The rules' own key first: were the text's write to fail, no older switch outlives it.
        storage.removeItem(rulesKey);
        held = null;
        // Were it to fail (a full storage), a text saved as JSON before is kept, not lost.
        storage.setItem(textKey, text);
        storage.removeItem(key);
        held = text;
        if (rulesOff.length > 0) storage.setItem(rulesKey, rules);
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
        held = null;
        for (const saved of [rulesKey, textKey, key]) storage.removeItem(saved);
        return null;
      } catch {
        return disabled;
      }
    },
  };
}

/** Keeps the text in memory only: for tests and headless use. */
export function memoryTextStorage(
  initial?: string,
  initialRulesOff: readonly Rule[] = [],
): TextStorage & { saved: string | undefined; savedRulesOff: readonly Rule[] } {
  const box = {
    saved: initial,
    savedRulesOff: initialRulesOff,
    load: (): Loaded => {
      if (box.saved === undefined) return { kind: 'empty' };
      return box.savedRulesOff.length > 0
        ? { kind: 'text', text: box.saved, rulesOff: [...box.savedRulesOff] }
        : { kind: 'text', text: box.saved };
    },
    save: (text: string, rulesOff: readonly Rule[] = []) => {
      box.saved = text;
      box.savedRulesOff = rulesOff;
      return null;
    },
    clear: () => {
      box.saved = undefined;
      box.savedRulesOff = [];
      return null;
    },
  };
  return box;
}
