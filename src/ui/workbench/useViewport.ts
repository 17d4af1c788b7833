/**
 * Which layout the window gets, read synchronously on the first render (so the page is drawn once in
 * its final layout: no shift on load) and followed when the window is resized.
 */
import { useSyncExternalStore } from 'react';

/** Below this width the panes become tabs in one column. */
export const PHONE_MAX = 767;

const query = `(max-width: ${PHONE_MAX}px)`;

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches;

/** True in a window narrower than 768 px. */
export function usePhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
