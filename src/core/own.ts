/**
 * Lookups keyed by input, own properties only. A record built from a file or a link is a plain object,
 * whose prototype answers `toString`, `constructor` or `__proto__` with something nobody wrote; reading
 * or writing one of those names through `record[key]` finds (or replaces) that instead of the data.
 */

/** `record[key]` when the record itself holds `key`, else undefined (never an inherited member). */
export function ownValue<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** Set `record[key]` as data, even for "__proto__" (an assignment would replace the prototype). */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
