/** The messages between the page and the engine's worker (client.ts, worker.ts). */
import type { AnswerBook } from '../core/grading/answerRows';
import type { EngineSession } from './session';

type Calls = { [M in keyof EngineSession]: { method: M; args: Parameters<EngineSession[M]> } }[keyof EngineSession];

export type Request = { id: number } & (Calls | { method: 'init'; args: [AnswerBook] } | { method: 'crash'; args: [] });

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
