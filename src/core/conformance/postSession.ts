/**
 * An adapter behind an HTTP endpoint as a Session: each line is one POST body, each response body one
 * answer. The transport is given (the command line's and the page's fetch, each with its timeout), so
 * this file opens no connection itself.
 */
import { encodeLine, parseAnswer, type RequestLine } from './protocol';
import { ProtocolError, type Session } from './run';

/** What a POST came back with, or why none did (a timeout, a refused connection). */
export type PostResult = { kind: 'answered'; status: number; body: string } | { kind: 'failed'; message: string };

export function postSession(post: (body: string) => Promise<PostResult>): Session {
  return {
    async send(line: RequestLine) {
      const result = await post(encodeLine(line));
      if (result.kind === 'failed') throw new ProtocolError(result.message);
      if (result.status !== 200) throw new ProtocolError(`answered HTTP ${result.status}, not 200`);
      const parsed = parseAnswer(result.body.trim());
      if (parsed.kind === 'broken') throw new ProtocolError(parsed.message);
      return parsed.answer;
    },
  };
}
