import { describe, expect, it } from 'vitest';
import { replayText } from '../../core/replay/replayText';
import { rowsToArray } from '../../core/timeline/rows';
import { generateScenario } from '../../../bench/scenario';
import { SEED_TEXT } from '../../state/seedData';
import { entryWords } from '../worker/derive';
import { packWords, unpackWords } from './packedWords';

const wordsOf = (text: string) => {
  const outcome = replayText(text);
  if (outcome.kind !== 'ok') throw new Error('the scenario did not replay');
  return entryWords(outcome.timeline);
};

describe('the timeline’s words, packed for the worker’s postMessage', () => {
  it('come back equal, entry by entry, across a structured clone', () => {
    for (const text of [SEED_TEXT, JSON.stringify(generateScenario({ users: 30, itemsPerUser: 10, queries: 40 }))]) {
      const words = wordsOf(text);
      const back = unpackWords(structuredClone(packWords(words)));
      expect(back.length).toBe(words.length);
      expect(rowsToArray(back)).toEqual(words);
    }
  });

  it('keep a rejected step, every op, and text with any characters', () => {
    const words = wordsOf(SEED_TEXT).map((w, i) => ({
      ...w,
      rejected: i % 2 === 1,
      summary: i === 1 ? 'émoji 🙂, a tab\t, a NUL \u0000 and "quotes"' : w.summary,
      result: i === 2 ? '' : w.result,
    }));
    const back = unpackWords(packWords(words));
    expect(rowsToArray(back)).toEqual(words);
    expect(back.at(1)!.rejected).toBe(true);
    expect(back.at(words.length)).toBeUndefined();
    expect(back.at(-1)).toBeUndefined();
    // Made once and kept: a memoised row sees the same entry each time it is read.
    expect(back.at(3)).toBe(back.at(3));
  });
});
