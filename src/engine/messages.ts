/** The messages between the page and the engine's worker (client.ts, worker.ts). */
import type { AnswerBook } from '../core/grading/answerRows';
import type { EngineSession } from './session';
import type { AccessPictures } from './access';
import type { Act, AccessAsk, Acted } from './protocol';

/** What the worker answers: the engine's session, its access pictures (with an act too) and the Export. */
export type WorkerSession = Omit<EngineSession, 'act'> &
  AccessPictures & { act(act: Act, access?: AccessAsk): Acted; seedResult(): string };

type Calls = { [M in keyof WorkerSession]: { method: M; args: Parameters<WorkerSession[M]> } }[keyof WorkerSession];

export type Request = { id: number } & (
  Calls | { method: 'init'; args: [AnswerBook, number] } | { method: 'crash'; args: [] }
);

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
