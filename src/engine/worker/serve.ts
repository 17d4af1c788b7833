/**
 * What the engine's Web Worker does with each message (worker.ts wires it to the worker's own events):
 * one engine session, each request answered in the order it came. A request that throws is answered
 * with its error; the engine goes on. The client's tests answer their stand-in worker with it too.
 */
import { createSession } from './session';
import { accessPictures } from './access';
import type { Reply, Request } from '../messages';
import type { Act, AccessAsk, Acted } from '../protocol';
import type { EngineSession } from './session';
import type { AccessPictures } from './access';
import { wireSender } from '../wire/wire';
import { taskJudge } from './verdicts';
import { seedResultOf } from './seedResult';
import { actWithAccess } from './actAccess';
import { createKitSession, type OpenVectorDb } from './kitSession';
import type { KitKind, KitServed } from '../kitProtocol';

/** What the worker answers (messages.ts's Served, at once): the session, its access pictures and the Export. */
type WorkerSession = Omit<EngineSession, 'act'> &
  AccessPictures & { act(act: Act, access?: AccessAsk): Acted; seedResult(): string };

/** The vector lesson's database in the worker: PGlite and the shipped dump, loaded when the lesson opens. */
const openWorkerVectorDb: OpenVectorDb = () =>
  import('../../db/vectorDbBrowser').then(async ({ openBrowserVectorDb, runVectorScenario }) => {
    const db = await openBrowserVectorDb();
    return { run: (scenario) => runVectorScenario(db, scenario) };
  });

/**
 * A worker's engine: the reply to each request, as it is posted (a promise for an answer that waits on
 * the database). A worker serves one session: a store lesson's (`init`) or another kind's (`open`).
 */
export function serveEngine(openDb: OpenVectorDb = openWorkerVectorDb): (request: Request) => Reply | Promise<Reply> {
  let session: WorkerSession | null = null;
  let kit: KitServed<KitKind> | null = null;
  const wire = wireSender();

  const answer = (request: Request): unknown => {
    if (request.method === 'open') {
      kit = createKitSession(request.args[0], openDb);
      return null;
    }
    if (request.method.startsWith('kit.')) {
      if (kit === null) throw new Error('the lesson’s session was not opened');
      const method = kit[request.method.slice(4) as keyof KitServed<KitKind>] as (...args: unknown[]) => unknown;
      return method(...request.args);
    }
    if (request.method === 'init') {
      const [answers, firstVersion] = request.args;
      const engine = createSession(answers, undefined, firstVersion, taskJudge());
      const seedResult = () => seedResultOf(engine.timeline());
      const pictures = accessPictures(engine.timeline, firstVersion);
      const act = actWithAccess(engine.act, pictures.access) as WorkerSession['act'];
      session = { ...engine, ...pictures, act, seedResult };
      return null;
    }
    // A stand-in worker (the client's tests) has no lock to hold and nothing to quit.
    if (request.method === 'hold' || request.method === 'quit') return null;
    if (request.method === 'crash') {
      // Thrown outside any request: the worker's error event, as an engine bug outside a request would be.
      setTimeout(() => {
        throw new Error('the engine was made to crash');
      });
      return null;
    }
    if (session === null) throw new Error('the engine was not started');
    const method = session[request.method as keyof WorkerSession] as (...args: unknown[]) => unknown;
    return method(...request.args);
  };

  const failed = (id: number, error: unknown): Reply => ({
    id,
    ok: false,
    error: error instanceof Error ? error.message : String(error),
  });
  return (request) => {
    try {
      const value = answer(request);
      if (value instanceof Promise)
        return value.then(
          (whole): Reply => ({ id: request.id, ok: true, value: wire(request, whole) }),
          (error: unknown) => failed(request.id, error),
        );
      return { id: request.id, ok: true, value: wire(request, value) };
    } catch (error) {
      return failed(request.id, error);
    }
  };
}
