/**
 * Something the engine makes only while a view on screen needs it (the grouped store: its tab). The first
 * hold calls `change(true)` and the last release `change(false)`; each hold returns its release, for a
 * React effect's clean-up, and a second call of the same release does nothing.
 */
export interface Holds {
  hold(): () => void;
  /** Whether any hold is kept. */
  held(): boolean;
}

export function holds(change: (held: boolean) => void): Holds {
  let count = 0;
  return {
    hold() {
      if (count++ === 0) change(true);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--count === 0) change(false);
      };
    },
    held: () => count > 0,
  };
}
