/** Test helper: an adapter called in this process as a Session. */
import { parseAnswer, type RequestLine } from '../conformance/protocol';
import { ProtocolError, type Session } from '../conformance/run';
import type { AnswerJson } from '../conformance/ownAdapter';

/** A handler of parsed lines as a session, each line and answer going through JSON as on the wire. */
export function inProcess(adapter: { handle(line: Record<string, unknown>): AnswerJson }): Session {
  return {
    async send(line: RequestLine) {
      const parsed = parseAnswer(JSON.stringify(adapter.handle(JSON.parse(JSON.stringify(line)))));
      if (parsed.kind === 'broken') throw new ProtocolError(parsed.message);
      return parsed.answer;
    },
  };
}
