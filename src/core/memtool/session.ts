/**
 * Ambient identity (seed 004): the principal is established once, where authentication happens, and
 * travels beside the conversation, never inside it. The model never sees it and cannot supply it.
 */

/** Who a request runs as: which user, in which organisation, holding which roles (the seed's Principal). */
export interface TenantPrincipal {
  readonly org_id: string;
  readonly user_id: string;
  readonly roles: readonly string[];
}

/**
 * The request's out-of-band context (the seed's ContextVar). Passed explicitly because the core is
 * pure; `principal` is null when nobody authenticated this request (a background job, a lost handoff).
 */
export interface Session {
  readonly principal: TenantPrincipal | null;
}

/** A tool refused the call; the text is what the model reads back (the seed's ToolError). */
export class ToolError extends Error {
  override name = 'ToolError';
}

/** The session has no principal: fail closed, never a default (the seed's LookupError from current_principal()). */
export class NoPrincipalError extends Error {
  override name = 'NoPrincipalError';
  constructor() {
    super('no principal is established for this request');
  }
}

/** The principal the request runs as. Throws NoPrincipalError rather than returning a permissive default. */
export function currentPrincipal(session: Session): TenantPrincipal {
  if (session.principal === null) throw new NoPrincipalError();
  return session.principal;
}

/** A session for a principal (what the seed's auth middleware sets after verifying the token). */
export function sessionFor(principal: TenantPrincipal | null): Session {
  return Object.freeze({
    principal: principal === null ? null : Object.freeze({ ...principal, roles: Object.freeze([...principal.roles]) }),
  });
}
