/**
 * The verdict watcher with a verifier that answers later, as a store lesson's engine does from its
 * worker: an answer to a request that a later one superseded, or that belongs to a lesson the learner
 * has left, never reaches the Tasks panel.
 */
import { inPageEngines } from '../../engine/worker/inPage';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LESSON, LESSONS } from '../../core/lessons/catalogue';
import type { TaskVerdict } from '../../core/exercises/types';
import { seedAnswerBook, SEED_TEXT } from '../seedData';
import { createLessonsStore } from '../lessons/lessonsStore';
import { memoryLessonsStorage } from '../lessons/lessonStorage';
import type { PlaygroundStore } from '../playgroundStore';
import { createProgressStore } from './progressStore';
import { memoryProgressStorage } from './progressStorage';
import { EXERCISES, fakeVerify } from './testExercises';
import { type Verify, watchVerdicts } from './verdictWatcher';
import { EngineRestarted } from '../../engine/client/restarted';

/** The watcher over the seed's lesson; each verify request waits in `asked` until the test answers it. */
async function held() {
  const lessons = createLessonsStore({
    storage: memoryLessonsStorage(),
    answers: seedAnswerBook(),
    engines: inPageEngines(),
    clearFragment: () => {},
  });
  const progress = createProgressStore({
    storage: memoryProgressStorage(),
    now: () => new Date('2026-12-01T10:00:00Z'),
  });
  const asked: Array<{ step: number; answer(): void; restart(): void }> = [];
  const verify: Verify = (exercises, input) =>
    new Promise<readonly TaskVerdict[]>((resolve, reject) =>
      asked.push({
        step: input.acts.selectedStep,
        answer: () => resolve(fakeVerify(exercises, input)),
        restart: () => reject(new EngineRestarted()),
      }),
    );
  const shown: Array<readonly boolean[]> = [];
  progress.subscribe((now, before) => {
    if (now.live !== null && now.live.verdicts.length > 0 && now.live.verdicts !== before.live?.verdicts)
      shown.push(now.live.verdicts.map((v) => v.met));
  });
  const stop = watchVerdicts({
    lessons,
    progress,
    tasksOf: async (lesson) => ({ exercises: lesson.id === DEFAULT_LESSON ? EXERCISES : [], lessonText: SEED_TEXT }),
    loadVerify: async () => verify,
    schedule: (run) => (run(), () => {}),
  });
  await lessons.getState().start('');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const session = lessons.getState().session!;
  const playground = (session.engine === 'store' ? session.store : null) as PlaygroundStore;
  const answered = async (at: number) => {
    asked[at]!.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { lessons, progress, playground, asked, shown, answered, stop };
}

describe('the verdict watcher, its verifier answering later', () => {
  it('drops the answer to a request a later one superseded, whichever arrives first', async () => {
    const { playground, asked, shown, answered } = await held();
    playground.getState().stepTo(9);
    await playground.getState().settled();
    playground.getState().stepTo(2);
    await playground.getState().settled();
    expect(asked.map((a) => a.step)).toEqual([0, 9, 2]);
    // The step-9 answer (the task met) comes after the step-2 request: it is stale and not shown.
    await answered(1);
    expect(shown).toEqual([]);
    await answered(2);
    expect(shown).toEqual([[false, false]]);
    await answered(0);
    expect(shown).toEqual([[false, false]]);
  });

  it('shows the last request’s answer', async () => {
    const { playground, progress, asked, answered } = await held();
    playground.getState().stepTo(9);
    await playground.getState().settled();
    await answered(1);
    expect(progress.getState().live?.verdicts[0]).toMatchObject({ met: true, reason: 'Step 9 is selected.' });
    expect(asked).toHaveLength(2);
  });

  it('drops an answer that arrives after the learner left the lesson, even once back in it', async () => {
    const { lessons, playground, asked, shown, answered } = await held();
    playground.getState().stepTo(9);
    await playground.getState().settled();
    const other = LESSONS.find((lesson) => lesson.id !== DEFAULT_LESSON && lesson.engine === 'store')!;
    await lessons.getState().openLesson(other.id);
    await lessons.getState().openLesson(DEFAULT_LESSON);
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    await answered(1);
    expect(shown).toEqual([]);
    await answered(2);
    expect(shown).toEqual([[true, false]]);
  });

  it('drops every answer once stopped', async () => {
    const { asked, shown, answered, stop } = await held();
    stop();
    await answered(0);
    expect(asked).toHaveLength(1);
    expect(shown).toEqual([]);
  });

  it('asks again when the engine restarted before it answered', async () => {
    const { asked, shown, answered } = await held();
    asked[0]!.restart();
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    await answered(1);
    expect(shown).toEqual([[false, false]]);
  });
});
