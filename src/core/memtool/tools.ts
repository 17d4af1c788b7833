/**
 * The memory tools of seed 004, each beside the naive version it replaces. The naive search takes the
 * scope key from its arguments; the safe one reads it from the session, so identifiers in the call are
 * inert. The naive forget answers "missing" and "not yours" differently; the safe one cannot.
 */
import { type TenantPrincipal, type Session, NoPrincipalError, ToolError, currentPrincipal } from './session';
import { type MemoryRecord, getById, renderRecords, searchNamespace } from './store';

/** A tool call's arguments as the model wrote them: any fields, any JSON values. */
export type ToolArgs = Readonly<Record<string, unknown>>;

/** What the model reads back. `records` are the memory records the response carries. */
export type ToolResponse =
  | { kind: 'ok'; text: string; records: readonly MemoryRecord[] }
  | { kind: 'error'; text: string }
  | { kind: 'no-principal'; text: string };

/** The seed's naive tool definition, verbatim: choosing an identity is part of the call. */
export const NAIVE_SEARCH_TOOL = Object.freeze({
  name: 'search_memory',
  description: 'Search stored facts about the user. Pass the user_id of the current user.',
  input_schema: {
    type: 'object',
    properties: { org_id: { type: 'string' }, user_id: { type: 'string' }, query: { type: 'string' } },
    required: ['org_id', 'user_id', 'query'],
  },
});

/** The seed's safe tool definition, verbatim: the schema keeps only what the model has any business deciding. */
export const SAFE_SEARCH_TOOL = Object.freeze({
  name: 'search_memory',
  description: 'Search facts remembered about the current user and their organisation.',
  input_schema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
});

/** forget_memory's definition (the seed shows its handler, not its schema): the one ID the model must pass. */
export const FORGET_TOOL = Object.freeze({
  name: 'forget_memory',
  description: 'Forget one remembered fact by its ID.',
  input_schema: { type: 'object', properties: { memory_id: { type: 'string' } }, required: ['memory_id'] },
});

/** The fields the safe search declares: a call with only these is "the same call without the identifiers". */
export const SAFE_SEARCH_FIELDS: readonly string[] = Object.keys(SAFE_SEARCH_TOOL.input_schema.properties);

/** The seed's one answer to forget_memory for both "does not exist" and "not yours". */
export const NO_SUCH_MEMORY = 'No such memory.';
/** The naive forget's second answer, which tells the caller the ID exists somewhere. */
export const NOT_YOURS = 'You may not delete this memory: it belongs to someone else.';

/** A required string argument, or a ToolError naming it. */
export function stringArg(args: ToolArgs, name: string): string {
  const value = Object.hasOwn(args, name) ? args[name] : undefined;
  if (value === undefined) throw new ToolError(`missing required argument: ${name}`);
  if (typeof value !== 'string') throw new ToolError(`argument ${name} must be a string`);
  return value;
}

/** Run a handler, turning its expected failures into the response the model reads. */
export function respond(handler: () => { text: string; records?: readonly MemoryRecord[] }): ToolResponse {
  try {
    const { text, records = [] } = handler();
    return { kind: 'ok', text, records };
  } catch (error) {
    if (error instanceof ToolError) return { kind: 'error', text: error.message };
    if (error instanceof NoPrincipalError) return { kind: 'no-principal', text: error.message };
    throw error;
  }
}

/** The naive search: the tenant filter is applied to whatever org_id and user_id the call carries. */
export function naiveSearch(records: readonly MemoryRecord[], args: ToolArgs): ToolResponse {
  return respond(() => {
    const found = searchNamespace(
      records,
      { org_id: stringArg(args, 'org_id'), user_id: stringArg(args, 'user_id') },
      stringArg(args, 'query'),
    );
    return { text: renderRecords(found), records: found };
  });
}

/** The safe search: the namespace comes from the session; no other field of the call is ever read. */
export function safeSearch(records: readonly MemoryRecord[], session: Session, args: ToolArgs): ToolResponse {
  return respond(() => {
    const p = currentPrincipal(session);
    const found = searchNamespace(records, { org_id: p.org_id, user_id: p.user_id }, stringArg(args, 'query'));
    return { text: renderRecords(found), records: found };
  });
}

/**
 * The middle ground the seed argues against: keep the parameters and compare them with the session.
 * It closes the hole, but it reads the field as an identity and refuses it, so its response still
 * depends on the field: rejected, not inert.
 */
export function validatingSearch(records: readonly MemoryRecord[], session: Session, args: ToolArgs): ToolResponse {
  return respond(() => {
    const p = currentPrincipal(session);
    for (const field of ['org_id', 'user_id'] as const) {
      if (Object.hasOwn(args, field) && args[field] !== p[field])
        throw new ToolError(`${field} does not match the session`);
    }
    const found = searchNamespace(records, { org_id: p.org_id, user_id: p.user_id }, stringArg(args, 'query'));
    return { text: renderRecords(found), records: found };
  });
}

/** Whether a principal may delete a record of its own organisation: its own, or any as an admin. */
export function canDelete(p: TenantPrincipal, record: MemoryRecord): boolean {
  return record.user_id === p.user_id || p.roles.includes('admin');
}

/** A forget call's answer and the records left afterwards. */
export interface ForgetResult {
  response: ToolResponse;
  records: readonly MemoryRecord[];
}

function forget(records: readonly MemoryRecord[], session: Session, args: ToolArgs, notYours: string): ForgetResult {
  let remaining = records;
  const response = respond(() => {
    const p = currentPrincipal(session);
    // Resolve first (an unscoped read), check ownership at once, against the session's principal only.
    const record = getById(records, stringArg(args, 'memory_id'));
    if (record === null) throw new ToolError(NO_SUCH_MEMORY);
    if (record.org_id !== p.org_id || !canDelete(p, record)) throw new ToolError(notYours);
    remaining = records.filter((other) => other !== record);
    return { text: `Deleted ${record.id}.` };
  });
  return { response, records: remaining };
}

/** The seed's forget_memory: "No such memory." whether the record is missing or someone else's. */
export function safeForget(records: readonly MemoryRecord[], session: Session, args: ToolArgs): ForgetResult {
  return forget(records, session, args, NO_SUCH_MEMORY);
}

/** The naive forget: the same decision, but "not yours" has its own message, an existence oracle. */
export function naiveForget(records: readonly MemoryRecord[], session: Session, args: ToolArgs): ForgetResult {
  return forget(records, session, args, NOT_YOURS);
}
