/**
 * How the page's stores start the engines they talk to, handed to them by the page (main.tsx: Web
 * Workers) or by a test (worker/inPage.ts: the page's own thread). The page's stores import no engine
 * code: what a lesson needs of an engine comes through here.
 */
import type { AnswerBook } from '../core/grading/answerRows';
import type { Act, StoreEngine, RunReply, RunRequest, SentViews } from './protocol';
import type { KitEngine, KitKind } from './kitProtocol';

/** The seed's session in the page's own thread: its first screen is drawn before any worker has started. */
export interface FirstPaint {
  run(request: RunRequest): RunReply;
  act(act: Act): SentViews;
}

export interface Engines {
  /** Starts a store lesson's engine. */
  store(answers: AnswerBook): StoreEngine;
  /** Starts a router, memtool or vector lesson's session (its code loads then, not with the page). */
  kit<K extends KitKind>(kind: K): Promise<KitEngine<K>>;
  /** The seed's session for the first paint (an engine session in the page; small, the seed is). */
  firstPaint(answers: AnswerBook): FirstPaint;
}
