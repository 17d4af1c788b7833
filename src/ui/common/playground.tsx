/** React glue for the playground store: a provider, and hooks that select small slices. */
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { PlaygroundState, PlaygroundStore } from '../../state/playgroundStore';

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
