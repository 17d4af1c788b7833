/** Replaying a router scenario: the two orderings side by side, writes, rebuilds and refusals. */
import { describe, expect, it } from 'vitest';
import {
  compareRecall,
  recallAt,
  replayRouter,
  replayRouterText,
  type RouterOutcome,
  type RouterTimeline,
} from './replay';
import { routerScenarioSchema } from './scenario';
import { exampleRouter, EXAMPLE_BANKS, EXAMPLE_CONTEXTS } from './example';
import { MemoryRouter } from './router';
import { naiveRecallTrace } from './naive';

const ids = (items: ReadonlyArray<{ memory_id: string }>) => items.map((item) => item.memory_id);

function timelineOf(steps: unknown[], banks: unknown = EXAMPLE_BANKS): RouterTimeline {
  return replayRouter(routerScenarioSchema.parse({ contexts: EXAMPLE_CONTEXTS, banks, steps }));
}

function outcome<K extends RouterOutcome['kind']>(
  timeline: RouterTimeline,
  index: number,
  kind: K,
): Extract<RouterOutcome, { kind: K }> {
  const got = timeline.entries[index]!.outcome;
  if (got.kind !== kind) throw new Error(`entry ${index} is ${got.kind}, not ${kind}`);
  return got as Extract<RouterOutcome, { kind: K }>;
}

describe('safe beside naive', () => {
  it('gives a general context the same results both ways, from different scorer inputs', () => {
    const recall = compareRecall(exampleRouter(), 'general-room', 'cedar lantern');
    expect(recall.safe.results).toEqual(recall.naive.results);
    expect(ids(recall.safe.scored)).toEqual(['general-1', 'general-2']);
    expect(ids(recall.naive.scored)).toEqual(['private-canary', 'private-2', 'general-1', 'general-2']);
    expect(recall.naive.filtered.map((r) => [r.memory_id, r.bank])).toEqual([
      ['private-canary', 'private'],
      ['private-2', 'private'],
    ]);
  });

  it('hands the naive scorer the canary content itself, which a recording scorer sees', () => {
    const seen: string[] = [];
    naiveRecallTrace(exampleRouter(), 'general-room', 'anything', 5, (_q, content) => (seen.push(content), 1));
    expect(seen).toContain('Private canary: cedar-lantern.');
  });

  it('agrees with the router whenever the context may read every bank', () => {
    const recall = compareRecall(exampleRouter(), 'private-room', 'rollback evidence', 3);
    expect(recall.naive.scored).toEqual(recall.safe.scored);
    expect(recall.naive.results).toEqual(recall.safe.results);
  });

  it('loses a general memory when a private copy of it exists, which the router does not', () => {
    const router = new MemoryRouter(EXAMPLE_CONTEXTS, {
      general: [{ memory_id: 'g', content: 'Shared  note.', source_id: 'd1' }],
      private: [{ memory_id: 'p', content: 'shared note.', source_id: 'd2' }],
    });
    const recall = compareRecall(router, 'general-room', 'shared note');
    expect(ids(recall.safe.results)).toEqual(['g']);
    expect(ids(recall.naive.results)).toEqual([]);
  });

  it('refuses the same policy errors both ways', () => {
    const router = new MemoryRouter({ odd: { read_banks: ['archive'] } });
    expect(() => compareRecall(router, 'odd', 'q')).toThrow("policy selects unknown read banks: ['archive']");
    expect(() => naiveRecallTrace(router, 'general-room', 'q', 0)).toThrow('limit must be at least 1');
  });
});

describe('replaying a router scenario', () => {
  it('records the starting banks, then each step with the banks after it', () => {
    const timeline = timelineOf([
      { op: 'remember', context: 'private-room', memory: { memory_id: 'lab', content: 'A lab note.', source_id: 's' } },
      { op: 'recall', context: 'private-room', query: 'lab note', limit: 1 },
    ]);
    expect(timeline.entries.map((entry) => entry.outcome.kind)).toEqual(['configured', 'stored', 'recalled']);
    expect(timeline.entries.map((entry) => entry.banks.private.length)).toEqual([2, 3, 3]);
    expect(outcome(timeline, 2, 'recalled').printed).toBe(
      '[\n  {\n    "bank": "private",\n    "content": "A lab note.",\n    "memory_id": "lab",\n    "score": 1.0,\n    "source_id": "s"\n  }\n]',
    );
  });

  it("records a refused write with the seed's result, and changes no bank", () => {
    const timeline = timelineOf([
      { op: 'remember', context: 'unknown', memory: { memory_id: 'x', content: 'Do not store this.', source_id: 's' } },
    ]);
    expect(outcome(timeline, 1, 'write-denied').result).toEqual({
      stored: false,
      reason: 'context_memory_write_denied',
      context_id: 'default',
    });
    expect(timeline.entries[1]!.banks).toEqual(timeline.entries[0]!.banks);
  });

  it('records what a rebuild removed and added', () => {
    const timeline = timelineOf([
      {
        op: 'replace_bank',
        bank: 'private',
        memories: [EXAMPLE_BANKS.private[1], { memory_id: 'new', content: 'New.', source_id: 'd' }],
      },
    ]);
    const replaced = outcome(timeline, 1, 'replaced');
    expect(ids(replaced.removed)).toEqual(['private-canary']);
    expect(ids(replaced.added)).toEqual(['new']);
  });

  it("records a refused step with the seed's message and goes on", () => {
    const timeline = timelineOf([
      { op: 'replace_bank', bank: 'archive', memories: [] },
      { op: 'recall', context: 'general-room', query: 'x', limit: 0 },
      { op: 'recall', context: 'general-room', query: 'x' },
    ]);
    expect(outcome(timeline, 1, 'rejected').reason).toBe('unknown bank: archive');
    expect(outcome(timeline, 2, 'rejected').reason).toBe('limit must be at least 1');
    expect(timeline.entries[3]!.outcome.kind).toBe('recalled');
  });

  it('answers a what-if recall at any entry, from the banks as they were then', () => {
    const timeline = timelineOf([{ op: 'replace_bank', bank: 'private', memories: [] }]);
    const before = recallAt(timeline, 0, 'private-room', 'cedar');
    const after = recallAt(timeline, 1, 'private-room', 'cedar');
    expect(before.kind === 'ok' && ids(before.safe.results)).toContain('private-canary');
    expect(after.kind === 'ok' && ids(after.safe.results)).not.toContain('private-canary');
    expect(recallAt(timeline, 1, 'private-room', 'cedar', 0)).toEqual({
      kind: 'rejected',
      reason: 'limit must be at least 1',
    });
  });

  it('refuses invalid text without replaying it', () => {
    expect(replayRouterText('{"contexts": {}, "banks": {}}').kind).toBe('invalid');
  });
});
