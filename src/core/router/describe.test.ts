/** The router timeline in words: what each step did, on both orderings. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayRouter, replayRouterText } from './replay';
import { routerScenarioSchema } from './scenario';
import { describePolicy, describeRouterEntry, routerContexts } from './describe';
import { DEFAULT_POLICY } from './router';

const LESSON = readFileSync('fixtures/lessons/router-authorize-before-ranking.json', 'utf8');

// Built inside each test, so a mutation run judges every line by the tests that read it.
function lesson() {
  const outcome = replayRouterText(LESSON);
  if (outcome.kind !== 'ok') throw new Error('the lesson replays');
  return outcome.timeline;
}
const lessonWords = () => lesson().entries.map(describeRouterEntry);

describe('router words', () => {
  it('say what the naive scorer saw when the results are the same', () => {
    const words = lessonWords();
    expect(words[1]).toEqual({
      op: 'recall',
      rejected: false,
      summary: 'general-room recalls “cedar lantern”',
      result:
        '3 results, the same from both orderings. The naive scorer was handed 2 memories from a bank general-room may not read.',
    });
  });

  it('name a refused write, a rebuild and a refused recall', () => {
    const words = lessonWords();
    expect(words[4]!.result).toBe('Not stored: context_memory_write_denied (context default).');
    expect(words[8]).toMatchObject({ op: 'rebuild', result: 'Removed private-canary, private-3; added nothing.' });
    expect(words[11]).toMatchObject({ rejected: true, result: 'Refused: limit must be at least 1.' });
  });

  it('list every context to act as, the unrecognised ones after the known', () => {
    expect(routerContexts(lesson())).toEqual(['general-room', 'private-room', 'unrecognized-room']);
    expect(describePolicy(DEFAULT_POLICY)).toBe('reads general, may not write');
  });
});

describe('router words for every kind of step', () => {
  const timeline = () =>
    replayRouter(
      routerScenarioSchema.parse({
        contexts: {
          pub: { read_banks: ['general'], write_bank: 'general' },
          all: { read_banks: ['general', 'private'], write_bank: 'private' },
          odd: { read_banks: ['archive'], write_bank: 'archive' },
        },
        banks: {
          general: [{ memory_id: 'g', content: 'Shared note.', source_id: 'd' }],
          private: [{ memory_id: 'p', content: 'shared  note.', source_id: 'd' }],
        },
        steps: [
          { op: 'recall', context: 'pub', query: 'note' },
          { op: 'recall', context: 'all', query: 'note' },
          { op: 'remember', context: 'all', memory: { memory_id: 'n', content: 'New.', source_id: 's' } },
          { op: 'remember', context: 'odd', memory: { memory_id: 'n', content: 'New.', source_id: 's' } },
          { op: 'recall', context: 'odd', query: 'note' },
          { op: 'replace_bank', bank: 'archive', memories: [] },
          { op: 'replace_bank', bank: 'general', memories: [{ memory_id: 'g2', content: 'G2.', source_id: 'd' }] },
        ],
      }),
    );
  const words = () => timeline().entries.map(describeRouterEntry);

  it('count the contexts and each bank, one memory in the singular', () => {
    const said = words();
    expect(said[0]).toEqual({
      op: 'start',
      summary: 'The router starts',
      result: '3 recognised contexts; general bank 1 memory, private bank 1 memory.',
      rejected: false,
    });
    expect(lessonWords()[0]!.result).toBe('2 recognised contexts; general bank 3 memories, private bank 2 memories.');
  });

  it('say when the orderings differ, and when neither scorer saw anything it may not read', () => {
    const said = words();
    expect(said[1]).toEqual({
      op: 'recall',
      summary: 'pub recalls “note”',
      rejected: false,
      result:
        '1 result; the naive ordering returns different ones. The naive scorer was handed 1 memory from a bank pub may not read.',
    });
    expect(said[2]!.result).toBe(
      '1 result, the same from both orderings. Neither scorer saw a memory it may not read.',
    );
  });

  it('name the bank a write went to, and the reason a step was refused', () => {
    const said = words();
    expect(said[3]).toEqual({
      op: 'remember',
      summary: 'all remembers n',
      result: 'Stored in the private bank.',
      rejected: false,
    });
    expect(said[4]).toEqual({
      op: 'remember',
      summary: 'odd remembers n',
      result: 'Refused: policy selects unknown write bank: archive.',
      rejected: true,
    });
    expect(said[5]).toEqual({
      op: 'recall',
      summary: 'odd recalls “note”',
      result: "Refused: policy selects unknown read banks: ['archive'].",
      rejected: true,
    });
    expect(said[6]).toEqual({
      op: 'rebuild',
      summary: 'The archive bank is rebuilt from its authority',
      result: 'Refused: unknown bank: archive.',
      rejected: true,
    });
    expect(said[7]).toEqual({
      op: 'rebuild',
      summary: 'The general bank is rebuilt from its authority',
      result: 'Removed g; added g2.',
      rejected: false,
    });
  });

  it('describe what a policy reads and writes', () => {
    expect(describePolicy({ read_banks: ['general', 'private'], write_bank: 'private' })).toBe(
      'reads general and private, writes private',
    );
    expect(describePolicy({ read_banks: [], write_bank: '' })).toBe('reads nothing, may not write');
    expect(describePolicy({})).toBe('reads general, may not write');
  });

  it('list the known contexts once each, then the unknown ones steps name', () => {
    expect(routerContexts(timeline())).toEqual(['pub', 'all', 'odd']);
  });

  it('refuse a step of a kind they do not know, naming it', () => {
    const [start] = timeline().entries;
    const entry = { ...start!, step: { op: 'forget', context: 'pub' } as never };
    expect(() => describeRouterEntry(entry)).toThrow('unexpected step: {"op":"forget","context":"pub"}');
  });
});
