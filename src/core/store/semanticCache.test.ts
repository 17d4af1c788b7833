import { describe, expect, it } from 'vitest';
import { makeAgent, makePrincipal } from './entities';
import { ContextStore } from './store';
import { ALL_RULES, type Rules, withRulesOff } from './rules';
import { SemanticCache, semanticKey, similarity } from './semanticCache';
import { words } from '../python/strings';
import { lessonById } from '../lessons/catalogue';
import { projectJson, replayOk } from '../testing/fixtures';
import { parseScenario, scenarioSchema } from '../scenario/scenario';
import { readFileSync } from 'node:fs';
import { cacheRows } from '../explain/cacheTrace';

const QUESTION = 'What is my account balance and when is my next payment due?';
const ALICE = makePrincipal('alice', 'chat-1', 'assistant');
const BOB = makePrincipal('bob', 'chat-1', 'assistant');

function cacheWith(rules: Rules) {
  const store = new ContextStore([makeAgent('assistant', 'Answer.', [], ['app', 'user', 'task', 'agent'])], rules);
  store.write(ALICE, 'user', 'alice-balance', "Alice's balance is 5,432.10 dollars.");
  store.write(BOB, 'user', 'bob-balance', "Bob's balance is 87.50 dollars.");
  return new SemanticCache(store, { threshold: 0.8 });
}

describe('similarity', () => {
  it('is the shared words over the root of the product of the sizes, 1 for the same words, 0 for none', () => {
    expect(similarity(words('a b c d'), words('a b c e'))).toBe(3 / 4);
    expect(similarity(words('What is it?'), words('what IS it'))).toBe(1);
    expect(similarity(words('a b'), words('c d'))).toBe(0);
    expect(similarity(words(''), words('a'))).toBe(0);
    expect(similarity(words('a'), words(''))).toBe(0);
    expect(similarity(words('a'), words('a b c d'))).toBe(1 / 2);
  });
});

describe('semanticKey', () => {
  it('keeps the principal and version in the partition and compares the bare question, as the seed keys its cache', () => {
    const key = semanticKey(ALICE, QUESTION, 3);
    expect(key.parts.map((part) => part.name)).toEqual(['user', 'task', 'agent', 'version']);
    expect(key.text).toBe(QUESTION);
  });

  it('without the partition rule, moves the principal into the text as a tag', () => {
    const key = semanticKey(ALICE, QUESTION, 3, withRulesOff('semanticCachePartition'));
    expect(key.parts.map((part) => part.name)).toEqual(['version']);
    expect(key.text).toBe(`[alice/chat-1/assistant] ${QUESTION}`);
    expect(key.partition).toBe('[3]');
  });

  it('names its partition by the parts’ values, and tags no text when the key holds no principal at all', () => {
    expect(semanticKey(ALICE, QUESTION, 3).partition).toBe('["alice","chat-1","assistant",3]');
    const bare = semanticKey(ALICE, QUESTION, 3, withRulesOff('semanticCachePartition', 'cacheKeyPrincipal'));
    expect(bare).toEqual({ parts: [{ name: 'version', value: 3 }], partition: '[3]', text: QUESTION });
  });
});

describe('SemanticCache', () => {
  it('serves a principal its own cached request for the same question, and builds Bob his own', () => {
    const cache = cacheWith(ALL_RULES);
    expect(cache.lookup(ALICE, QUESTION).hit).toBe(false);
    expect(cache.lookup(ALICE, QUESTION)).toMatchObject({ hit: true, similarity: { nearest: { score: 1 } } });
    const bob = cache.lookup(BOB, QUESTION);
    expect(bob).toMatchObject({ hit: false, similarity: { nearest: null } });
    expect(bob.entry.context.item_ids).toEqual(['bob-balance']);
  });

  it('serves a similar question within the partition, and misses one below the threshold', () => {
    const cache = cacheWith(ALL_RULES);
    cache.lookup(ALICE, QUESTION);
    expect(cache.lookup(ALICE, `${QUESTION} Thanks`).hit).toBe(true);
    expect(cache.lookup(ALICE, 'Where is my parcel?').hit).toBe(false);
  });

  it('with the principal only a tag in the text, serves Bob the request built for Alice: the tag barely moves similarity', () => {
    const cache = cacheWith(withRulesOff('semanticCachePartition'));
    cache.lookup(ALICE, QUESTION);
    const bob = cache.lookup(BOB, QUESTION);
    expect(bob.hit).toBe(true);
    expect(bob.entry.builtFor).toBe(ALICE);
    expect(bob.entry.context.item_ids).toEqual(['alice-balance']);
    // 13 shared words of 14 each: alice and bob are the only words that differ.
    expect(bob.similarity.nearest?.score).toBeCloseTo(13 / 14, 10);
  });
});

