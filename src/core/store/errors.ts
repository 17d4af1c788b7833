/** A principal, agent or item is invalid, or a read or write crosses a scope (the seed's ScopeError). */
export class ScopeError extends Error {
  override name = 'ScopeError';
}

/** Programmer error: a switch over a union missed a case. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
