/** Replaying tool calls: safe and naive answers side by side, and the comparisons the lesson shows. */
import { describe, expect, it } from 'vitest';
import {
  absentId,
  callAs,
  replayMemtool,
  replayMemtoolText,
  stripIdentifiers,
  type MemtoolOutcome,
  type MemtoolTimeline,
} from './replay';
import { memtoolScenarioSchema } from './scenario';

const SCENARIO = {
  sessions: { support: { org_id: 'org_2207', user_id: 'usr_310' } },
  memories: [
    { id: 'mem_a1', org_id: 'org_2207', user_id: 'usr_310', text: 'Prefers email.' },
    { id: 'mem_b1', org_id: 'org_4471', user_id: 'usr_88213', text: 'Acquisition talks.' },
  ],
  files: { '/memories/org_4471/usr_88213/notes.md': 'Secret.' },
  links: { '/memories/org_2207/usr_310/migrated': '/memories/org_4471/usr_88213' },
};

function timelineOf(steps: unknown[]): MemtoolTimeline {
  return replayMemtool(memtoolScenarioSchema.parse({ ...SCENARIO, steps }));
}

function outcome<K extends MemtoolOutcome['kind']>(
  timeline: MemtoolTimeline,
  index: number,
  kind: K,
): Extract<MemtoolOutcome, { kind: K }> {
  const got = timeline.entries[index]!.outcome;
  if (got.kind !== kind) throw new Error(`entry ${index} is ${got.kind}, not ${kind}`);
  return got as Extract<MemtoolOutcome, { kind: K }>;
}