describe('SemanticCache lookups, one by one', () => {
  const cache = (threshold: number) => {
    const store = new ContextStore([makeAgent('assistant', 'Answer.', [], ['app', 'user', 'task', 'agent'])]);
    return new SemanticCache(store, { threshold });
  };

  it('keys a built entry by its partition and text, counts hits, and says how each lookup went', () => {
    const c = cache(0.5);
    const first = c.lookup(ALICE, 'a b');
    expect(first).toMatchObject({
      key: '["alice","chat-1","assistant",0,"a b"]',
      hit: false,
      entry: { builtFor: ALICE, version: 0 },
      similarity: { text: 'a b', threshold: 0.5, nearest: null },
    });
    expect(c.hits).toBe(0);
    // Exactly at the threshold is a hit: one shared word of two each.
    const again = c.lookup(ALICE, 'a c');
    expect(again).toMatchObject({ key: first.key, hit: true, similarity: { nearest: { text: 'a b', score: 0.5 } } });
    expect(again.entry).toBe(first.entry);
    expect(c.hits).toBe(1);
    expect([...c.partitions.keys()]).toEqual(['["alice","chat-1","assistant",0]']);
  });

  it('reports the nearest cached text even when it shares no word, and caches the miss', () => {
    const c = cache(0.5);
    c.lookup(ALICE, 'a b');
    const miss = c.lookup(ALICE, 'c d');
    expect(miss).toMatchObject({ hit: false, similarity: { nearest: { text: 'a b', score: 0 } } });
    expect(c.partitions.get('["alice","chat-1","assistant",0]')!.map((stored) => stored.text)).toEqual(['a b', 'c d']);
    expect(c.lookup(ALICE, 'c d')).toMatchObject({ key: miss.key, hit: true });
  });

  it('builds the first request of a partition even when any similarity would do', () => {
    for (const threshold of [0, -1]) {
      const c = cache(threshold);
      expect(c.lookup(ALICE, 'a b')).toMatchObject({ hit: false, similarity: { nearest: null } });
      expect(c.lookup(ALICE, 'c d')).toMatchObject({ hit: true, similarity: { nearest: { text: 'a b', score: 0 } } });
    }
  });

  it('serves the earliest of equally similar cached texts', () => {
    const c = cache(0.6);
    c.lookup(ALICE, 'a b');
    expect(c.lookup(ALICE, 'a c').hit).toBe(false);
    expect(c.lookup(ALICE, 'a')).toMatchObject({ hit: true, similarity: { nearest: { text: 'a b' } } });
  });
});

describe('the semantic cache lesson', () => {
  it('shows the similarity its tryThis names at the step it names', () => {
    const scenario = scenarioSchema.parse(projectJson('fixtures/lessons/semantic-cache-tag.scenario.json'));
    const rows = cacheRows(replayOk(scenario, withRulesOff('semanticCachePartition')));
    const bob = rows.find((row) => row.index === 5)!;
    expect(bob).toMatchObject({ hit: true, otherPrincipal: true, builtAtStep: 3 });
    expect(bob.missing).toEqual(['user', 'task', 'agent']);
    expect(lessonById('semantic-cache-tag')!.tryThis).toContain(
      `step 5: his tagged question is ${bob.similarity!.nearest!.score.toFixed(2)} similar`,
    );
  });
});

describe("a scenario's semanticCache", () => {
  const lesson = readFileSync('fixtures/lessons/semantic-cache-tag.scenario.json', 'utf8');
  it.each([
    ['1.5', 'Too big: expected number to be <=1'],
    ['-0.1', 'Too small: expected number to be >=0'],
    ['"high"', 'expected a number, got a string'],
  ])('refuses the threshold %s at its line and column', (value, message) => {
    const outcome = parseScenario(lesson.replace('"threshold": 0.8', `"threshold": ${value}`));
    expect(outcome).toMatchObject({
      kind: 'invalid',
      problems: [{ path: 'semanticCache.threshold', message, line: 16, column: 35 }],
    });
  });
});
