/** The memtool timeline in words: each call, and how both tools answered it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayMemtool, replayMemtoolText } from './replay';
import { memtoolScenarioSchema } from './scenario';
import { describeCall, describeMemtoolEntry, describeOutcome, describePrincipal } from './describe';

const LESSON = readFileSync('fixtures/lessons/memtool-session-scope.json', 'utf8');

function lesson() {
  const outcome = replayMemtoolText(LESSON);
  if (outcome.kind !== 'ok') throw new Error('the lesson replays');
  return outcome.timeline;
}

describe('memtool words', () => {
  it('write the call as the model wrote it, and both answers', () => {
    const words = lesson().entries.map(describeMemtoolEntry);
    expect(words[1]).toEqual({
      op: 'search',
      summary: 'support: search_memory(org_id: "org_4471", user_id: "usr_88213", query: "original context")',
      result: 'Safe: 2 records, the same without the identifiers. Naive: 6 records, 6 from another tenant.',
    });
  });

  it('name the oracle, a call with no principal, and an escaping path', () => {
    const words = lesson().entries.map(describeMemtoolEntry);
    expect(words[4]!.result).toBe(
      'Safe: “No such memory.” Naive: “You may not delete this memory: it belongs to someone else.”, which tells the caller the ID exists.',
    );
    expect(words[3]!.summary.startsWith('no principal: ')).toBe(true);
    expect(words[12]!.result).toBe(
      'Safe: “Access denied: ../usr_3104/notes.md is outside your memory directory.” Naive: opened /memories/org_2207/usr_3104/notes.md.',
    );
    expect(describePrincipal(lesson().sessions[0]![1])).toBe('usr_310 in org_2207 (support)');
  });
});

describe('memtool words for every kind of answer', () => {
  const timeline = () =>
    replayMemtool(
      memtoolScenarioSchema.parse({
        sessions: {
          plain: { org_id: 'org_1', user_id: 'usr_1' },
          boss: { org_id: 'org_1', user_id: 'usr_2', roles: ['admin', 'support'] },
        },
        memories: [{ id: 'm1', org_id: 'org_1', user_id: 'usr_1', text: 'Tea please.' }],
        files: { '/memories/org_1/usr_1/a.md': 'A' },
        steps: [
          { op: 'search_memory', session: 'plain', args: { query: 'coffee' } },
          { op: 'forget_memory', session: 'boss', args: { memory_id: 'm1' } },
          { op: 'view_memory_file', session: 'plain', args: { path: 'a.md' } },
          { op: 'view_memory_file', session: null, args: { path: 'a.md' } },
          { op: 'search_memory', session: null, args: { query: 'tea', org_id: 'org_1', user_id: 'usr_1' } },
        ],
      }),
    );
  const words = () => lesson().entries.map(describeMemtoolEntry);

  it('count one record of one organisation in the singular', () => {
    const said = timeline().entries.map(describeMemtoolEntry);
    expect(said[0]).toEqual({
      op: 'start',
      summary: 'The agent starts with a shared memory store',
      result: 'The shared store holds 1 record of 1 organisation.',
    });
    expect(words()[0]!.result).toBe('The shared store holds 9 records of 2 organisations.');
  });

  it('quote a refusal and end the sentence after the quote', () => {
    const said = timeline().entries.map(describeMemtoolEntry);
    expect(said[1]).toEqual({
      op: 'search',
      summary: 'plain: search_memory(query: "coffee")',
      result: 'Safe: 1 record, the same without the identifiers. Naive: “missing required argument: org_id”.',
    });
  });

  it('quote a message that ends its own sentence, and say when nothing came back', () => {
    const said = timeline().entries.map(describeMemtoolEntry);
    expect(said[2]).toMatchObject({ op: 'forget', result: 'Safe: “Deleted m1.” Naive: “Deleted m1.”' });
    expect(said[5]!.result).toBe(
      'Safe: “no principal is established for this request”, the same without the identifiers. Naive: no records.',
    );
  });

  it('name the file a view opened, and refuse one with no principal', () => {
    const said = timeline().entries.map(describeMemtoolEntry);
    expect(said[3]).toEqual({
      op: 'view',
      summary: 'plain: view_memory_file(path: "a.md")',
      result: 'Safe: opened /memories/org_1/usr_1/a.md. Naive: opened /memories/org_1/usr_1/a.md.',
    });
    expect(said[4]).toMatchObject({
      summary: 'no principal: view_memory_file(path: "a.md")',
      result:
        'Safe: “no principal is established for this request”. Naive: “no principal is established for this request”.',
    });
  });

  it('write a principal without roles, nobody, and a call with no arguments', () => {
    expect(describePrincipal({ org_id: 'org_1', user_id: 'usr_1', roles: [] })).toBe('usr_1 in org_1');
    expect(describePrincipal({ org_id: 'org_1', user_id: 'usr_2', roles: ['admin', 'support'] })).toBe(
      'usr_2 in org_1 (admin, support)',
    );
    expect(describePrincipal(null)).toBe('no principal');
    expect(describeCall('forget_memory', {})).toBe('forget_memory()');
    expect(describeCall('search_memory', { query: 'q', tenant: { id: 1 } })).toBe(
      'search_memory(query: "q", tenant: {"id":1})',
    );
  });

  it('refuse an outcome of a kind they do not know, naming it', () => {
    expect(() => describeOutcome({ kind: 'archived' } as never)).toThrow('unexpected outcome: {"kind":"archived"}');
  });
});
