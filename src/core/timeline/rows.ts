/**
 * A list read a row at a time. An array is one; so are rows made only when read, which is how a long
 * list drawn a window at a time (the explainer's thousands of left-out items) avoids making every row.
 */
export interface Rows<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

/** Row i is `make(positions[i])`, made when it is read. */
export function lazyRows<T>(positions: Int32Array, make: (position: number) => T): Rows<T> {
  return {
    length: positions.length,
    at: (i) => (i >= 0 && i < positions.length ? make(positions[i]!) : undefined),
  };
}

/** Rows whose row i is `f` of `rows`' row i, made when it is read. */
export function mapRows<T, U>(rows: Rows<T>, f: (row: T) => U): Rows<U> {
  return {
    length: rows.length,
    at: (i) => {
      const row = rows.at(i);
      return row === undefined ? undefined : f(row);
    },
  };
}

/** Every row, in order. */
export function rowsToArray<T>(rows: Rows<T>): T[] {
  return Array.from({ length: rows.length }, (_, i) => rows.at(i)!);
}

/**
 * The last row starting at or before `at`, for rows starting at `starts` (ascending, with the end of the
 * last row last): the row that holds `at`. A row of no length starts where the next does, so it never is.
 */
export function rowAt(starts: ArrayLike<number>, at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}
