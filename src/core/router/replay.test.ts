/** Replaying a router scenario: the two orderings side by side, writes, rebuilds and refusals. */
import { describe, expect, it } from 'vitest';
import {
  compareRecall,
  recallAt,
  replayRouter,
  routerAt,
  replayRouterText,
  type RouterOutcome,
  type RouterTimeline,
} from './replay';
import { routerScenarioSchema } from './scenario';
import { exampleRouter, EXAMPLE_BANKS, EXAMPLE_CONTEXTS } from './example';
import { DEFAULT_POLICY, MemoryRouter } from './router';
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

  it("ranks with the router's own scorer unless given one, and cuts the allowed results to the limit", () => {
    const byLength = (_q: string, content: string) => content.length;
    const router = new MemoryRouter(EXAMPLE_CONTEXTS, EXAMPLE_BANKS, byLength);
    const trace = naiveRecallTrace(router, 'private-room', 'x', 3);
    expect(ids(trace.results)).toEqual(['private-2', 'general-1', 'general-2']);
    expect(ids(trace.scored)).toEqual(['private-canary', 'private-2', 'general-1', 'general-2']);
    expect(trace.filtered).toEqual([]);
    expect(naiveRecallTrace(router, 'private-room', 'x').results).toHaveLength(4);
    expect(ids(naiveRecallTrace(router, 'general-room', 'x', 1, () => 1).results)).toEqual(['general-1']);
    expect(trace.allowed).toEqual(['private', 'general']);
  });

  it('refuses the same policy errors both ways', () => {
    const router = new MemoryRouter({ odd: { read_banks: ['archive'] } });
    expect(() => compareRecall(router, 'odd', 'q')).toThrow("policy selects unknown read banks: ['archive']");
    expect(() => naiveRecallTrace(router, 'general-room', 'q', 0)).toThrow('limit must be at least 1');
    expect(() => naiveRecallTrace(router, 'odd', 'q')).toThrow("policy selects unknown read banks: ['archive']");
    expect(naiveRecallTrace(router, 'general-room', 'q', 1).results).toEqual([]);
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

  it('says whether the recalling context is recognised, with the policy it got', () => {
    const known = compareRecall(exampleRouter(), 'private-room', 'cedar');
    expect([known.known, known.policy, known.context, known.query, known.limit]).toEqual([
      true,
      EXAMPLE_CONTEXTS['private-room'],
      'private-room',
      'cedar',
      5,
    ]);
    const unknown = compareRecall(exampleRouter(), 'lobby', 'cedar', 2);
    expect([unknown.known, unknown.policy, unknown.limit]).toEqual([false, DEFAULT_POLICY, 2]);
  });

  it('counts a memory whose source changed as removed and added by a rebuild', () => {
    const [first, second] = EXAMPLE_BANKS.general;
    const timeline = timelineOf([
      { op: 'replace_bank', bank: 'general', memories: [{ ...first, source_id: 'doc-9' }, second] },
    ]);
    const replaced = outcome(timeline, 1, 'replaced');
    expect([replaced.bank, ids(replaced.removed), ids(replaced.added)]).toEqual([
      'general',
      ['general-1'],
      ['general-1'],
    ]);
    expect(timeline.entries[1]!.banks.general.map((m) => m.source_id)).toEqual(['doc-9', 'doc-2']);
  });

  it('builds a router at any entry, clamping an index past either end', () => {
    const timeline = timelineOf([
      { op: 'replace_bank', bank: 'private', memories: [] },
      { op: 'replace_bank', bank: 'general', memories: [] },
    ]);
    const sizes = (index: number) => {
      const banks = routerAt(timeline, index).banks;
      return [banks.general.length, banks.private.length];
    };
    expect([sizes(-3), sizes(0), sizes(1), sizes(2), sizes(9)]).toEqual([
      [2, 2],
      [2, 2],
      [2, 0],
      [0, 0],
      [0, 0],
    ]);
    expect([...routerAt(timeline, 0).contexts.keys()]).toEqual(['general-room', 'private-room']);
    expect(recallAt(timeline, 9, 'private-room', 'cedar')).toMatchObject({ kind: 'ok', safe: { results: [] } });
  });

  it('records only the refusals of the router itself: any other error stops the replay', () => {
    const scenario = routerScenarioSchema.parse({ contexts: EXAMPLE_CONTEXTS, banks: EXAMPLE_BANKS, steps: [] });
    const step = { op: 'forget', context: 'general-room' } as never;
    expect(() => replayRouter({ ...scenario, steps: [step] })).toThrow(
      'unexpected step: {"op":"forget","context":"general-room"}',
    );
    const broken = { contexts: [['odd', { read_banks: 5 }]], entries: timelineOf([]).entries } as never;
    expect(() => recallAt(broken, 0, 'odd', 'q')).toThrow(TypeError);
  });

  it('refuses invalid text without replaying it', () => {
    expect(replayRouterText('{"contexts": {}, "banks": {}}').kind).toBe('invalid');
    const replayed = replayRouterText('{"contexts": {}, "banks": {}, "steps": []}');
    expect(replayed.kind === 'ok' && replayed.timeline.entries.map((e) => e.outcome)).toEqual([
      { kind: 'configured', contexts: [] },
    ]);
  });
});

describe('a rebuild, memory by memory', () => {
  it('counts a changed ID or a changed content as one memory removed and another added', () => {
    const [first, second] = EXAMPLE_BANKS.general;
    const timeline = timelineOf([
      {
        op: 'replace_bank',
        bank: 'general',
        memories: [
          { ...first, memory_id: 'general-1b' },
          { ...second, content: 'Unknown contexts may not write memory.' },
        ],
      },
    ]);
    const replaced = outcome(timeline, 1, 'replaced');
    expect([ids(replaced.removed), ids(replaced.added)]).toEqual([
      ['general-1', 'general-2'],
      ['general-1b', 'general-2'],
    ]);
  });
});
