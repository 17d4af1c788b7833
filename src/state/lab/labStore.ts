/**
 * The final lab's state: the learner's probe text, what the last probe showed, and their progress
 * (seed, probes, guesses), kept in localStorage so a reload loses nothing. Every rule of the lab is
 * core's (core/lab/lab.ts): this store only keeps what happened and calls it.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import * as z from '../../core/zod';
import {
  guessRule,
  LAB_RULES,
  type LabProgress,
  type LabRule,
  MAX_PROBE_CHARS,
  probe,
  type ProbeResult,
  STARTER_PROBE,
} from '../../core/lab/lab';
import type { WebStorage } from '../storage';

export const LAB_KEY = 'scope-isolation-playground:lab';

export interface LabState {
  progress: LabProgress;
  text: string;
  /** What the last probe showed; null before the first one (or after the text changed, it stays). */
  result: ProbeResult | null;
  /** The last guess's words, or why it was refused. */
  said: string | null;
  /** Why the lab's progress could not be kept, when it could not. */
  notice: string | null;
  editText(text: string): void;
  runProbe(): void;
  guess(rule: LabRule): void;
  /** Put the starter probe back (the learner's text is replaced; `editText` of the old text undoes it). */
  resetProbe(): void;
}

const savedSchema = z.strictObject({
  format: z.literal(1),
  seed: z.int().check(z.nonnegative()),
  probes: z.int().check(z.nonnegative()),
  guesses: z.array(z.enum(LAB_RULES)).check(z.maxLength(LAB_RULES.length)),
  text: z.string().check(z.maxLength(MAX_PROBE_CHARS * 2)),
});

/** A new learner's seed: unpredictable, so the rule cannot be looked up from someone else's lab. */
function newSeed(): number {
  const one = new Uint32Array(1);
  globalThis.crypto.getRandomValues(one);
  return one[0]! >>> 1;
}

function load(storage: WebStorage | null): { progress: LabProgress; text: string } | null {
  try {
    const raw = storage?.getItem(LAB_KEY) ?? null;
    if (raw === null || raw.length > MAX_PROBE_CHARS * 3) return null;
    const read = savedSchema.safeParse(JSON.parse(raw));
    if (!read.success) return null;
    const { seed, probes, guesses, text } = read.data;
    return { progress: { seed, probes, guesses: [...new Set(guesses)] }, text };
  } catch {
    return null;
  }
}

export function createLabStore(backing: () => WebStorage | null | undefined, seed: () => number = newSeed) {
  const storage = (() => {
    try {
      return backing() ?? null;
    } catch {
      return null;
    }
  })();
  const saved = load(storage);
  const save = (state: Pick<LabState, 'progress' | 'text'>): string | null => {
    try {
      storage?.setItem(LAB_KEY, JSON.stringify({ format: 1, ...state.progress, text: state.text }));
      return storage === null
        ? 'This browser does not let the page store data: the lab starts afresh on a reload.'
        : null;
    } catch {
      return "The lab's progress could not be saved (the browser's storage is full or disabled).";
    }
  };
  const store: StoreApi<LabState> = createStore<LabState>()((set, get) => ({
    progress: saved?.progress ?? { seed: seed(), probes: 0, guesses: [] },
    text: saved?.text ?? STARTER_PROBE,
    result: null,
    said: null,
    notice: null,
    editText(text) {
      set({ text });
      set({ notice: save(get()) });
    },
    runProbe() {
      const { progress, text } = get();
      const result = probe(progress.seed, text);
      const next = result.kind === 'ok' ? { ...progress, probes: progress.probes + 1 } : progress;
      set({ result, progress: next });
      set({ notice: save(get()) });
    },
    guess(rule) {
      const outcome = guessRule(get().progress, rule);
      if (outcome.kind === 'refused') return set({ said: outcome.message });
      set({ progress: outcome.progress, said: outcome.message });
      set({ notice: save(get()) });
    },
    resetProbe() {
      set({ text: STARTER_PROBE, result: null });
      set({ notice: save(get()) });
    },
  }));
  // A first visit keeps its seed at once: a reload before the first probe must not pick another rule.
  if (saved === null) store.setState({ notice: save(store.getState()) });
  return store;
}
