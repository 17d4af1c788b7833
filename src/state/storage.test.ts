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

  it('an edited text is written once, as it is, with its rules beside it, and no older switch outlives it', () => {
    const { storage, values, written } = countingStorage();
    const saved = webTextStorage('k', () => storage);
    saved.save(LARGE, ['taskCheck']);
    // The text is not escaped into a larger copy: one write of its own length.
    expect(written.filter(([, chars]) => chars >= LARGE.length)).toEqual([['k/text', LARGE.length]]);
    saved.save('first', ['taskCheck']);
    saved.save('first', []);
    saved.save('second', ['agentCheck']);
    expect(Object.fromEntries(values)).toEqual({
      'k/text': 'second',
      'k/rules-off': JSON.stringify({ format: 1, rulesOff: ['agentCheck'] }),
    });
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

  it('a save replaces the text saved as JSON before, and a full storage keeps that older save', () => {
    const { storage, values } = countingStorage();
    values.set('k', JSON.stringify({ format: 1, text: 'older' }));
    webTextStorage('k', () => storage).save('newer');
    expect(Object.fromEntries(values)).toEqual({ 'k/text': 'newer' });

    // Room for one text only: the older save stays when the newer does not fit beside it, and is not lost.
    const full = (room: number): WebStorage => ({
      ...storage,
      setItem: (key, value) => {
        const used = [...values].reduce((sum, [k, v]) => sum + (k === key ? 0 : v.length), 0);
        if (used + value.length > room) throw new DOMException('full', 'QuotaExceededError');
        values.set(key, value);
      },
    });
    values.clear();
    const older = JSON.stringify({ format: 1, text: 'x'.repeat(100) });
    values.set('k', older);
    expect(webTextStorage('k', () => full(150)).save('y'.repeat(100))).toMatch(/storage is full/);
    expect(Object.fromEntries(values)).toEqual({ k: older });
    expect(webTextStorage('k', () => storage).load()).toEqual({ kind: 'text', text: 'x'.repeat(100) });
  });

  it('a text a page of the version before saved after this one did is the one loaded, and kept by the next save', () => {
    const { storage, values } = countingStorage();
    webTextStorage('k', () => storage).save('saved here first');
    // Another tab, still running the version before, saves its learner's edit the way it always did.
    values.set('k', JSON.stringify({ format: 1, text: 'typed later in the other tab' }));
    const reloaded = webTextStorage('k', () => storage);
    expect(reloaded.load()).toEqual({ kind: 'text', text: 'typed later in the other tab' });
    reloaded.save('typed later in the other tab', ['taskCheck']);
    expect(webTextStorage('k', () => storage).load()).toEqual({
      kind: 'text',
      text: 'typed later in the other tab',
      rulesOff: ['taskCheck'],
    });
  });

  it('a damaged save under the old key does not hide the text under its own', () => {
    const { storage, values } = countingStorage();
    webTextStorage('k', () => storage).save('kept');
    values.set('k', '{"format": 1, "text": ');
    expect(webTextStorage('k', () => storage).load()).toEqual({ kind: 'text', text: 'kept' });
    values.delete('k/text');
    expect(webTextStorage('k', () => storage).load()).toMatchObject({ kind: 'unavailable' });
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
