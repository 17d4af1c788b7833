/** React glue for the playground store: a provider, and hooks that select small slices. */
import { useLayoutEffect } from 'react';
import { useStore } from 'zustand';
import type { PlaygroundState, PlaygroundStore } from '../../state/playgroundStore';
import type { Coverage } from '../../core/checks/ruleCoverage';
import { storeContext } from './storeContext';
import type { Timeline } from '../../core/replay/replayText';

const playground = storeContext<PlaygroundState>('usePlayground needs a PlaygroundProvider above it');

export const PlaygroundProvider = playground.Provider;

/** The store itself, for handlers that read state at event time. */
export const usePlaygroundStore: () => PlaygroundStore = playground.useStoreApi;

/** Select a slice; wrap object picks in useShallow so a view re-renders only when they change. */
export function usePlayground<T>(selector: (state: PlaygroundState) => T): T {
  return useStore(usePlaygroundStore(), selector);
}

/**
 * What each rule protects in the scenario on screen, for a view that shows it: the store finds it when
 * such a view first needs it (before the browser paints), not at every run. Null while not known.
 */
export function useCoverage(): Coverage | null {
  const coverage = usePlayground((s) => s.coverage);
  const need = usePlayground((s) => s.needCoverage);
  useLayoutEffect(() => {
    if (coverage === undefined) need();
  }, [coverage, need]);
  return coverage ?? null;
}

/**
 * The last good timeline itself, for a view that runs it elsewhere (the database's SQL):
 * it lives in the engine, and comes over when such a view first needs it. Null until it has come.
 */
export function useTimeline(): Timeline | null {
  const timeline = usePlayground((s) => s.timeline);
  const ranText = usePlayground((s) => s.ranText);
  const rulesOff = usePlayground((s) => s.rulesOff);
  const need = usePlayground((s) => s.needTimeline);
  useLayoutEffect(() => {
    if (timeline === null) need();
  }, [timeline, need, ranText, rulesOff]);
  return timeline;
}
