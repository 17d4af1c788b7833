/** React glue for a vanilla zustand store: a provider, the store itself, and a hook that selects a slice. */
import { createContext, type ReactNode, useContext } from 'react';
import { type StoreApi, useStore } from 'zustand';

/** The names say which hook needs which provider in the error a missing provider gives. */
export function storeContext<S>(names: { hook: string; provider: string }) {
  const Context = createContext<StoreApi<S> | null>(null);

  function Provider({ store, children }: { store: StoreApi<S>; children: ReactNode }) {
    return <Context.Provider value={store}>{children}</Context.Provider>;
  }

  /** The store, or null outside a provider: for views that also work without it. */
  function useOptionalStore(): StoreApi<S> | null {
    return useContext(Context);
  }

  /** The store itself, for handlers that read state at event time. */
  function useStoreApi(): StoreApi<S> {
    const store = useContext(Context);
    if (store === null) throw new Error(`${names.hook} needs a ${names.provider} above it`);
    return store;
  }

  /** Select a slice; wrap object picks in useShallow so a view re-renders only when they change. */
  function useSelect<T>(selector: (state: S) => T): T {
    return useStore(useStoreApi(), selector);
  }

  return { Provider, useOptionalStore, useStoreApi, useSelect };
}
