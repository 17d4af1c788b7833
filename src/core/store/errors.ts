/**
 * What the store refuses, as a code a program reads (checks.ts does), beside a message a person reads.
 * Code that acts on a rejection reads `code`, never the wording, so rewording a message cannot change
 * what a check decides.
 */
export type ScopeErrorCode =
  /** An identifier (user, task, agent, item ID) does not match the seed's pattern. */
  | 'invalidIdentifier'
  /** An agent's declared reads name unknown scopes or leave out its own agent scope. */
  | 'invalidAgent'
  | 'unknownAgent'
  /** A principal tried to write an app item, or named no scope at all. */
  | 'badScope'
  | 'reservedId'
  /** The ID is taken among the items the writer may be told about (see `itemId`). */
  | 'duplicateId'
  | 'blankText'
  | 'noDelegateTool'
  | 'badReceiver'
  | 'listedTwice'
  | 'unreadable';

/** A principal, agent or item is invalid, or a read or write crosses a scope (the seed's ScopeError). */
export class ScopeError extends Error {
  override name = 'ScopeError';

  constructor(
    message: string,
    /** What was refused, for code to read. */
    readonly code: ScopeErrorCode,
    /** The item ID a duplicateId refusal names; null otherwise. */
    readonly itemId: string | null = null,
  ) {
    super(message);
  }
}

/** Programmer error: a switch over a union missed a case. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what}: ${JSON.stringify(value)}`);
}
