/**
 * The messages between the page and the engine's worker (client/client.ts posts, worker/serve.ts answers):
 * one per method of the engine's interface, a verdicts request lean (its texts named when the worker
 * holds them), a router, memtool or vector lesson's calls (named `kit.run` and so on), and the worker's own
 * five: `init` (a store lesson's session) or `open` (another kind's); `hold`, answered once the worker holds a Web Lock of that
 * name, which it keeps until it ends, however it ends (the page hears of an end without an error by
 * being granted the lock); and `crash` and `quit`, the end-to-end tests' ways to end it with an error and
 * without one.
 */
import type { AnswerBook } from '../core/grading/answerRows';
import type { TaskVerdict } from '../core/exercises/types';
import type { StoreEngine, LeanVerdictsRequest } from './protocol';
import type { KitKind, KitServed } from './kitProtocol';

/** What the worker answers: the engine's interface, less what only the page's side does. */
export type Served = Omit<StoreEngine, 'verify' | 'onRestart' | 'close'> & {
  verify(request: LeanVerdictsRequest): TaskVerdict[];
};

type Calls = { [M in keyof Served]: { method: M; args: Parameters<Served[M]> } }[keyof Served];

/** A kit session's calls, named apart from the store's. */
type KitCalls = {
  [M in keyof KitServed<KitKind> as `kit.${M}`]: { method: `kit.${M}`; args: Parameters<KitServed<KitKind>[M]> };
}[`kit.${keyof KitServed<KitKind>}`];

export type Request = { id: number } & (
  | Calls
  | KitCalls
  | { method: 'init'; args: [AnswerBook, number] }
  | { method: 'open'; args: [KitKind] }
  | { method: 'hold'; args: [string] }
  | { method: 'crash'; args: [] }
  | { method: 'quit'; args: [] }
);

export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };
