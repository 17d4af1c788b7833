/**
 * When to load Monaco (about 1 MB of JavaScript, gzipped): when the editor comes near the viewport, when
 * the person first interacts with the page, or a few seconds after it has settled. Loading it at once
 * kept the main thread busy right after the first paint, which is when a person starts reading.
 */
import { type RefObject, useEffect, useState } from 'react';

/** Seconds after load when the editor loads anyway, so it is ready before anyone scrolls down to it. */
const SETTLED_MS = 8_000;

export function useEditorWanted(near: RefObject<HTMLElement | null>): boolean {
  const [wanted, setWanted] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) want();
      },
      { rootMargin: '400px 0px' },
    );
    if (near.current) observer.observe(near.current);
    const events = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;
    for (const name of events) window.addEventListener(name, want, { once: true, passive: true });
    const timer = window.setTimeout(want, SETTLED_MS);
    return () => {
      observer.disconnect();
      for (const name of events) window.removeEventListener(name, want);
      window.clearTimeout(timer);
    };
  }, [wanted, near]);
  return wanted;
}
