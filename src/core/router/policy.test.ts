/** The router's policy and bank handling, beyond the seed's canaries: defaults, refusals, snapshots and limits. */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POLICY,
  type Memory,
  MemoryRouter,
  RouterError,
  normalize,
  rank,
  scoreCandidates,
  tokenScore,
} from './router';

const memory = (memory_id: string, content: string, source_id = 'doc'): Memory => ({ memory_id, content, source_id });
const ids = (items: ReadonlyArray<{ memory_id: string }>) => items.map((item) => item.memory_id);

describe('MemoryRouter policies', () => {
  it('takes its contexts as a Map or a plain object, and starts with empty banks when given none', () => {
    const policy = { read_banks: ['general'] };
    const fromMap = new MemoryRouter(new Map([['room', policy]]));
    const fromObject = new MemoryRouter({ room: policy });
    expect([...fromMap.contexts]).toEqual([['room', policy]]);
    expect([...fromObject.contexts]).toEqual([['room', policy]]);
    expect(fromMap.banks).toEqual({ general: [], private: [] });
  });

  it('gives an unrecognised context the default policy: read general, write nothing', () => {
    const router = new MemoryRouter({});
    expect(router.policyFor('anyone')).toBe(DEFAULT_POLICY);
    expect(DEFAULT_POLICY).toEqual({ context_id: 'default', read_banks: ['general'], write_bank: 'deny' });
    expect(router.allowedBanks('anyone')).toEqual(['general']);
  });

  it('reads the banks a policy names, private first, and none for an empty list', () => {
    const router = new MemoryRouter({
      both: { read_banks: ['general', 'private'] },
      none: { read_banks: [] },
      bare: {},
    });
    expect(router.allowedBanks('both')).toEqual(['private', 'general']);
    expect(router.allowedBanks('none')).toEqual([]);
    expect(router.allowedBanks('bare')).toEqual(['general']);
  });

  it("refuses a policy naming banks that do not exist, each named once in Python's order", () => {
    const router = new MemoryRouter({ odd: { read_banks: ['zeta', 'private', 'archive', 'zeta'] } });
    expect(() => router.allowedBanks('odd')).toThrow(
      new RouterError("policy selects unknown read banks: ['archive', 'zeta']"),
    );
    expect(new RouterError('x').name).toBe('RouterError');
  });

  it('writes to the policy bank, and refuses a missing, empty or "deny" write bank with the context ID', () => {
    const router = new MemoryRouter({
      writer: { write_bank: 'general' },
      blank: { context_id: 'blank-id', write_bank: '' },
      deny: { context_id: 'deny-id', write_bank: 'deny' },
      silent: {},
    });
    const m = memory('m', 'A note.');
    expect(router.remember('writer', m)).toEqual({ stored: true, bank: 'general', memory_id: 'm' });
    expect(router.banks.general).toEqual([m]);
    expect(router.remember('blank', m)).toEqual({
      stored: false,
      reason: 'context_memory_write_denied',
      context_id: 'blank-id',
    });
    expect(router.remember('deny', m)).toMatchObject({ stored: false, context_id: 'deny-id' });
    expect(router.remember('silent', m)).toMatchObject({ stored: false, context_id: 'default' });
    expect(router.banks.general).toHaveLength(1);
  });

  it('refuses a write bank that does not exist', () => {
    const router = new MemoryRouter({ odd: { write_bank: 'archive' } });
    expect(() => router.remember('odd', memory('m', 'x'))).toThrow(
      new RouterError('policy selects unknown write bank: archive'),
    );
  });
});

