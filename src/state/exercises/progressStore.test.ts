import { describe, expect, it, vi } from 'vitest';
import { inPageEngines } from '../../engine/worker/inPage';
import { DEFAULT_LESSON } from '../../core/lessons/catalogue';
import { seedAnswerBook, SEED_TEXT } from '../seedData';
import { projectText } from '../../core/testing/fixtures';
import { createLessonsStore } from '../lessons/lessonsStore';
import { memoryLessonsStorage } from '../lessons/lessonStorage';
import type { PlaygroundStore } from '../playgroundStore';
import { isDone } from './progressLogic';
import { createProgressStore } from './progressStore';
import { memoryProgressStorage } from './progressStorage';
import { EXERCISES, fakeVerify } from './testExercises';
import { watchVerdicts } from './verdictWatcher';

const clock = () => new Date('2026-12-01T10:00:00Z');

async function make(hash = '', saved = memoryProgressStorage()) {
  const lessons = createLessonsStore({
    storage: memoryLessonsStorage(),
    answers: seedAnswerBook(),
    engines: inPageEngines(),
    clearFragment: () => {},
  });
  const progress = createProgressStore({ storage: saved, now: clock });
  const stop = watchVerdicts({
    lessons,
    progress,
    tasksOf: async (lesson) => ({
      exercises: lesson.id === DEFAULT_LESSON ? EXERCISES : [],
      lessonText: SEED_TEXT,
    }),
    loadVerify: async () => fakeVerify,
    // Run at once: the pause is the page's concern.
    schedule: (run) => {
      run();
      return () => {};
    },
  });
  await lessons.getState().start(hash);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const session = lessons.getState().session!;
  const playground = (session.engine === 'store' ? session.store : null) as PlaygroundStore;
  return { lessons, progress, playground, saved, stop };
}

