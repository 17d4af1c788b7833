/** React glue for the playground store: a provider, and hooks that select small slices. */
import { useLayoutEffect } from 'react';
import { useStore } from 'zustand';
import type { PlaygroundState, PlaygroundStore } from '../../state/playgroundStore';
import type { Coverage } from '../../core/checks/ruleCoverage';
import { storeContext } from './storeContext';

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
