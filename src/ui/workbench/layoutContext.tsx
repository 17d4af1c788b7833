/** The layout store for the views below it, read through selectors like every other store. */
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { LayoutState, LayoutStore } from '../../state/layout/layoutStore';

const LayoutContext = createContext<LayoutStore | null>(null);

export function LayoutProvider({ store, children }: { store: LayoutStore; children: ReactNode }) {
  return <LayoutContext.Provider value={store}>{children}</LayoutContext.Provider>;
}

export function useLayoutStore(): LayoutStore {
  const store = useContext(LayoutContext);
  if (store === null) throw new Error('useLayout needs a LayoutProvider above it');
  return store;
}

/** A slice of the layout. */
export function useLayout<T>(selector: (state: LayoutState) => T): T {
  return useStore(useLayoutStore(), selector);
}
