/** The layout store for the views below it, read through selectors like every other store. */
import { useStore } from 'zustand';
import type { LayoutState, LayoutStore } from '../../state/layout/layoutStore';
import { storeContext } from '../common/storeContext';

const layout = storeContext<LayoutState>('useLayout needs a LayoutProvider above it');

export const LayoutProvider = layout.Provider;

export const useLayoutStore: () => LayoutStore = layout.useStoreApi;

/** A slice of the layout. */
export function useLayout<T>(selector: (state: LayoutState) => T): T {
  return useStore(useLayoutStore(), selector);
}
