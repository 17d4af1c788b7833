/**
 * An adapter behind an HTTP endpoint on this computer: one POST per line, with a deadline that covers
 * the whole answer, whose body is read through a cap. Only a
 * loopback address is contacted (the model panel's rule, isLoopbackHost): a store under test holds
 * test data, and the suite sends nothing anywhere else.
 */
import { isLoopbackHost } from '../../src/core/loopback/loopback';
import { type PostResult, postSession } from '../../src/core/conformance/postSession';
import type { Session } from '../../src/core/conformance/run';
import { MAX_ANSWER_CHARS } from '../../src/core/conformance/protocol';

export type UrlCheck = { kind: 'ok'; url: URL } | { kind: 'refused'; message: string };

/** The adapter's address, or why it is refused: not http, or not a loopback host. */
export function checkAdapterUrl(text: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      kind: 'refused',
      message: `--url ${JSON.stringify(text)} is not an address; write it as http://127.0.0.1:PORT/`,
    };
  }
  if (url.protocol !== 'http:')
    return { kind: 'refused', message: `--url must be an http:// address, not ${url.protocol}//` };
  if (!isLoopbackHost(url.hostname)) {
    return {
      kind: 'refused',
      message: `--url names ${url.host}, which is not this computer: the suite contacts only a loopback address (127.0.0.1, localhost or [::1])`,
    };
  }
  return { kind: 'ok', url };
}

/** Why a read ended early: the deadline passed, or the body crossed the cap. */
class Cut {
  constructor(readonly message: string) {}
}

/**
 * The response's body as text, read as it streams: past MAX_ANSWER_CHARS characters it is cut there and
 * then (a protocol error), and the answer's deadline covers the body as well as the headers, so an
 * endless or a trickling body ends the wait instead of filling the memory.
 */
async function cappedBody(response: Response, deadline: Promise<Cut>): Promise<string | Cut> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let text = '';
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next instanceof Cut) return next;
      if (next.done) return text + decoder.decode();
      text += decoder.decode(next.value, { stream: true });
      if (text.length > MAX_ANSWER_CHARS) return new Cut(`answered more than ${MAX_ANSWER_CHARS} characters`);
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

/** A Session POSTing each line to `url`, each answer (headers and body) due within `lineTimeoutMs`. */
export function urlSession(url: URL, lineTimeoutMs: number): Session {
  return postSession(async (body): Promise<PostResult> => {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const late = `did not answer within ${lineTimeoutMs} ms`;
    const deadline = new Promise<Cut>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve(new Cut(late));
      }, lineTimeoutMs);
    });
    try {
      const response = await Promise.race([
        fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
          redirect: 'error',
          signal: controller.signal,
        }),
        deadline,
      ]);
      if (response instanceof Cut) return { kind: 'failed', message: response.message };
      const text = await cappedBody(response, deadline);
      if (text instanceof Cut) return { kind: 'failed', message: text.message };
      return { kind: 'answered', status: response.status, body: text };
    } catch (error) {
      if (controller.signal.aborted) return { kind: 'failed', message: late };
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { kind: 'failed', message: `could not be reached at ${url.href}: ${cause ?? (error as Error).message}` };
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  });
}
