import { describe, expect, it } from 'vitest';
import { PROGRESS_KEY, readProgress, TOUR_KEY, webProgressStorage } from './progressStorage';

function backing(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    storage: {
      getItem: (key: string) => map.get(key) ?? null,
      setItem: (key: string, value: string) => void map.set(key, value),
      removeItem: (key: string) => void map.delete(key),
    },
  };
}

const progress = { l: { taskIds: ['a'], tasks: { a: { met: true, hints: 1, answerShown: false, firstMetAt: 't' } } } };

describe('the progress storage', () => {
  it('keeps progress and the tour flag across a reload', () => {
    const { storage } = backing();
    const one = webProgressStorage(() => storage, { writable: () => true });
    expect(one.save(progress)).toBeNull();
    one.markTourSeen();
    const two = webProgressStorage(() => storage, { writable: () => true });
    expect(two.load()).toEqual({ progress, notice: null });
    expect(two.tourSeen()).toBe(true);
  });

  it('keeps a lesson’s act log across a reload, and drops a lesson whose log is damaged', () => {
    const acts = [
      { kind: 'predict' as const, step: 9, leak: null },
      { kind: 'see' as const, step: 9 },
    ];
    const { storage, map } = backing();
    const one = webProgressStorage(() => storage, { writable: () => true });
    one.save({ ...progress, m: { taskIds: ['b'], tasks: {}, acts } });
    expect(webProgressStorage(() => storage, { writable: () => true }).load().progress.m?.acts).toEqual(acts);
    const stored = JSON.parse(map.get(PROGRESS_KEY)!) as { lessons: Record<string, { acts: unknown[] }> };
    stored.lessons.m!.acts.push({ kind: 'guess', step: 1 });
    expect(readProgress(JSON.stringify(stored))).toEqual(progress);
  });

  it('keeps a lesson’s choice seed across a reload, so its choices are offered in the same order', () => {
    const { storage } = backing();
    webProgressStorage(() => storage, { writable: () => true }).save({
      ...progress,
      m: { taskIds: [], tasks: {}, seed: 12345 },
    });
    expect(webProgressStorage(() => storage, { writable: () => true }).load().progress.m?.seed).toBe(12345);
  });

  it('neither reads nor writes when not writable (the clean start, an embedded page), and the tour counts as seen', () => {
    const { storage, map } = backing({ [PROGRESS_KEY]: JSON.stringify({ format: 1, lessons: progress }) });
    const clean = webProgressStorage(() => storage, { writable: () => false });
    expect(clean.load().progress).toEqual({});
    clean.save({});
    clean.markTourSeen();
    expect(JSON.parse(map.get(PROGRESS_KEY)!).lessons).toEqual(progress);
    expect(map.has(TOUR_KEY)).toBe(false);
    expect(clean.tourSeen()).toBe(true);
  });

  it('starts afresh with a notice when the saved value is damaged, and drops only a damaged lesson', () => {
    const { storage } = backing({ [PROGRESS_KEY]: '{not json' });
    expect(webProgressStorage(() => storage, { writable: () => true }).load().notice).toMatch(/could not be read/);
    const mixed = { format: 1, lessons: { ...progress, bad: { taskIds: 'x' } } };
    expect(readProgress(JSON.stringify(mixed))).toEqual(progress);
    expect(readProgress(JSON.stringify({ format: 2, lessons: {} }))).toBeNull();
  });

  it('reports a storage that throws as a notice, never an exception', () => {
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {},
    };
    const storage = webProgressStorage(() => throwing, { writable: () => true });
    expect(storage.load()).toEqual({ progress: {}, notice: null });
    expect(storage.save(progress)).toMatch(/could not be saved/);
    expect(() => storage.markTourSeen()).not.toThrow();
  });
});
