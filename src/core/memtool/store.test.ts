/** The shared store's namespaced search: one tenant's user at a time, nearest first, ties by ID, at most the limit. */
import { describe, expect, it } from 'vitest';
import { type MemoryRecord, SEARCH_LIMIT, getById, renderRecords, searchNamespace } from './store';

const record = (id: string, text: string, org_id = 'org_1', user_id = 'usr_1'): MemoryRecord => ({
  id,
  org_id,
  user_id,
  text,
});
const ids = (records: readonly MemoryRecord[]) => records.map((r) => r.id);
const OWN = { org_id: 'org_1', user_id: 'usr_1' };

describe('searchNamespace', () => {
  it('reads only the namespace asked for: same user in another org, or another user in the same org, is out', () => {
    const records = [
      record('a', 'tea'),
      record('b', 'tea', 'org_2', 'usr_1'),
      record('c', 'tea', 'org_1', 'usr_2'),
      record('d', 'tea', 'org_2', 'usr_2'),
    ];
    expect(ids(searchNamespace(records, OWN, 'tea'))).toEqual(['a']);
    expect(ids(searchNamespace(records, { org_id: 'org_2', user_id: 'usr_1' }, 'tea'))).toEqual(['b']);
    expect(ids(searchNamespace(records, { org_id: 'org_1', user_id: 'usr_2' }, 'tea'))).toEqual(['c']);
  });

  it('ranks by token overlap, highest first, ties in code point order of the ID, weak matches kept', () => {
    const records = [
      record('m10', 'nothing in common'),
      record('m2', 'green tea'),
      record('m1', 'tea'),
      record('M3', 'green tea'),
      record('\u{10000}', 'green'),
      record('\uffff', 'green'),
    ];
    expect(ids(searchNamespace(records, OWN, 'green tea'))).toEqual(['M3', 'm2', 'm1', '\uffff', '\u{10000}', 'm10']);
  });

  it(`returns at most the limit, ${SEARCH_LIMIT} by default, and nothing for a limit below 1`, () => {
    const records = Array.from({ length: 12 }, (_, i) => record(`m${String(i).padStart(2, '0')}`, 'tea'));
    expect(ids(searchNamespace(records, OWN, 'tea'))).toEqual(ids(records.slice(0, 10)));
    expect(ids(searchNamespace(records, OWN, 'tea', 3))).toEqual(['m00', 'm01', 'm02']);
    expect(searchNamespace(records, OWN, 'tea', 0)).toEqual([]);
    expect(searchNamespace(records, OWN, 'tea', -2)).toEqual([]);
  });
});

describe('getById and renderRecords', () => {
  it('finds a record by ID in any namespace, or null', () => {
    const records = [record('a', 'x'), record('b', 'y', 'org_2', 'usr_9')];
    expect(getById(records, 'b')).toBe(records[1]);
    expect(getById(records, 'c')).toBeNull();
  });

  it('renders the four fields of each record as one JSON array, nothing else', () => {
    const extra = { ...record('a', 'Say "hi".'), secret: 'not for the model' } as MemoryRecord;
    expect(renderRecords([extra])).toBe('[{"id":"a","org_id":"org_1","user_id":"usr_1","text":"Say \\"hi\\"."}]');
    expect(renderRecords([])).toBe('[]');
  });
});
