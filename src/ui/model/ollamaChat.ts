/**
 * One chat request from the page to a learner's Ollama, with fetch and a deadline. Only an address that
 * passed checkModelAddress can be given (the type says so), and the body is the seed's request body.
 * Every way it can go wrong is a value the panel explains; nothing is thrown for them.
 */
import type { ChatBody } from '../../core/grading/answerRequests';
import { type ChatReply, chatReplySchema } from '../../core/grading/answerFile';
import type { AddressCheck } from './modelAddress';

export type ChatOutcome =
  | { kind: 'answer'; reply: ChatReply; ms: number }
  /** The browser gave no answer to read: nothing listens there, or Ollama refused this page's origin. */
  | { kind: 'unreadable'; message: string }
  | { kind: 'status'; status: number; message: string }
  | { kind: 'timeout'; ms: number }
  | { kind: 'cancelled' }
  | { kind: 'bad-reply'; message: string };

/** A first request also loads the model into memory, which can take a minute on a laptop. */
export const CHAT_TIMEOUT_MS = 180_000;

export async function postChat(
  server: Extract<AddressCheck, { kind: 'ok' }>,
  body: ChatBody,
  stop: AbortSignal,
  timeoutMs = CHAT_TIMEOUT_MS,
): Promise<ChatOutcome> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(`${server.origin}/api/chat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.any([deadline, stop]),
      // Nothing of the page goes along: no cookies, no referrer.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      cache: 'no-store',
    });
  } catch (error) {
    if (stop.aborted) return { kind: 'cancelled' };
    if (deadline.aborted) return { kind: 'timeout', ms: timeoutMs };
    return { kind: 'unreadable', message: (error as Error).message };
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (stop.aborted) return { kind: 'cancelled' };
    if (deadline.aborted) return { kind: 'timeout', ms: timeoutMs };
    return { kind: 'unreadable', message: (error as Error).message };
  }
  if (!response.ok) return { kind: 'status', status: response.status, message: errorText(text) };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'bad-reply', message: 'the reply is not JSON' };
  }
  const parsed = chatReplySchema.safeParse(json);
  if (!parsed.success)
    return {
      kind: 'bad-reply',
      message: parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '),
    };
  return { kind: 'answer', reply: parsed.data, ms: performance.now() - started };
}

/** Ollama's {"error": "..."} body, or the start of whatever else came back. */
function errorText(text: string): string {
  try {
    const value = JSON.parse(text) as { error?: unknown };
    if (typeof value.error === 'string') return value.error;
  } catch {
    // Not JSON: show the text itself.
  }
  return text.slice(0, 200) || '(no message)';
}
