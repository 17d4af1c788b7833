/** The React glue every store shares: a provider that hands a store to the views below it, and its hooks. */
import { createContext, type ReactNode, useContext } from 'react';
import type { StoreApi } from 'zustand';

/** A context for stores of state `S`; `missing` is the error a hook throws with no provider above it. */
export function storeContext<S>(missing: string) {
  const Context = createContext<StoreApi<S> | null>(null);
  return {
    Provider: ({ store, children }: { store: StoreApi<S>; children: ReactNode }) => (
      <Context.Provider value={store}>{children}</Context.Provider>
    ),
    /** The store, or null with no provider above (for a view that also works without it). */
    useMaybeStore: (): StoreApi<S> | null => useContext(Context),
    /** The store itself, for handlers that read state at event time. */
    useStoreApi(): StoreApi<S> {
      const store = useContext(Context);
      if (store === null) throw new Error(missing);
      return store;
    },
  };
}
