/** Move the timeline to a step from anywhere on the page, and bring the step's views into sight. */
import { useCallback } from 'react';
import { usePlayground } from '../common/playground';

/**
 * `scroll`: the caller sits in the dock (checks, cache), so keyboard focus goes to the step in the
 * timeline; from the centre the views change in place.
 */
export function useGoToStep({ scroll }: { scroll: boolean }): (index: number) => void {
  const stepTo = usePlayground((s) => s.stepTo);
  return useCallback(
    (index: number) => {
      stepTo(index);
      if (!scroll) return;
      // The workbench keeps the step's views in sight; focus moves to the step in the timeline.
      requestAnimationFrame(() => {
        document.querySelector<HTMLElement>('#timeline [aria-current="step"]')?.focus({ preventScroll: true });
      });
    },
    [stepTo, scroll],
  );
}

/** "step 4", or "configuration" for entry 0. */
export function stepName(index: number): string {
  return index === 0 ? 'configuration' : `step ${index}`;
}
