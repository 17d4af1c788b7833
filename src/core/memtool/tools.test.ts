/**
 * The seed's tests for the memory tool (seed 004): a valid session for one tenant carrying another
 * tenant's identifiers in the call. The identifiers must be inert (the response byte-identical to the
 * call without them), not merely rejected; forget must not be an existence oracle; no principal, no read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionFor, currentPrincipal, NoPrincipalError, ToolError } from './session';
import type { MemoryRecord } from './store';
import {
  FORGET_TOOL,
  NAIVE_SEARCH_TOOL,
  NO_SUCH_MEMORY,
  NOT_YOURS,
  SAFE_SEARCH_TOOL,
  type ToolArgs,
  canDelete,
  naiveForget,
  naiveSearch,
  safeForget,
  safeSearch,
  respond,
  validatingSearch,
} from './tools';

const record = (id: string, org_id: string, user_id: string, text: string): MemoryRecord => ({
  id,
  org_id,
  user_id,
  text,
});
const RECORDS: MemoryRecord[] = [
  record('mem_a1', 'org_2207', 'usr_310', 'Prefers email follow-ups on open tickets.'),
  record('mem_a2', 'org_2207', 'usr_310', 'Works the APAC support queue.'),
  record('mem_c1', 'org_2207', 'usr_3104', "Drafting usr_310's quarterly review."),
  ...[1, 2, 3, 4, 5, 6].map((n) =>
    record(`mem_9f3a2${n}`, 'org_4471', 'usr_88213', `Northwind acquisition note ${n}.`),
  ),
];
const SUPPORT = sessionFor({ org_id: 'org_2207', user_id: 'usr_310', roles: ['support'] });
const INJECTED: ToolArgs = { org_id: 'org_4471', user_id: 'usr_88213', query: 'original context' };
const ids = (records: readonly MemoryRecord[]) => records.map((r) => r.id);
const recordsOf = (response: ReturnType<typeof safeSearch>) => (response.kind === 'ok' ? ids(response.records) : []);

describe('search_memory', () => {
  it("keeps the seed's two definitions, word for word", () => {
    expect(NAIVE_SEARCH_TOOL).toEqual({
      name: 'search_memory',
      description: 'Search stored facts about the user. Pass the user_id of the current user.',
      input_schema: {
        type: 'object',
        properties: { org_id: { type: 'string' }, user_id: { type: 'string' }, query: { type: 'string' } },
        required: ['org_id', 'user_id', 'query'],
      },
    });
    expect(SAFE_SEARCH_TOOL.name).toBe('search_memory');
    expect(SAFE_SEARCH_TOOL.description).toBe('Search facts remembered about the current user and their organisation.');
    expect(SAFE_SEARCH_TOOL.input_schema).toEqual({
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
    });
  });

  it("applies the naive tenant filter to the ticket's values, and returns another company's six records", () => {
    const response = naiveSearch(RECORDS, INJECTED);
    expect(recordsOf(response)).toHaveLength(6);
    expect(response.kind === 'ok' && response.records.every((r) => r.org_id === 'org_4471')).toBe(true);
  });

  it("answers the injected call from the session: the requester's own records only", () => {
    expect(recordsOf(safeSearch(RECORDS, SUPPORT, INJECTED))).toEqual(['mem_a1', 'mem_a2']);
  });

  it('gives a byte-identical response with and without the injected identifiers', () => {
    const withIds = safeSearch(RECORDS, SUPPORT, INJECTED);
    const without = safeSearch(RECORDS, SUPPORT, { query: 'original context' });
    expect(withIds.text).toBe(without.text);
    expect(withIds).toEqual(without);
  });

  it('ignores any extra field of any value, wherever the payload puts it', () => {
    const extra = fc.dictionary(
      fc.string().filter((key) => key !== 'query'),
      fc.jsonValue(),
    );
    fc.assert(
      fc.property(extra, fc.string(), (fields, query) => {
        const plain = safeSearch(RECORDS, SUPPORT, { query });
        return JSON.stringify(safeSearch(RECORDS, SUPPORT, { ...fields, query })) === JSON.stringify(plain);
      }),
      { numRuns: 300 },
    );
  });

  it('validates each identifier the call carries against the session, and accepts the true ones', () => {
    expect(validatingSearch(RECORDS, SUPPORT, { user_id: 'usr_88213', query: 'queue' })).toEqual({
      kind: 'error',
      text: 'user_id does not match the session',
    });
    const honest = validatingSearch(RECORDS, SUPPORT, { org_id: 'org_2207', user_id: 'usr_310', query: 'queue' });
    expect(honest).toEqual(safeSearch(RECORDS, SUPPORT, { query: 'queue' }));
    expect(recordsOf(honest)).toEqual(['mem_a2', 'mem_a1']);
    expect(validatingSearch(RECORDS, sessionFor(null), { query: 'queue' }).kind).toBe('no-principal');
  });

  it('reads the query only from the call itself, and only as a string', () => {
    const inherited = Object.create({ query: 'queue' }) as ToolArgs;
    expect(safeSearch(RECORDS, SUPPORT, inherited)).toEqual({
      kind: 'error',
      text: 'missing required argument: query',
    });
    expect(safeSearch(RECORDS, SUPPORT, { query: 7 })).toEqual({
      kind: 'error',
      text: 'argument query must be a string',
    });
    expect(naiveSearch(RECORDS, { org_id: 'org_4471', query: 'x' })).toEqual({
      kind: 'error',
      text: 'missing required argument: user_id',
    });
  });

  it('shows why validating the parameter is weaker: it rejects the field, so its response still depends on it', () => {
    const rejected = validatingSearch(RECORDS, SUPPORT, INJECTED);
    expect(rejected).toEqual({ kind: 'error', text: 'org_id does not match the session' });
    expect(rejected.text).not.toBe(validatingSearch(RECORDS, SUPPORT, { query: 'original context' }).text);
  });

  it('fails closed without a principal, where the naive tool reads whatever it is told to', () => {
    const nobody = sessionFor(null);
    expect(() => currentPrincipal(nobody)).toThrow(NoPrincipalError);
    expect(safeSearch(RECORDS, nobody, INJECTED)).toEqual({
      kind: 'no-principal',
      text: 'no principal is established for this request',
    });
    expect(recordsOf(naiveSearch(RECORDS, INJECTED))).toHaveLength(6);
  });

  it('keeps two sessions apart: each sees only its own principal', () => {
    const colleague = sessionFor({ org_id: 'org_2207', user_id: 'usr_3104', roles: [] });
    expect(recordsOf(safeSearch(RECORDS, colleague, { query: 'review' }))).toEqual(['mem_c1']);
    expect(recordsOf(safeSearch(RECORDS, SUPPORT, { query: 'support queue' }))).toEqual(['mem_a2', 'mem_a1']);
  });
});

describe('forget_memory', () => {
  it("answers a missing record and another tenant's record with the same words", () => {
    expect(safeForget(RECORDS, SUPPORT, { memory_id: 'mem_9f3a21' }).response).toEqual({
      kind: 'error',
      text: NO_SUCH_MEMORY,
    });
    expect(safeForget(RECORDS, SUPPORT, { memory_id: 'mem_000000' }).response).toEqual({
      kind: 'error',
      text: NO_SUCH_MEMORY,
    });
    expect(safeForget(RECORDS, SUPPORT, { memory_id: 'mem_c1' }).response).toEqual({
      kind: 'error',
      text: NO_SUCH_MEMORY,
    });
  });

  it('deletes only what it refused nothing for, and leaves the store alone otherwise', () => {
    const own = safeForget(RECORDS, SUPPORT, { memory_id: 'mem_a1' });
    expect(own.response).toEqual({ kind: 'ok', text: 'Deleted mem_a1.', records: [] });
    expect(ids(own.records)).not.toContain('mem_a1');
    expect(safeForget(RECORDS, SUPPORT, { memory_id: 'mem_9f3a21' }).records).toBe(RECORDS);
  });

  it("lets an admin of the same organisation delete a colleague's record, never another tenant's", () => {
    const admin = sessionFor({ org_id: 'org_2207', user_id: 'usr_1', roles: ['admin'] });
    expect(safeForget(RECORDS, admin, { memory_id: 'mem_c1' }).response.kind).toBe('ok');
    expect(safeForget(RECORDS, admin, { memory_id: 'mem_9f3a21' }).response.text).toBe(NO_SUCH_MEMORY);
  });

  it('turns the naive version into an existence oracle: two answers for the two cases', () => {
    expect(naiveForget(RECORDS, SUPPORT, { memory_id: 'mem_000000' }).response.text).toBe(NO_SUCH_MEMORY);
    expect(naiveForget(RECORDS, SUPPORT, { memory_id: 'mem_9f3a21' }).response.text).toBe(NOT_YOURS);
    expect(naiveForget(RECORDS, SUPPORT, { memory_id: 'mem_9f3a21' }).records).toBe(RECORDS);
  });

  it('names the one ID the model must pass', () => {
    expect(FORGET_TOOL.name).toBe('forget_memory');
    expect(FORGET_TOOL.input_schema).toEqual({
      type: 'object',
      properties: { memory_id: { type: 'string' } },
      required: ['memory_id'],
    });
  });

  it('removes exactly the deleted record and keeps the rest in order', () => {
    const { records } = safeForget(RECORDS, SUPPORT, { memory_id: 'mem_a2' });
    expect(ids(records)).toEqual(ids(RECORDS).filter((id) => id !== 'mem_a2'));
  });

  it('lets a user delete their own record, an admin any of the organisation, nobody else', () => {
    const [own, colleague] = [RECORDS[0]!, RECORDS[2]!];
    const user = { org_id: 'org_2207', user_id: 'usr_310', roles: ['support'] };
    expect(canDelete(user, own)).toBe(true);
    expect(canDelete(user, colleague)).toBe(false);
    expect(canDelete({ ...user, roles: ['support', 'admin'] }, colleague)).toBe(true);
    expect(naiveForget(RECORDS, SUPPORT, { memory_id: 'mem_c1' }).response.text).toBe(NOT_YOURS);
  });

  it('needs a principal and a memory_id string', () => {
    expect(safeForget(RECORDS, sessionFor(null), { memory_id: 'mem_a1' }).response.kind).toBe('no-principal');
    expect(safeForget(RECORDS, SUPPORT, {}).response).toEqual({
      kind: 'error',
      text: 'missing required argument: memory_id',
    });
    expect(safeForget(RECORDS, SUPPORT, { memory_id: 7 }).response).toEqual({
      kind: 'error',
      text: 'argument memory_id must be a string',
    });
  });
});

describe('respond', () => {
  it('answers with no records unless the handler names some', () => {
    expect(respond(() => ({ text: 'done' }))).toEqual({ kind: 'ok', text: 'done', records: [] });
  });

  it('turns a refusal and a missing principal into answers, and lets any other error through', () => {
    expect(
      respond(() => {
        throw new ToolError('no');
      }),
    ).toEqual({ kind: 'error', text: 'no' });
    expect(
      respond(() => {
        throw new NoPrincipalError();
      }),
    ).toEqual({ kind: 'no-principal', text: 'no principal is established for this request' });
    expect(() =>
      respond(() => {
        throw new TypeError('a bug');
      }),
    ).toThrow(TypeError);
  });
});

describe('sessions', () => {
  it('name their errors, so a log tells a refusal from a missing principal', () => {
    expect(new ToolError('x').name).toBe('ToolError');
    expect(new NoPrincipalError().name).toBe('NoPrincipalError');
  });

  it('hold a frozen copy of the principal, so nothing the caller changes later moves it', () => {
    const roles = ['support'];
    const principal = { org_id: 'org_2207', user_id: 'usr_310', roles };
    const session = sessionFor(principal);
    roles.push('admin');
    principal.org_id = 'org_4471';
    expect(currentPrincipal(session)).toEqual({ org_id: 'org_2207', user_id: 'usr_310', roles: ['support'] });
    expect(Object.isFrozen(session.principal)).toBe(true);
    expect(Object.isFrozen(session.principal?.roles)).toBe(true);
    expect(Object.isFrozen(session)).toBe(true);
    expect(sessionFor(null).principal).toBeNull();
  });
});
