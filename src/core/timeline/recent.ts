/**
 * The small caches of the page's readers: the value kept for `key`, else one made now and kept, the
 * oldest going once `limit` are held. They bound what a long session of jumps and what-ifs keeps alive.
 */
export function keepRecent<K, V>(kept: Map<K, V>, key: K, limit: number, make: () => V): V {
  let value = kept.get(key);
  if (value === undefined) {
    value = make();
    if (kept.size >= limit) kept.delete(kept.keys().next().value!);
    kept.set(key, value);
  }
  return value;
}
