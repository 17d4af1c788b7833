/**
 * Delta debugging (Zeller's ddmin) over a list: the smallest sublist, in the original order, for
 * which `fails` still holds, removing chunks and then single elements until no removal keeps the
 * failure. The test may be asynchronous (it asks an adapter); `budget` caps how many tests it runs.
 */
export async function ddmin<T>(
  items: readonly T[],
  fails: (candidate: readonly T[]) => Promise<boolean>,
  budget = 300,
): Promise<{ items: T[]; tests: number }> {
  let current = [...items];
  let tests = 0;
  let n = 2;
  while (current.length >= 2 && tests < budget) {
    const size = Math.ceil(current.length / n);
    let reduced = false;
    // Try each complement: the list without one chunk.
    for (let start = 0; start < current.length && tests < budget; start += size) {
      const complement = [...current.slice(0, start), ...current.slice(start + size)];
      tests += 1;
      if (await fails(complement)) {
        current = complement;
        n = Math.max(n - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (n >= current.length) break;
      n = Math.min(n * 2, current.length);
    }
  }
  // A list of one may still shrink to none (e.g. the failure is in the reset alone).
  if (current.length === 1 && tests < budget) {
    tests += 1;
    if (await fails([])) current = [];
  }
  return { items: current, tests };
}