describe('the progress store, fed by the verdict watcher', () => {
  it('withholds the verdicts from a pending task’s step on, until it is met or given up (Show me)', async () => {
    const { progress, playground, saved } = await make();
    // SELECT_STEP asks for step 9: steps before it keep their verdicts (a first visit lands on a leak).
    playground.getState().stepTo(8);
    await playground.getState().settled();
    expect(progress.getState().reveal).toMatchObject({
      verdicts: true,
      notesUpTo: 8,
      hiddenBy: ['select-leak', 'task-rule'],
    });
    // RULE_OFF hides the switch "Try this" names, whatever the step.
    expect(progress.getState().reveal?.tryThis).toBe(false);
    playground.getState().stepTo(10);
    await playground.getState().settled();
    expect(progress.getState().reveal?.verdicts).toBe(false);
    // Given up: "Show me" reveals what the task kept off the screen, and the progress says so.
    progress.getState().showAnswer('select-leak');
    expect(progress.getState().reveal).toMatchObject({ verdicts: true, notesUpTo: Infinity, tryThis: false });
    expect(saved.saved[DEFAULT_LESSON]!.tasks['select-leak']).toMatchObject({ givenUp: true, answerShown: true });
    // Met (not given up): the switch is found, nothing is withheld.
    playground.getState().toggleRule('taskCheck');
    await playground.getState().settled();
    expect(progress.getState().reveal).toBeNull();
    expect(saved.saved[DEFAULT_LESSON]!.tasks['task-rule']!.givenUp).toBeUndefined();
  });

  it('withholds nothing once a pending task is met on screen', async () => {
    const { progress, playground } = await make();
    playground.getState().stepTo(9);
    await playground.getState().settled();
    expect(progress.getState().live?.verdicts[0]?.met).toBe(true);
    expect(progress.getState().reveal).toMatchObject({ verdicts: true, hiddenBy: ['task-rule'] });
  });

  it('verifies the open lesson’s tasks from the learner’s acts, and records each as met', async () => {
    const { progress, playground, saved } = await make();
    expect(progress.getState().live?.verdicts.map((v) => v.met)).toEqual([false, false]);
    playground.getState().stepTo(9);
    await playground.getState().settled();
    expect(progress.getState().live?.verdicts[0]).toMatchObject({ met: true, reason: 'Step 9 is selected.' });
    expect(progress.getState().announcement?.text).toMatch(/^Task met: Select the query step/);
    expect(isDone(progress.getState().progress[DEFAULT_LESSON])).toBe(false);
    playground.getState().toggleRule('taskCheck');
    await playground.getState().settled();
    expect(isDone(progress.getState().progress[DEFAULT_LESSON])).toBe(true);
    expect(saved.saved[DEFAULT_LESSON]!.tasks['task-rule']!.firstMetAt).toBe('2026-12-01T10:00:00.000Z');
  });

  it('keeps a task met after the act is undone, until the lesson’s progress is reset', async () => {
    const { progress, playground } = await make();
    playground.getState().stepTo(9);
    await playground.getState().settled();
    playground.getState().stepTo(2);
    await playground.getState().settled();
    expect(progress.getState().live?.verdicts[0]?.met).toBe(false);
    expect(progress.getState().progress[DEFAULT_LESSON]!.tasks['select-leak']!.met).toBe(true);
    progress.getState().resetLesson(DEFAULT_LESSON);
    expect(progress.getState().progress[DEFAULT_LESSON]).toBeUndefined();
  });

  it('counts the hints revealed and the answer shown, and resets every lesson at once', async () => {
    const { progress, saved } = await make();
    progress.getState().revealHint('select-leak');
    progress.getState().revealHint('select-leak');
    expect(saved.saved[DEFAULT_LESSON]!.tasks['select-leak']!.hints).toBe(2);
    progress.getState().showAnswer('task-rule');
    expect(saved.saved[DEFAULT_LESSON]!.tasks['task-rule']).toMatchObject({ answerShown: true, hints: 2 });
    progress.getState().resetAll();
    expect(saved.saved).toEqual({});
  });

  it('shows verdicts on the clean start but records nothing until the learner edits', async () => {
    const { progress, playground } = await make('#clean');
    playground.getState().stepTo(9);
    await playground.getState().settled();
    expect(progress.getState().live?.verdicts[0]?.met).toBe(true);
    expect(progress.getState().progress).toEqual({});
  });

  it('shows the tasks a run scenario carries itself, as its engine found them, and the lesson’s again after', async () => {
    const { progress, playground } = await make();
    playground.getState().loadScenario(projectText('fixtures/courses/tutoring.scenario.json'));
    await playground.getState().settled();
    expect(playground.getState().ownTasks?.key).toMatch(/^scenario-/);
    expect(progress.getState().live).toMatchObject({ key: playground.getState().ownTasks!.key });
    expect(progress.getState().live?.verdicts.map((v) => v.id)).toEqual([
      'spot-the-copied-draft',
      'keep-the-grader-blind',
    ]);
    playground.getState().reset();
    await playground.getState().settled();
    expect(playground.getState().ownTasks).toBeNull();
    expect(progress.getState().live).toMatchObject({ key: DEFAULT_LESSON });
  });

  it('stops following the lessons when stopped', async () => {
    const { progress, playground, stop } = await make();
    stop();
    playground.getState().stepTo(9);
    await playground.getState().settled();
    expect(progress.getState().live?.verdicts[0]?.met).toBe(false);
  });
});

