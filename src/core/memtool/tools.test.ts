/**
 * The seed's tests for the memory tool (seed 004): a valid session for one tenant carrying another
 * tenant's identifiers in the call. The identifiers must be inert (the response byte-identical to the
 * call without them), not merely rejected; forget must not be an existence oracle; no principal, no read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sessionFor, currentPrincipal, NoPrincipalError } from './session';
import type { MemoryRecord } from './store';
import {
  NAIVE_SEARCH_TOOL,
  NO_SUCH_MEMORY,
  NOT_YOURS,
  SAFE_SEARCH_TOOL,
  type ToolArgs,
  naiveForget,
  naiveSearch,
  safeForget,
  safeSearch,
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
    expect(NAIVE_SEARCH_TOOL.input_schema.required).toEqual(['org_id', 'user_id', 'query']);
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
