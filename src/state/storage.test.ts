import { describe, expect, it } from 'vitest';
import { webTextStorage, type WebStorage } from './storage';

/** A Web Storage in memory that counts the characters each write puts in. */
function countingStorage() {
  const values = new Map<string, string>();
  const written: Array<[key: string, chars: number]> = [];
  const storage: WebStorage = {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      written.push([key, value.length]);
      values.set(key, value);
    },
    removeItem: (key) => void values.delete(key),
  };
  return { storage, values, written };
}

const LARGE = `{"steps": [${'"a long scenario", '.repeat(50_000)}"end"]}`;

describe('the saved text and switched-off rules', () => {
  it('a rule switch rewrites the rules, not the text, and a reload reads both', () => {
    const { storage, written } = countingStorage();
    const saved = webTextStorage('k', () => storage);
    saved.save(LARGE);
    written.length = 0;
    saved.save(LARGE, ['taskCheck']);
    saved.save(LARGE, ['taskCheck', 'agentCheck']);
    expect(Math.max(...written.map(([, chars]) => chars))).toBeLessThan(100);
    expect(webTextStorage('k', () => storage).load()).toEqual({
      kind: 'text',
      text: LARGE,
      rulesOff: ['taskCheck', 'agentCheck'],
    });
  });

  it('an edited text is written whole with its rules, and no older switch outlives it', () => {
    const { storage, values } = countingStorage();
    const saved = webTextStorage('k', () => storage);
    saved.save('first', ['taskCheck']);
    saved.save('first', []);
    saved.save('second', ['agentCheck']);
    expect([...values.keys()]).toEqual(['k']);
    expect(webTextStorage('k', () => storage).load()).toEqual({
      kind: 'text',
      text: 'second',
      rulesOff: ['agentCheck'],
    });
  });

  it('a text saved before the rules had their own key loads with the rules saved in it', () => {
    const { storage, values } = countingStorage();
    values.set('k', JSON.stringify({ format: 1, text: 'older', rulesOff: ['taskCheck'] }));
    const saved = webTextStorage('k', () => storage);
    expect(saved.load()).toEqual({ kind: 'text', text: 'older', rulesOff: ['taskCheck'] });
    // A switch after the load writes the rules alone; the reload reads the newer ones.
    saved.save('older', []);
    expect(webTextStorage('k', () => storage).load()).toEqual({ kind: 'text', text: 'older' });
  });

  it('clearing removes the text and its rules', () => {
    const { storage, values } = countingStorage();
    const saved = webTextStorage('k', () => storage);
    saved.save('text', ['taskCheck']);
    saved.save('text', ['agentCheck']);
    saved.clear();
    expect(values.size).toBe(0);
    expect(saved.load()).toEqual({ kind: 'empty' });
  });
});
