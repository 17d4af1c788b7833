/** The memtool timeline in words: each call, and how both tools answered it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { replayMemtoolText } from './replay';
import { describeMemtoolEntry, describePrincipal } from './describe';

const outcome = replayMemtoolText(readFileSync('fixtures/lessons/memtool-session-scope.json', 'utf8'));
if (outcome.kind !== 'ok') throw new Error('the lesson replays');
const words = outcome.timeline.entries.map(describeMemtoolEntry);

describe('memtool words', () => {
  it('write the call as the model wrote it, and both answers', () => {
    expect(words[1]).toEqual({
      op: 'search',
      summary: 'support: search_memory(org_id: "org_4471", user_id: "usr_88213", query: "original context")',
      result: 'Safe: 2 records, the same without the identifiers. Naive: 6 records, 6 from another tenant.',
    });
  });

  it('name the oracle, a call with no principal, and an escaping path', () => {
    expect(words[4]!.result).toBe(
      'Safe: “No such memory.” Naive: “You may not delete this memory: it belongs to someone else.”, which tells the caller the ID exists.',
    );
    expect(words[3]!.summary.startsWith('no principal: ')).toBe(true);
    expect(words[12]!.result).toBe(
      'Safe: “Access denied: ../usr_3104/notes.md is outside your memory directory.” Naive: opened /memories/org_2207/usr_3104/notes.md.',
    );
    expect(describePrincipal(outcome.timeline.sessions[0]![1])).toBe('usr_310 in org_2207 (support)');
  });
});
