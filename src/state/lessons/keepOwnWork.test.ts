import { describe, expect, it, vi } from 'vitest';
import { inPageEngines } from '../../engine/worker/inPage';
import { DEFAULT_LESSON } from '../../core/lessons/catalogue';
import { encodeShare, type ShareState } from '../../core/sharing/shareLink';
import { SEED_TEXT, seedAnswerBook } from '../seedData';
import { createLessonsStore } from './lessonsStore';
import { memoryLessonsStorage } from './lessonStorage';

const book = seedAnswerBook();
const MINE = `${SEED_TEXT}  `;

function make(storage = memoryLessonsStorage()) {
  const clearFragment = vi.fn();
  return {
    store: createLessonsStore({ storage, answers: book, engines: inPageEngines(), clearFragment }),
    storage,
    clearFragment,
  };
}

function storeSession(store: ReturnType<typeof make>['store']) {
  const current = store.getState().session;
  if (current === null || current.engine !== 'store') throw new Error('no store session open');
  return current.store;
}

const shared: ShareState = {
  scenario: SEED_TEXT,
  step: 3,
  principal: null,
  question: null,
  rulesOff: [],
  lesson: null,
};
const link = () => {
  const encoded = encodeShare(shared);
  if (encoded.kind !== 'ok') throw new Error('too long');
  return encoded.fragment;
};

describe.each([
  ['a shared link', link()],
  ['the clean start', '#clean'],
])('in %s, the learner’s own saved work', (_name, hash) => {
  it('survives a rule switch: it is not an edit, and the banner stays', async () => {
    const storage = memoryLessonsStorage();
    storage.lesson(DEFAULT_LESSON).save(MINE);
    const { store } = make(storage);
    await store.getState().start(hash);
    const banner = store.getState().banner;
    storeSession(store).getState().toggleRule('keysFromPrincipal');
    expect(storeSession(store).getState().rulesOff).toEqual(['keysFromPrincipal']);
    expect(storage.texts.get(DEFAULT_LESSON)).toBe(MINE);
    expect(store.getState().banner).toEqual(banner);
    await store.getState().backToOwnWork();
    expect(storeSession(store).getState().text).toBe(MINE);
  });

  it('can be restored after an edit replaced it, even in a later page', async () => {
    const storage = memoryLessonsStorage();
    storage.lesson(DEFAULT_LESSON).save(MINE);
    const { store } = make(storage);
    await store.getState().start(hash);
    storeSession(store).getState().editText(`${SEED_TEXT}\n`);
    expect(storage.texts.get(DEFAULT_LESSON)).toBe(`${SEED_TEXT}\n`);
    expect(store.getState().banner).toMatchObject({ kind: 'kept' });

    // A reload still offers the earlier work back.
    const later = make(storage);
    await later.store.getState().start('');
    expect(later.store.getState().banner).toMatchObject({ kind: 'kept' });
    later.store.getState().restoreKept();
    expect(storeSession(later.store).getState().text).toBe(MINE);
    expect(storage.texts.get(DEFAULT_LESSON)).toBe(MINE);
    // Restoring is itself undoable: the replaced text is kept in turn.
    expect(later.store.getState().banner).toMatchObject({ kind: 'kept' });
    later.store.getState().restoreKept();
    expect(storeSession(later.store).getState().text).toBe(`${SEED_TEXT}\n`);
    later.store.getState().forgetKept();
    expect(later.store.getState().banner).toBeNull();
    const third = make(storage);
    await third.store.getState().start('');
    expect(third.store.getState().banner).toBeNull();
  });
});
