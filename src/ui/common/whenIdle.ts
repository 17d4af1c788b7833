/** Work that waits until the first screen is drawn: the page's first paint does not wait for it. */
import { useEffect, useState } from 'react';

/**
 * Run `work` once the page is idle after its first paint: when the browser says so, or after `timeout`
 * ms at the latest (and at once where requestIdleCallback is missing, as in Safari before 18). Returns
 * a cancel function for an effect's cleanup.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(work, 0);
    return () => window.clearTimeout(timer);
  }
  const handle = window.requestIdleCallback(work, { timeout });
  return () => window.cancelIdleCallback(handle);
}

/**
 * False until the page is idle after its first paint, then true: what a view renders only then (code
 * that nothing on the first screen needs, fetched once the first screen is drawn).
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

/** Resolves once the next frame has been drawn and the page is idle: work started then does not delay it. */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A frame callback runs just before that frame is drawn; the idle callback it asks for, after.
    requestAnimationFrame(() => whenIdle(resolve));
  });
}
