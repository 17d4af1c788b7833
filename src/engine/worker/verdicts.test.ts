/**
 * A store lesson's task verdicts, judged in the engine beside the learner's timeline, are the core's
 * verdicts on the same texts and acts: for every store lesson, untouched and solved, with rules on and
 * off, whether the engine's own timeline can be reused or not, and whether its verifier is given or
 * loaded with the first request.
 */
import { describe, expect, it, vi } from 'vitest';
import { LESSONS } from '../../core/lessons/catalogue';
import { projectText } from '../../core/testing/fixtures';
import { parseLessonExercises } from '../../core/exercises/lessonExercises';
import { solvedText } from '../../core/exercises/lessonTasks';
import { verifyExercises } from '../../core/exercises/verify';
import { type LearnerActs, NO_ACTS } from '../../core/exercises/types';
import { parseScenario } from '../../core/scenario/scenario';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import { workerEngine } from '../client/client';
import { localEngine } from './local';
import { createSession } from './session';
import { taskJudge } from './verdicts';
import { threadWorkers } from './testing/threadWorker';

/** The engine that replaces a worker given up: the page's own (main.tsx makes it so too). */
const inPage = (firstVersion: number) => localEngine(seedAnswerBook(), { firstVersion });

const book = seedAnswerBook();
const scenarioPath = (file: string) =>
  file === 'scenario.json' ? 'fixtures/scenario.json' : `fixtures/lessons/${file}`;
const STORE = LESSONS.filter((lesson) => lesson.engine === 'store');

const parsed = (text: string) => {
  const outcome = parseScenario(text);
  if (outcome.kind !== 'ok') throw new Error(outcome.problems[0]?.message);
  return outcome.scenario;
};

describe.each(STORE.map((lesson) => [lesson.id, lesson] as const))('the engine’s verdicts on %s', (_id, lesson) => {
  const file = parseLessonExercises('store', projectText(`fixtures/exercises/${lesson.id}.json`));
  if (file.kind !== 'ok') throw new Error(JSON.stringify(file.problems));
  const { exercises, solution } = file.scenario;
  const lessonText = projectText(scenarioPath(lesson.file));
  const solved = solvedText(lessonText, solution);
  if (solved.kind !== 'ok') throw new Error(JSON.stringify(solved.problems));
  const core = (text: string, acts: LearnerActs) =>
    verifyExercises(exercises, { engine: 'store', scenario: parsed(text), lesson: parsed(lessonText), acts });
  /** The learner's texts and acts, in the order a learner might go: the lesson untouched, then solved. */
  const cases: Array<[string, LearnerActs]> = [
    [lessonText, NO_ACTS],
    [lessonText, { selectedStep: 3, rulesOff: ['taskCheck'] }],
    ...exercises.map((e): [string, LearnerActs] => [solved.text, solved.actsFor(e.id)]),
    [solved.text, NO_ACTS],
  ];

  it('equal the core’s, the timeline run under the learner’s rules (the verifier loaded on first use)', async () => {
    const engine = localEngine(book);
    const met: boolean[] = [];
    for (const [text, acts] of cases) {
      await engine.run({ text, rulesOff: acts.rulesOff, mode: 'run' });
      const verdicts = await engine.verify({ exercises, lessonText, text, acts });
      expect(verdicts).toEqual(core(text, acts));
      met.push(...verdicts.map((v) => v.met));
    }
    // Not a comparison of two lists of unmet tasks: the solved text meets tasks.
    expect(met).toContain(true);
  });

  it('equal the core’s through the worker, which is sent each text only when it does not hold it', async () => {
    const { workers, start } = threadWorkers();
    const engine = workerEngine(book, start, inPage);
    for (const [text, acts] of cases) {
      await engine.run({ text, rulesOff: acts.rulesOff, mode: 'run' });
      expect(await engine.verify({ exercises, lessonText, text, acts })).toEqual(core(text, acts));
    }
    const sent = workers[0]!.sent('verify').map(({ request }) => request.args[0]);
    // The learner's text is the run's, named by its number; the lesson's crosses once.
    expect(sent.every((request) => typeof request.text === 'object')).toBe(true);
    expect(sent.map((request) => request.lessonText !== null)).toEqual(cases.map((_, i) => i === 0));
  });

  it('equal the core’s in the page, once the engine’s worker is given up after crashes', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const workers: Array<{ onerror: ((event: unknown) => void) | null }> = [];
    const engine = workerEngine(
      book,
      () => {
        const worker = { onerror: null, postMessage() {}, terminate() {} };
        workers.push(worker);
        return worker as unknown as Worker;
      },
      inPage,
    );
    for (let crash = 0; crash < 3; crash++) workers.at(-1)!.onerror?.({ message: 'boom', preventDefault() {} });
    const [text, acts] = cases.at(-2)!;
    await engine.run({ text, rulesOff: acts.rulesOff, mode: 'run' });
    expect(await engine.verify({ exercises, lessonText, text, acts })).toEqual(core(text, acts));
  });

  it('equal the core’s, with every rule on in the engine and before any run', () => {
    const session = createSession(book, undefined, 0, taskJudge());
    const [first] = cases;
    expect(session.verify({ exercises, lessonText, text: first![0], acts: first![1] })).toEqual(core(...first!));
    for (const [text, acts] of cases) {
      session.run({ text, rulesOff: [], mode: 'run' });
      expect(session.verify({ exercises, lessonText, text, acts })).toEqual(core(text, acts));
    }
  });
});

describe('an engine without a verifier', () => {
  it('says it judges no tasks', () => {
    const session = createSession(book);
    expect(() => session.verify({ exercises: [], lessonText: '{}', text: '{}', acts: NO_ACTS })).toThrow(
      /judges no tasks/,
    );
  });

  it('reads a text it holds by its run’s number and the last lesson text, and refuses one it no longer holds', () => {
    const session = createSession(book, undefined, 0, taskJudge());
    const exercises = [{ id: 'a', task: 't', goal: { kind: 'stepSelected', step: 9 }, hints: [], answer: '' }] as const;
    const acts = { ...NO_ACTS, selectedStep: 9 };
    const asked = (text: string | { run: number }, lessonText: string | null) =>
      session.verify({ exercises, lessonText, text, acts });
    expect(() => asked(SEED_TEXT, null)).toThrow(/sent no lesson text/);
    const first = session.run({ text: SEED_TEXT, rulesOff: [], mode: 'run' });
    if (first.kind !== 'ok') throw new Error('the seed runs');
    expect(asked({ run: first.run }, SEED_TEXT)).toEqual(asked(SEED_TEXT, SEED_TEXT));
    expect(asked({ run: first.run }, null)[0]).toMatchObject({ met: true });
    session.run({ text: SEED_TEXT, rulesOff: ['taskCheck'], mode: 'run' });
    expect(() => asked({ run: first.run }, null)).toThrow(`the engine no longer holds run ${first.run}`);
  });

  it('judges a text that does not parse as unmet, saying why', () => {
    const judge = taskJudge();
    const exercises = [{ id: 'a', task: 't', goal: { kind: 'stepSelected', step: 1 }, hints: [], answer: '' }] as const;
    expect(judge({ exercises, lessonText: '{', text: '{', acts: NO_ACTS }, null)).toEqual([
      { id: 'a', met: false, reason: 'The scenario does not run.' },
    ]);
  });
});