describe('MemoryRouter banks', () => {
  it('replaces a bank array on every change, so a snapshot taken earlier never moves', () => {
    const router = new MemoryRouter({ w: { write_bank: 'private' } }, { private: [memory('a', 'A.')] });
    const before = router.banks;
    router.remember('w', memory('b', 'B.'));
    expect(ids(before.private)).toEqual(['a']);
    expect(ids(router.banks.private)).toEqual(['a', 'b']);
    expect(Object.isFrozen(router.banks.private)).toBe(true);
    expect(Object.isFrozen(router.banks.general)).toBe(true);
    router.replaceBank('general', [memory('g', 'G.')]);
    expect(ids(before.general)).toEqual([]);
    expect(ids(router.banks.general)).toEqual(['g']);
    expect(Object.isFrozen(router.banks.general)).toBe(true);
  });

  it('copies the banks it is given and hands out a copy of its table', () => {
    const general = [memory('a', 'A.')];
    const router = new MemoryRouter({}, { general });
    general.push(memory('b', 'B.'));
    const table = router.banks as Record<string, readonly Memory[]>;
    table.general = [];
    expect(ids(router.banks.general)).toEqual(['a']);
  });

  it('ignores a bank other than general and private passed in', () => {
    const router = new MemoryRouter({}, { archive: [memory('x', 'X.')] });
    expect(router.banks).toEqual({ general: [], private: [] });
  });
});

describe('recall', () => {
  const router = new MemoryRouter(
    { all: { read_banks: ['general', 'private'] } },
    {
      general: Array.from({ length: 7 }, (_, i) => memory(`g${i}`, `note ${i}`)),
      private: [memory('p', 'private note')],
    },
  );

  it('returns five results by default and at most the limit', () => {
    expect(router.recall('all', 'note')).toHaveLength(5);
    expect(router.recallTrace('all', 'note').results).toHaveLength(5);
    expect(ids(router.recall('all', 'private note', 1))).toEqual(['p']);
  });

  it('scores every authorized candidate, private first, before cutting to the limit', () => {
    const trace = router.recallTrace('all', 'note', 2);
    expect(trace.allowed).toEqual(['private', 'general']);
    expect(ids(trace.scored)).toEqual(['p', 'g0', 'g1', 'g2', 'g3', 'g4', 'g5', 'g6']);
    expect(trace.results).toHaveLength(2);
  });

  it('refuses a limit below 1, and uses the scorer it is given', () => {
    expect(() => router.recall('all', 'note', 0)).toThrow(new RouterError('limit must be at least 1'));
    const trace = router.recallTrace('all', 'note', 1, (_q, content) => (content.includes('6') ? 2 : 0));
    expect(trace.results.map((r) => [r.memory_id, r.score])).toEqual([['g6', 2]]);
  });
});

describe('scoring helpers', () => {
  it("normalizes with Python's whitespace, trimming both ends", () => {
    expect(normalize('  Mixed\u3000CASE\t\n text \x1c')).toBe('mixed case text');
    expect(normalize(' \t ')).toBe('');
  });

  it('scores the share of query tokens found, and 0 for a query without tokens', () => {
    expect(tokenScore('red green blue', 'Green and BLUE')).toBeCloseTo(2 / 3);
    expect(tokenScore('red red', 'red')).toBe(1);
    expect(tokenScore('--- !!', 'anything')).toBe(0);
    expect(tokenScore('', '')).toBe(0);
  });

  it('skips blank contents and later copies of the same normalized content', () => {
    const scored = scoreCandidates(
      [
        ['private', memory('p', 'Same   Note')],
        ['general', memory('blank', ' \n ')],
        ['general', memory('g', 'same note')],
        ['general', memory('h', 'other note')],
      ],
      'note',
      tokenScore,
    );
    expect(scored).toEqual([
      { memory_id: 'p', content: 'Same   Note', source_id: 'doc', bank: 'private', score: 1 },
      { memory_id: 'h', content: 'other note', source_id: 'doc', bank: 'general', score: 1 },
    ]);
  });

  it('ranks by score, then by memory ID in code point order, without changing its input', () => {
    const scored = [
      { ...memory('b', 'x'), bank: 'general' as const, score: 0.5 },
      { ...memory('\u{10000}', 'x'), bank: 'general' as const, score: 1 },
      { ...memory('\uffff', 'x'), bank: 'general' as const, score: 1 },
      { ...memory('a', 'x'), bank: 'general' as const, score: 0.5 },
    ];
    expect(ids(rank(scored))).toEqual(['\uffff', '\u{10000}', 'a', 'b']);
    expect(ids(scored)).toEqual(['b', '\u{10000}', '\uffff', 'a']);
  });
});