describe('replaying tool calls', () => {
  it('exposes the safe answer with and without the identifiers, byte-identical', () => {
    const searched = outcome(
      timelineOf([
        { op: 'search_memory', session: 'support', args: { org_id: 'org_4471', user_id: 'usr_88213', query: 'talks' } },
      ]),
      1,
      'searched',
    );
    expect(searched.stripped).toEqual({ query: 'talks' });
    expect(searched.safe.identical).toBe(true);
    expect(searched.safe.response.text).toBe(searched.safe.withoutIdentifiers.text);
    expect(searched.safe.response.text).toBe(
      '[{"id":"mem_a1","org_id":"org_2207","user_id":"usr_310","text":"Prefers email."}]',
    );
  });

  it('shows the naive answer depending on the identifiers, and the validating one rejecting them', () => {
    const searched = outcome(
      timelineOf([
        { op: 'search_memory', session: 'support', args: { org_id: 'org_4471', user_id: 'usr_88213', query: 'talks' } },
      ]),
      1,
      'searched',
    );
    expect(searched.naive.response.kind === 'ok' && searched.naive.response.records.map((r) => r.id)).toEqual([
      'mem_b1',
    ]);
    expect(searched.naive.identical).toBe(false);
    expect(searched.validating).toMatchObject({
      identical: false,
      response: { kind: 'error', text: 'org_id does not match the session' },
    });
  });

  it('answers a forget for both tools, beside their answers for an ID that does not exist', () => {
    const timeline = timelineOf([
      { op: 'forget_memory', session: 'support', args: { memory_id: 'mem_b1' } },
      { op: 'forget_memory', session: 'support', args: { memory_id: 'mem_a1' } },
    ]);
    const foreign = outcome(timeline, 1, 'forgot');
    expect(foreign.probe).toBe('mem_b1-absent');
    expect(foreign.safe.response.text).toBe(foreign.safe.missing.text);
    expect(foreign.naive.response.text).not.toBe(foreign.naive.missing.text);
    expect(outcome(timeline, 2, 'forgot').deleted?.id).toBe('mem_a1');
    expect(timeline.entries.map((entry) => entry.memories.length)).toEqual([2, 2, 1]);
  });

  it('records each path check: what it compared, and what the filesystem opened', () => {
    const viewed = outcome(
      timelineOf([{ op: 'view_memory_file', session: 'support', args: { path: 'migrated/notes.md' } }]),
      1,
      'viewed',
    );
    expect(viewed.naive.attempt).toMatchObject({
      checked: '/memories/org_2207/usr_310/migrated/notes.md',
      allowed: true,
      opened: '/memories/org_4471/usr_88213/notes.md',
    });
    expect(viewed.safe.attempt).toMatchObject({
      checked: '/memories/org_4471/usr_88213/notes.md',
      allowed: false,
      opened: null,
    });
  });

  it('tells two refusals with different words apart: the identifiers changed the answer', () => {
    const searched = outcome(
      timelineOf([{ op: 'search_memory', session: 'support', args: { org_id: 'org_4471', query: 'talks' } }]),
      1,
      'searched',
    );
    expect(searched.naive).toMatchObject({
      identical: false,
      response: { kind: 'error', text: 'missing required argument: user_id' },
      withoutIdentifiers: { kind: 'error', text: 'missing required argument: org_id' },
    });
    expect(searched.safe.identical).toBe(true);
    expect(searched.validating.identical).toBe(false);
  });

  it('refuses a step of a kind it does not know, naming it', () => {
    const scenario = memtoolScenarioSchema.parse({ ...SCENARIO, steps: [] });
    const step = { op: 'rename_memory', session: 'support', args: {} };
    expect(() => replayMemtool({ ...scenario, steps: [step as never] })).toThrow(
      'unexpected step: {"op":"rename_memory","session":"support","args":{}}',
    );
  });

  it('keeps only the declared fields when stripping, and finds an ID that is really absent', () => {
    expect(stripIdentifiers({ query: 'q', org_id: 'o', tenant: { id: 1 } })).toEqual({ query: 'q' });
    expect(absentId([{ id: 'x-absent', org_id: 'o', user_id: 'u', text: '' }], 'x')).toBe('x-absent-absent');
    expect(absentId([], 7)).toBe('memory-absent');
    expect(absentId([], 'x')).toBe('x-absent');
  });

  it('keeps the store when a forget refuses, and says nothing was deleted', () => {
    const timeline = timelineOf([{ op: 'forget_memory', session: 'support', args: { memory_id: 'mem_b1' } }]);
    expect(outcome(timeline, 1, 'forgot').deleted).toBeNull();
    expect(timeline.entries[1]!.memories).toEqual(timeline.entries[0]!.memories);
    expect(Object.isFrozen(timeline.entries[1]!.memories)).toBe(true);
  });

  it('starts from the scenario: sessions with their roles (none if not given), files, links and context', () => {
    const timeline = timelineOf([]);
    expect(timeline.sessions).toEqual([['support', { org_id: 'org_2207', user_id: 'usr_310', roles: [] }]]);
    expect(timeline.context).toEqual([]);
    expect([...timeline.files.files.keys()]).toEqual(['/memories/org_4471/usr_88213/notes.md']);
    expect([...timeline.files.links]).toEqual([
      ['/memories/org_2207/usr_310/migrated', '/memories/org_4471/usr_88213'],
    ]);
    expect(timeline.entries).toEqual([
      { index: 0, step: null, outcome: { kind: 'started', memories: SCENARIO.memories }, memories: SCENARIO.memories },
    ]);
    const bare = replayMemtool(
      memtoolScenarioSchema.parse({
        sessions: { admin: { org_id: 'o', user_id: 'u', roles: ['admin'] } },
        memories: [],
        context: [{ role: 'user', text: 'hi' }],
        steps: [],
      }),
    );
    expect(bare.sessions[0]![1].roles).toEqual(['admin']);
    expect(bare.context).toEqual([{ role: 'user', text: 'hi' }]);
    expect(bare.files.files.size + bare.files.links.size).toBe(0);
  });

  it('replays scenario text, or returns its problems', () => {
    const text = JSON.stringify({ ...SCENARIO, steps: [] });
    const replayed = replayMemtoolText(text);
    expect(replayed.kind === 'ok' && replayed.timeline.entries).toHaveLength(1);
    expect(replayMemtoolText('{"sessions": {}, "steps": []}')).toMatchObject({
      kind: 'invalid',
      problems: [{ path: 'memories' }],
    });
  });
});

describe('acting as another principal', () => {
  const steps = [
    { op: 'forget_memory', session: 'support', args: { memory_id: 'mem_a1' } },
    { op: 'search_memory', session: 'support', args: { org_id: 'org_4471', user_id: 'usr_88213', query: 'talks' } },
  ];

  it("answers a step's call as its own session exactly as the replay did", () => {
    const timeline = timelineOf(steps);
    expect(callAs(timeline, 2, timeline.sessions[0]![1])).toEqual(timeline.entries[2]!.outcome);
  });

  it('answers against the store before the step, and fails closed with no principal', () => {
    const timeline = timelineOf(steps);
    const forgot = callAs(timeline, 1, null);
    expect(forgot?.kind === 'forgot' && forgot.safe.response).toEqual({
      kind: 'no-principal',
      text: 'no principal is established for this request',
    });
    const searched = callAs(timeline, 2, { org_id: 'org_4471', user_id: 'usr_88213', roles: [] });
    expect(
      searched?.kind === 'searched' &&
        searched.safe.response.kind === 'ok' &&
        searched.safe.response.records.map((r) => r.id),
    ).toEqual(['mem_b1']);
    expect(timeline.entries[2]!.memories.map((r) => r.id)).toEqual(['mem_b1']);
    expect(callAs(timeline, 0, null)).toBeNull();
    expect(callAs(timeline, 3, null)).toBeNull();
    expect(callAs(timeline, -1, null)).toBeNull();
  });
});
