/** React glue for the playground store: a provider, and hooks that select small slices. */
import { createContext, type ReactNode, useContext, useLayoutEffect } from 'react';
import { useStore } from 'zustand';
import type { PlaygroundState, PlaygroundStore } from '../../state/playgroundStore';
import type { Coverage } from '../../core/checks/ruleCoverage';

const StoreContext = createContext<PlaygroundStore | null>(null);

export function PlaygroundProvider({ store, children }: { store: PlaygroundStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** The store itself, for handlers that read state at event time. */
export function usePlaygroundStore(): PlaygroundStore {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('usePlayground needs a PlaygroundProvider above it');
  return store;
}

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
