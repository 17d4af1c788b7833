/** Whether an element is on screen (or near it), followed live; true where IntersectionObserver is missing. */
import { type RefObject, useEffect, useState } from 'react';

export function useInView(ref: RefObject<Element | null>, margin = '200px'): boolean {
  const [inView, setInView] = useState(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setInView(entries.some((e) => e.isIntersecting)), {
      rootMargin: margin,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin]);
  return inView;
}
