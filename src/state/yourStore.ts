/**
 * "Your store" results: the steps where a learner's adapter and the reference store disagree, for the
 * scenario text they were run on, so an edit leaves no stale marks. Tiny on purpose: the timeline reads
 * it from the entry chunk; running an adapter (yourStoreRun.ts) loads with the tab.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Disagreement, NotApplicable } from '../core/conformance/disagreements';

export type { Disagreement, NotApplicable };

export type YourStoreRun =
  | { kind: 'idle' }
  | { kind: 'running'; ranText: string; done: number; total: number }
  | {
      kind: 'done';
      ranText: string;
      steps: number;
      disagreements: Disagreement[];
      /** Where the run stopped because the store lacks an operation; null when every step was compared. */
      notApplicable: NotApplicable | null;
    }
  | { kind: 'failed'; ranText: string; message: string };

export type YourStoreMarks = StoreApi<{ run: YourStoreRun }>;

export function createYourStoreMarks(): YourStoreMarks {
  return createStore<{ run: YourStoreRun }>()(() => ({ run: { kind: 'idle' } }));
}

/** The page's one instance: the tab's runs write it, the timeline reads its marks. */
export const yourStoreMarks = createYourStoreMarks();

/** The disagreements of the last finished run, if it was run on `ranText`; none otherwise. */
export function disagreementsFor(run: YourStoreRun, ranText: string): readonly Disagreement[] {
  return run.kind === 'done' && run.ranText === ranText ? run.disagreements : NONE;
}
const NONE: readonly Disagreement[] = Object.freeze([]);
