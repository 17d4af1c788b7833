/**
 * What a list the page reads from the engine a part at a time (liveRows.ts, liveCells.ts) shares: each
 * part asked for once, after the render that read it, and asked again only if its answer failed; and the
 * view that draws the list told when a part arrives (or, if none listened yet, the first to listen).
 */
import type { Answer } from '../protocol';

export interface Arrivals<K> {
  /** Ask for part `key` with `fetch` unless it was asked already; `got` keeps what comes (null: gone). */
  ask<T>(key: K, fetch: () => Answer<T | null>, got: (part: T) => void): void;
  /** Part `key` was let go: a later read asks for it again. */
  forget(key: K): void;
  /** Call `listener` when a part arrives; returns the unsubscription. */
  subscribe(listener: () => void): () => void;
}

export function arrivals<K>(): Arrivals<K> {
  const asked = new Set<K>();
  const listeners = new Set<() => void>();
  /** A part arrived while no one listened: the next listener hears of it at once. */
  let unheard = false;
  return {
    ask(key, fetch, got) {
      if (asked.has(key)) return;
      asked.add(key);
      // Read while rendering: asked after it, so no state changes during a render.
      queueMicrotask(() => {
        Promise.resolve(fetch()).then(
          (part) => {
            if (part === null) return;
            got(part);
            if (listeners.size === 0) unheard = true;
            for (const listener of listeners) listener();
          },
          () => asked.delete(key),
        );
      });
    },
    forget: (key) => void asked.delete(key),
    subscribe(listener) {
      listeners.add(listener);
      if (unheard) {
        unheard = false;
        listener();
      }
      return () => listeners.delete(listener);
    },
  };
}
