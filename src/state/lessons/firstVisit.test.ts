import { inPageEngines } from '../../engine/worker/inPage';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LESSON } from '../../core/lessons/catalogue';
import { encodeShare } from '../../core/sharing/shareLink';
import { localEngine } from '../../engine/worker/local';
import type { StoreEngine } from '../../engine/protocol';
import type { AnswerBook } from '../../core/grading/answerRows';
import { SEED_TEXT, seedAnswerBook } from '../seedData';
import { createLessonsStore } from './lessonsStore';
import { memoryLessonsStorage } from './lessonStorage';

/** An engine that answers in a later task, as the page's worker does (a message each way). */
function workerLike(answers: AnswerBook): StoreEngine {
  const engine = localEngine(answers);
  const later =
    <A extends unknown[], T>(ask: (...args: A) => T) =>
    (...args: A) =>
      Promise.resolve(ask(...args)).then((value) => new Promise<Awaited<T>>((done) => setTimeout(() => done(value))));
  return {
    ...engine,
    run: later(engine.run),
    act: later(engine.act),
    rows: later(engine.rows),
    coverage: later(engine.coverage),
    timeline: later(engine.timeline),
    seedResult: later(engine.seedResult),
    judge: later(engine.judge),
    verify: later(engine.verify),
  } as StoreEngine;
}

/**
 * The lessons shell on a worker-like engine, and what the open lesson showed the first time a session
 * reached the shell (what its panes are first drawn from).
 */
function make(firstVisit: () => boolean) {
  const lessons = createLessonsStore({
    storage: memoryLessonsStorage(),
    answers: seedAnswerBook(),
    clearFragment: () => {},
    engines: { ...inPageEngines(), store: workerLike },
    firstVisit,
  });
  const firstShown: Array<{ index: number; leaked: string[] | false }> = [];
  lessons.subscribe((state, before) => {
    const { session } = state;
    if (session === null || before.session !== null || session.engine !== 'store') return;
    const { index, view } = session.store.getState();
    firstShown.push({ index, leaked: view.request.kind === 'ok' && view.request.result.leaked.map((i) => i.id) });
  });
  return { lessons, firstShown };
}

describe('a first visit', () => {
  it('reaches the screen already at the seed’s first leak, not at step 0 then moved there', async () => {
    const firstVisit = vi.fn(() => true);
    const { lessons, firstShown } = make(firstVisit);
    await lessons.getState().start('');
    expect(firstShown).toEqual([{ index: 7, leaked: ['alice-export-limit'] }]);
    expect(firstVisit).toHaveBeenCalledTimes(1);
  });

  it('is asked once: a later visit opens at step 0, and so does a lesson opened afterwards', async () => {
    const firstVisit = vi.fn(() => false);
    const { lessons, firstShown } = make(firstVisit);
    await lessons.getState().start('');
    expect(firstShown).toEqual([{ index: 0, leaked: [] }]);
    await lessons.getState().openLesson('router-authorize-before-ranking');
    await lessons.getState().openLesson('attacks');
    expect(firstVisit).toHaveBeenCalledTimes(1);
  });

  it('is not asked on a share link, which reaches the screen at the step its sender chose', async () => {
    const firstVisit = vi.fn(() => true);
    const { lessons, firstShown } = make(firstVisit);
    const encoded = encodeShare({
      scenario: SEED_TEXT,
      step: 3,
      principal: null,
      question: null,
      rulesOff: [],
      lesson: DEFAULT_LESSON,
    });
    if (encoded.kind !== 'ok') throw new Error('too long');
    await lessons.getState().start(encoded.fragment);
    // Drawn at the link's step from the first: not at step 0, then moved when the engine answers.
    expect(firstShown.map((shown) => shown.index)).toEqual([3]);
    expect(firstVisit).not.toHaveBeenCalled();
  });
});
