/** The seed's seven canaries (test_memory_router.py), one for one. */
import { describe, expect, it } from 'vitest';
import { fromUnreadBanks, MemoryRouter } from './router';
import { exampleRouter } from './example';

const ids = (results: ReadonlyArray<{ memory_id: string }>) => new Set(results.map((result) => result.memory_id));
const banks = (results: ReadonlyArray<{ bank: string }>) => new Set(results.map((result) => result.bank));

describe('the memory router canaries', () => {
  it('refuses a write from an unknown context', () => {
    const result = exampleRouter().remember('unrecognized-room', {
      memory_id: 'new',
      content: 'Do not store this.',
      source_id: 'source',
    });
    expect(result).toEqual({ stored: false, reason: 'context_memory_write_denied', context_id: 'default' });
  });

  it('keeps the private canary from a general context', () => {
    const results = exampleRouter().recall('general-room', 'cedar lantern');
    expect(ids(results)).not.toContain('private-canary');
    expect(banks(results)).toEqual(new Set(['general']));
  });

  it('lets an unknown context read only the general bank', () => {
    const results = exampleRouter().recall('unrecognized-room', 'private canary');
    expect(banks(results)).toEqual(new Set(['general']));
  });

  it('merges both banks for a private context and tags each result with its bank', () => {
    const results = exampleRouter().recall('private-room', 'rollback evidence');
    expect(banks(results)).toEqual(new Set(['general', 'private']));
    expect(results.every((result) => result.source_id)).toBe(true);
  });

  it('keeps the private copy of a duplicate, before sorting by score', () => {
    const duplicate = 'The same reviewed memory appears in both projections.';
    const router = new MemoryRouter(
      { 'private-room': { read_banks: ['general', 'private'], write_bank: 'private' } },
      {
        general: [{ memory_id: 'general-copy', content: duplicate, source_id: 'general-source' }],
        private: [{ memory_id: 'private-copy', content: duplicate, source_id: 'private-source' }],
      },
    );
    const results = router.recall('private-room', 'reviewed memory');
    expect(results).toHaveLength(1);
    expect(results[0]?.bank).toBe('private');
    expect(results[0]?.memory_id).toBe('private-copy');
  });

  it('never hands an unauthorized candidate to the scorer', () => {
    const scored: string[] = [];
    const recordingScorer = (_query: string, content: string) => {
      scored.push(content);
      return 1.0;
    };
    const baseline = exampleRouter();
    const router = new MemoryRouter(baseline.contexts, baseline.banks, recordingScorer);
    router.recall('general-room', 'anything');
    expect(scored).not.toEqual([]);
    expect(scored.some((content) => content.includes('cedar-lantern'))).toBe(false);
  });

  it('stops recalling a memory once a rebuild from authority leaves it out', () => {
    const router = exampleRouter();
    expect(ids(router.recall('private-room', 'cedar'))).toContain('private-canary');
    router.replaceBank('private', []);
    expect(ids(router.recall('private-room', 'cedar'))).not.toContain('private-canary');
  });
});

describe('fromUnreadBanks', () => {
  it('keeps, in order, the memories from a bank outside the allowed ones', () => {
    const items = [
      { bank: 'private' as const, id: 1 },
      { bank: 'general' as const, id: 2 },
      { bank: 'private' as const, id: 3 },
    ];
    expect(fromUnreadBanks(items, ['general']).map((item) => item.id)).toEqual([1, 3]);
    expect(fromUnreadBanks(items, ['general', 'private'])).toEqual([]);
    expect(fromUnreadBanks(items, []).map((item) => item.id)).toEqual([1, 2, 3]);
  });
});