describe('the Alice/Bob lesson’s own tasks, judged by the core’s verifier', () => {
  async function open(saved = memoryProgressStorage()) {
    const { loadVerify, tasksOf } = await import('./lessonTasks');
    const lessons = createLessonsStore({
      storage: memoryLessonsStorage(),
      answers: seedAnswerBook(),
      engines: inPageEngines(),
      clearFragment: () => {},
    });
    const progress = createProgressStore({ storage: saved, now: clock });
    watchVerdicts({ lessons, progress, tasksOf, loadVerify, schedule: (run) => (run(), () => {}) });
    await lessons.getState().start('');
    await vi.waitFor(() => expect(progress.getState().live?.verdicts).toHaveLength(5));
    const session = lessons.getState().session!;
    const playground = (session.engine === 'store' ? session.store : null) as PlaygroundStore;
    return { progress, playground, saved };
  }

  it('are all unmet on a first visit and after stepping through every step, and done once the learner has done each', async () => {
    const { progress, playground, saved } = await open();
    expect(progress.getState().live!.verdicts.every((v) => !v.met)).toBe(true);
    const act = progress.getState().recordAct;
    act({ kind: 'predict', step: 9, leak: 'bob-export-plan' });
    // One step at a time, as a person steps: each step's views come back before the next.
    for (let step = 1; step <= 12; step++) {
      playground.getState().stepTo(step);
      await playground.getState().settled();
    }
    expect(progress.getState().live!.verdicts.map((v) => v.met)).toEqual([false, true, false, false, false]);
    act({ kind: 'mark', step: 10, item: 'bob-export-plan' });
    act({ kind: 'mark', step: 10, item: 'planner-scratch' });
    act({ kind: 'choose', step: 8, item: 'planner-scratch', rule: 'agentCheck' });
    const { lessonExercises } = await import('../lessons/exerciseTexts');
    const { applySolution } = await import('../../core/exercises/solution');
    const { LESSONS } = await import('../../core/lessons/catalogue');
    const { solution } = await lessonExercises(LESSONS[0]!);
    const solved = applySolution(JSON.parse(SEED_TEXT), { patch: solution!.patch });
    if (solved.kind !== 'ok') throw new Error(solved.message);
    playground.getState().loadScenario(JSON.stringify(solved.value, null, 2));
    await playground.getState().settled();
    expect(progress.getState().live!.verdicts.map((v) => v.met)).toEqual([true, true, true, true, true]);
    expect(isDone(progress.getState().progress[DEFAULT_LESSON])).toBe(true);
    // The log is kept with the progress: the prediction, step 9 seen after it, the marks and the choice.
    expect(saved.saved[DEFAULT_LESSON]!.acts).toEqual([
      { kind: 'predict', step: 9, leak: 'bob-export-plan' },
      { kind: 'see', step: 9 },
      { kind: 'mark', step: 10, item: 'bob-export-plan' },
      { kind: 'mark', step: 10, item: 'planner-scratch' },
      { kind: 'choose', step: 8, item: 'planner-scratch', rule: 'agentCheck' },
    ]);
  });

  it('does not count a prediction made after the step was seen, even after a reload', async () => {
    const first = await open();
    first.playground.getState().stepTo(9);
    await first.playground.getState().settled();
    const again = await open(first.saved);
    again.progress.getState().recordAct({ kind: 'predict', step: 9, leak: 'bob-export-plan' });
    expect(again.progress.getState().live!.verdicts[1]).toMatchObject({
      met: false,
      reason: expect.stringMatching(/^You saw step 9 before predicting it/),
    });
    again.progress.getState().resetLesson(DEFAULT_LESSON);
    expect(again.progress.getState().live!.acts).toEqual([]);
  });

  it('counts a jump past the step as seeing it, and records one act however far the learner steps', async () => {
    const { progress, playground, saved } = await open();
    playground.getState().stepTo(12);
    await playground.getState().settled();
    for (let step = 1; step <= 12; step++) playground.getState().stepTo(step);
    expect(saved.saved[DEFAULT_LESSON]!.acts).toEqual([{ kind: 'see', step: 12 }]);
    progress.getState().recordAct({ kind: 'predict', step: 9, leak: 'bob-export-plan' });
    expect(progress.getState().live!.verdicts[1]).toMatchObject({
      met: false,
      reason: expect.stringMatching(/^You saw step 12, past step 9, before predicting it/),
    });
  });
});

describe('the order a task’s choices are offered in', () => {
  const exercises = [
    { id: 'which', task: 'Choose.', goal: { kind: 'whichRule', step: 8, item: 'x' }, hints: ['a', 'b'], answer: 'A.' },
  ] as const;
  it('is drawn once per learner and lesson, kept with the progress, and the same after a reload', () => {
    const saved = memoryProgressStorage();
    const first = createProgressStore({ storage: saved, now: clock, random: () => 0.25 });
    first.getState().showLesson('seed-alice-bob', exercises);
    const seed = first.getState().live!.seed;
    expect(seed).toBe(1073741824);
    first.getState().recordAct({ kind: 'see', step: 3 });
    expect(saved.saved['seed-alice-bob']!.seed).toBe(seed);
    // A reload draws nothing new: another source of randomness does not change the order.
    const again = createProgressStore({ storage: saved, now: clock, random: () => 0.75 });
    again.getState().showLesson('seed-alice-bob', exercises);
    expect(again.getState().live!.seed).toBe(seed);
  });
});
