/**
 * The messages between the page and the engine's worker (client/client.ts posts, worker/serve.ts answers):
 * one per method of the engine's interface, a verdicts request lean (its texts named when the worker
 * holds them), and the worker's own two, `init` and `crash`.
 */
import type { AnswerBook } from '../core/grading/answerRows';
import type { TaskVerdict } from '../core/exercises/types';
import type { Engine, LeanVerdictsRequest } from './protocol';

/** What the worker answers: the engine's interface, less what only the page's side does. */
export type Served = Omit<Engine, 'verify' | 'onRestart' | 'close'> & {
  verify(request: LeanVerdictsRequest): TaskVerdict[];
};

type Calls = { [M in keyof Served]: { method: M; args: Parameters<Served[M]> } }[keyof Served];

export type Request = { id: number } & (
  Calls | { method: 'init'; args: [AnswerBook, number] } | { method: 'crash'; args: [] }
);

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
