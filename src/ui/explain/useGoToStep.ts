/** Move the timeline to a step from anywhere on the page, and bring the step's views into sight. */
import { useCallback } from 'react';
import { usePlaygroundStore } from '../common/playground';

/**
 * `scroll`: the caller sits in the dock (checks, cache), so keyboard focus goes to the step in the
 * timeline; from the centre the views change in place.
 */
export function useGoToStep({ scroll }: { scroll: boolean }): (index: number) => void {
  const store = usePlaygroundStore();
  return useCallback(
    (index: number) => {
      store.getState().stepTo(index);
      if (!scroll) return;
      // The workbench keeps the step's views in sight; once the engine has answered and the step is
      // drawn as current, focus moves to it in the timeline.
      void store
        .getState()
        .settled()
        .then(() =>
          requestAnimationFrame(() => {
            document.querySelector<HTMLElement>('#timeline [aria-current="step"]')?.focus({ preventScroll: true });
          }),
        );
    },
    [store, scroll],
  );
}

/** "step 4", or "configuration" for entry 0. */
export function stepName(index: number): string {
  return index === 0 ? 'configuration' : `step ${index}`;
}
