import { describe, expect, it } from 'vitest';
import { memoryTextStorage, type TextStorage } from './storage';
import { WRITE_AT_ONCE_CHARS, writeBehind, type SaveScheduler } from './writeBehind';

/** A scheduler the test runs by hand: `pending` is the save waiting for the learner's pause. */
function byHand() {
  const box: { pending: (() => void) | null } = { pending: null };
  const schedule: SaveScheduler = (run) => {
    box.pending = run;
    return () => {
      if (box.pending === run) box.pending = null;
    };
  };
  return { box, schedule };
}

const large = (mark: string) => mark + 'x'.repeat(WRITE_AT_ONCE_CHARS);

describe('writeBehind', () => {
  it('writes a short text at once, as every keystroke did before', () => {
    const inner = memoryTextStorage();
    const { box, schedule } = byHand();
    writeBehind(inner, schedule).save('{"steps":[]}');
    expect(inner.saved).toBe('{"steps":[]}');
    expect(box.pending).toBeNull();
  });

  it('holds a large text until the pause, then writes only the last of a burst of edits', () => {
    const inner = memoryTextStorage();
    const writes: string[] = [];
    const counting: TextStorage = { ...inner, save: (text, rules) => (writes.push(text), inner.save(text, rules)) };
    const { box, schedule } = byHand();
    const storage = writeBehind(counting, schedule);
    for (const mark of ['a', 'ab', 'abc']) storage.save(large(mark));
    expect(writes).toEqual([]);
    box.pending?.();
    expect(writes).toEqual([large('abc')]);
  });

  it('gives every reader the held text, so nothing typed is missing from a load', () => {
    const inner = memoryTextStorage('old');
    const { schedule } = byHand();
    const storage = writeBehind(inner, schedule);
    storage.save(large('new'), ['atomicHandoff']);
    expect(storage.load()).toEqual({ kind: 'text', text: large('new'), rulesOff: ['atomicHandoff'] });
    expect(inner.saved).toBe('old');
  });

  it('writes the held text when the page is left (flush), and once only', () => {
    const inner = memoryTextStorage();
    const { box, schedule } = byHand();
    const storage = writeBehind(inner, schedule);
    storage.save(large('typed'));
    expect(storage.flush()).toBeNull();
    expect(inner.saved).toBe(large('typed'));
    expect(box.pending).toBeNull();
    inner.saved = 'changed elsewhere';
    storage.flush();
    expect(inner.saved).toBe('changed elsewhere');
  });

  it('drops a held text that a reset cleared, and one a short text replaced', () => {
    const inner = memoryTextStorage();
    const { box, schedule } = byHand();
    const storage = writeBehind(inner, schedule);
    storage.save(large('typed'));
    storage.clear();
    expect(box.pending).toBeNull();
    expect(storage.load()).toEqual({ kind: 'empty' });
    storage.save(large('again'));
    storage.save('short');
    storage.flush();
    expect(inner.saved).toBe('short');
  });

  it("says a held save's refusal (a full storage) at the next edit", () => {
    const full = "The browser's storage is full, so this edit will not survive a reload.";
    const refusing: TextStorage = { load: () => ({ kind: 'empty' }), save: () => full, clear: () => null };
    const { box, schedule } = byHand();
    const storage = writeBehind(refusing, schedule);
    expect(storage.save(large('a'))).toBeNull();
    box.pending?.();
    expect(storage.save(large('ab'))).toBe(full);
  });
});

describe('webLessonsStorage', () => {
  it("holds a lesson's large save for every reader of that lesson, and writes it on flush", async () => {
    const { webLessonsStorage } = await import('./lessons/lessonStorage');
    const map = new Map<string, string>();
    const backing = {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
    };
    const { box, schedule } = byHand();
    const storage = webLessonsStorage(() => backing, schedule);
    storage.lesson('router').save(large('typed'));
    expect([...map.values()]).not.toContain(large('typed'));
    expect(storage.lesson('router').load()).toEqual({ kind: 'text', text: large('typed') });
    storage.flush();
    expect([...map.values()]).toContain(large('typed'));
    expect(box.pending).toBeNull();
  });
});
