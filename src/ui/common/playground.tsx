/** React glue for the playground store: a provider, and hooks that select small slices. */
import type { PlaygroundState } from '../../state/playgroundStore';
import { storeContext } from './storeContext';

const playground = storeContext<PlaygroundState>({ hook: 'usePlayground', provider: 'PlaygroundProvider' });

export const PlaygroundProvider = playground.Provider;
/** The store itself, for handlers that read state at event time. */
export const usePlaygroundStore = playground.useStoreApi;
/** Select a slice; wrap object picks in useShallow so a view re-renders only when they change. */
export const usePlayground = playground.useSelect;
