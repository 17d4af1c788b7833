/**
 * An adapter behind an HTTP endpoint on this computer: one POST per line, with a deadline. Only a
 * loopback address is contacted (the model panel's rule, isLoopbackHost): a store under test holds
 * test data, and the suite sends nothing anywhere else.
 */
import { isLoopbackHost } from '../../src/core/loopback/loopback';
import { type PostResult, postSession } from '../../src/core/conformance/postSession';
import type { Session } from '../../src/core/conformance/run';

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

/** A Session POSTing each line to `url`, each answer due within `lineTimeoutMs`. */
export function urlSession(url: URL, lineTimeoutMs: number): Session {
  return postSession(async (body): Promise<PostResult> => {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        redirect: 'error',
        signal: AbortSignal.timeout(lineTimeoutMs),
      });
      return { kind: 'answered', status: response.status, body: await response.text() };
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError') return { kind: 'failed', message: `did not answer within ${lineTimeoutMs} ms` };
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return { kind: 'failed', message: `could not be reached at ${url.href}: ${cause ?? (error as Error).message}` };
    }
  });
}
