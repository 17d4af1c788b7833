import { describe, expect, it, vi } from 'vitest';
import { SEED_TEXT, seedAnswerBook } from '../state/seedData';
import { workerEngine } from './client';
import type { Request } from './messages';
import type { RunReply } from './protocol';
import { createSession } from './session';

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
    workerEngine(book, () => {
      const worker = new PostedTo();
      workers.push(worker);
      return worker as unknown as Worker;
    });
    workers[0]!.crash();
    expect(workers).toHaveLength(2);
    const firsts = workers.map((w) => {
      const init = w.posted.find((r) => r.method === 'init');
      return init?.method === 'init' ? init.args[1] : undefined;
    });
    expect(firsts[1]).toBeGreaterThan(firsts[0]!);

    // Each worker's session numbers its views from the number its init gave it.
    const [old, replacing] = firsts.map((first) => createSession(book, undefined, first));
    const run = (session: ReturnType<typeof createSession>) =>
      session.run({ text: SEED_TEXT, rulesOff: [], mode: 'run' }) as Extract<RunReply, { kind: 'ok' }>;
    const seen = run(old!).views.view.store.items;
    run(replacing!);
    expect(replacing!.rows('storeItems', seen.version, 0, 1)).toBeNull();
    expect(old!.rows('storeItems', seen.version, 0, 1)).toEqual(seen.rows.slice(0, 1));
  });
});
