/**
 * The store lesson's engine in a Web Worker (worker/worker.ts), behind the protocol's interface: the
 * page's thread only posts requests and receives view models, so a 20,000-step replay never holds it.
 * The worker's watch, restart and fallback are the link's (link.ts). A text the worker holds (its last
 * good run's, the lesson text of its last verify) is not posted again. Nothing here imports the worker's
 * side: the page hands over how to start either (main.tsx).
 */
import type { AnswerBook } from '../../core/grading/answerRows';
import type { StoreEngine, LeanVerdictsRequest, RunReply, RunRequest } from '../protocol';
import { wireReceiver } from '../wire/wire';
import { workerLink } from './link';

/**
 * The engine of one session in a worker of its own, which `start` starts; `inPage` makes the engine that
 * replaces it once it is given up, its views numbered from `firstVersion`. `crash()` and `quit()` are the
 * end-to-end tests' ways to end the worker.
 */
export function workerEngine(
  answers: AnswerBook,
  start: () => Worker,
  inPage: (firstVersion: number) => StoreEngine,
): StoreEngine & { crash(): void; quit(): void } {
  /** The engine in the page's thread, once the worker is given up. */
  let fallback: StoreEngine | null = null;
  /** The worker's last good run: its text as the page sent it, and its number. */
  let held: { text: string; run: number } | null = null;
  /** The lesson text the worker was last sent for verdicts. */
  let lessonSent: string | null = null;
  let whole = wireReceiver();
  const link = workerLink({
    start,
    init: (firstVersion) => {
      whole = wireReceiver();
      return { method: 'init', args: [answers, firstVersion] };
    },
    receive(method, args, value) {
      const received = whole(method, args, value);
      const run = received as RunReply;
      if (method === 'run' && run.kind === 'ok') held = { text: (args[0] as RunRequest).text, run: run.run };
      return received;
    },
    // A new worker holds no text until the page sends it one.
    forget: () => {
      held = lessonSent = null;
    },
    inPage(firstVersion) {
      const local = inPage(firstVersion);
      fallback = local;
      return (method, args) => (local[method as keyof StoreEngine] as (...a: unknown[]) => unknown)(...args);
    },
  });
  const { post } = link;

  return {
    run: (request) => post({ method: 'run', args: [request] }),
    act: (act, access) => post({ method: 'act', args: [act, access] }),
    rows: (list, version, from, to) => post({ method: 'rows', args: [list, version, from, to] }),
    access: (look) => post({ method: 'access', args: [look] }),
    accessCells: (version, range) => post({ method: 'accessCells', args: [version, range] }),
    coverage: () => post({ method: 'coverage', args: [] }),
    timeline: () => post({ method: 'timeline', args: [] }),
    judge: (text, kind) => post({ method: 'judge', args: [text, kind] }),
    seedResult: () => post({ method: 'seedResult', args: [] }),
    gradeAnswer: (principal, answer) => post({ method: 'gradeAnswer', args: [principal, answer] }),
    verify(request) {
      // The engine in the page is asked with the whole request.
      if (fallback !== null) return fallback.verify(request);
      // The texts the worker holds are not sent again (a run under way may replace the learner's).
      const running = link.pending('run');
      const lean: LeanVerdictsRequest = {
        ...request,
        text: !running && held?.text === request.text ? { run: held.run } : request.text,
        lessonText: request.lessonText === lessonSent ? null : request.lessonText,
      };
      lessonSent = request.lessonText;
      return post({ method: 'verify', args: [lean] });
    },
    onRestart: link.onRestart,
    close: link.close,
    crash: link.crash,
    quit: link.quit,
  };
}
