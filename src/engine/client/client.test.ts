import { describe, expect, it, vi } from 'vitest';
import { SEED_TEXT, seedAnswerBook } from '../../state/seedData';
import { workerEngine } from './client';
import type { Request } from '../messages';
import { createSession } from '../worker/session';
import { threadWorkers } from '../worker/testing/threadWorker';
import { localEngine } from '../worker/local';

/** The engine that replaces a worker given up: the page's own (main.tsx makes it so too). */
const inPage = (firstVersion: number) => localEngine(seedAnswerBook(), { firstVersion });

/** A stand-in for the engine's Web Worker that only records what the page posts to it. */
class PostedTo {
  posted: Request[] = [];
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  postMessage(request: Request) {
    this.posted.push(request);
  }
  terminate() {}
  crash() {
    this.onerror?.({ message: 'boom', preventDefault() {} } as ErrorEvent);
  }
}

describe('the engine’s worker, started again after a crash', () => {
  it('numbers the new worker’s views after the old one’s, so a late read of old rows finds none', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const workers: PostedTo[] = [];
    const book = seedAnswerBook();
    workerEngine(
      book,
      () => {
        const worker = new PostedTo();
        workers.push(worker);
        return worker as unknown as Worker;
      },
      inPage,
    );
    workers[0]!.crash();
    expect(workers).toHaveLength(2);
    const firsts = workers.map((w) => {
      const init = w.posted.find((r) => r.method === 'init');
      return init?.method === 'init' ? init.args[1] : undefined;
    });
    expect(firsts[1]).toBeGreaterThan(firsts[0]!);

    // Each worker's session numbers its views from the number its init gave it.
    const [old, replacing] = firsts.map((first) => createSession(book, undefined, first));
    const run = (session: ReturnType<typeof createSession>) => {
      session.run({ text: SEED_TEXT, rulesOff: [], mode: 'run' });
      return session.act({ kind: 'showStore', shown: true });
    };
    const seen = run(old!).view.store!.items;
    run(replacing!);
    expect(replacing!.rows('storeItems', seen.version, 0, 1)).toBeNull();
    expect(old!.rows('storeItems', seen.version, 0, 1)).toEqual(seen.rows.slice(0, 1));
  });
});

describe('a request for verdicts, on its way to the worker', () => {
  const exercises = [
    { id: 'see', task: 'Select step 9.', goal: { kind: 'stepSelected', step: 9 }, hints: [], answer: '' },
  ] as const;
  const acts = (selectedStep: number) => ({ selectedStep, rulesOff: [], log: [] });
  const book = seedAnswerBook();

  it('after a run sends neither the learner’s text nor, once sent, the lesson’s: a few hundred characters', async () => {
    const { workers, start } = threadWorkers();
    const engine = workerEngine(book, start, inPage);
    await engine.run({ text: SEED_TEXT, rulesOff: [], mode: 'run' });
    const lessonText = SEED_TEXT;
    const first = await engine.verify({ exercises, lessonText, text: SEED_TEXT, acts: acts(9) });
    const second = await engine.verify({ exercises, lessonText, text: SEED_TEXT, acts: acts(2) });
    expect([first[0]!.met, second[0]!.met]).toEqual([true, false]);
    const [withLesson, lean] = workers[0]!.sent('verify');
    expect(withLesson!.chars).toBeGreaterThan(SEED_TEXT.length);
    expect(withLesson!.chars).toBeLessThan(SEED_TEXT.length + 1000);
    expect(lean!.chars).toBeLessThan(500);
    expect(workers[0]!.sent('run')[0]!.chars).toBeGreaterThan(SEED_TEXT.length);
  });

  it('sends the text again to a worker that does not hold it: while a run is under way, and after a restart', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { workers, start } = threadWorkers();
    const engine = workerEngine(book, start, inPage);
    await engine.run({ text: SEED_TEXT, rulesOff: [], mode: 'run' });
    const edited = SEED_TEXT.replace('"steps"', '"semanticCache": {"threshold": 0.9}, "steps"');
    const running = engine.run({ text: edited, rulesOff: [], mode: 'run' });
    const during = engine.verify({ exercises, lessonText: SEED_TEXT, text: SEED_TEXT, acts: acts(9) });
    await running;
    expect((await during)[0]!.met).toBe(true);
    expect(workers[0]!.sent('verify')[0]!.chars).toBeGreaterThan(2 * SEED_TEXT.length);

    workers[0]!.crash();
    const after = await engine.verify({ exercises, lessonText: SEED_TEXT, text: edited, acts: acts(9) });
    expect(after[0]!.met).toBe(true);
    expect(workers[1]!.sent('verify')[0]!.chars).toBeGreaterThan(edited.length + SEED_TEXT.length);
  });
});
