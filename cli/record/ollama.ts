/**
 * The two Ollama calls the recording makes, through the ollama client library, each with its own
 * deadline. The library aborts only streamed requests, so the deadline (and Ctrl-C) reach every
 * request through the fetch it is given. Failures a user can meet become a RecordError with a message.
 */
import { Ollama, type ChatRequest } from 'ollama';
import type * as z from '../../src/core/zod';
import { type TagsReply, tagsReplySchema } from '../../src/core/grading/answerModel';
import type { ChatBody } from '../../src/core/grading/answerRequests';
import { type ChatReply, chatReplySchema } from '../../src/core/grading/answerFile';
import { EXIT } from '../io';

import { EXIT_INTERRUPTED } from '../spec/record';

/** An expected failure: its lines go to stderr, without a stack trace, and the command exits with `code`. */
export class RecordError extends Error {
  override name = 'RecordError';
  constructor(
    readonly lines: string[],
    readonly code: number = EXIT.invalid,
  ) {
    super(lines.join('\n'));
  }
}

export interface OllamaSession {
  tags(): Promise<TagsReply>;
  chat(body: ChatBody, what: string): Promise<ChatReply>;
}

/** A session with the server at `host`; `stop` (Ctrl-C) aborts the request in flight. */
export function ollamaSession(host: string, timeoutMs: number, stop: AbortSignal): OllamaSession {
  async function call<T>(
    what: string,
    schema: z.ZodMiniType<T>,
    run: (client: Ollama) => Promise<unknown>,
  ): Promise<T> {
    if (stop.aborted) throw interrupted();
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([deadline, stop]);
    const client = new Ollama({ host, fetch: (input, init) => fetch(input, { ...init, signal }) });
    let reply: unknown;
    try {
      reply = await run(client);
    } catch (error) {
      if (stop.aborted) throw interrupted();
      if (deadline.aborted) {
        throw new RecordError([
          `Ollama at ${host} did not answer ${what} within ${timeoutMs} ms.`,
          'A first request also loads the model; if the server is only slow, raise --timeout-ms.',
        ]);
      }
      throw explain(error as FetchFailure, host, what);
    }
    const parsed = schema.safeParse(reply);
    if (!parsed.success) {
      throw new RecordError([
        `Ollama at ${host} answered ${what} with an unexpected reply:`,
        ...parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`),
      ]);
    }
    return parsed.data;
  }
  return {
    tags: () => call('GET /api/tags', tagsReplySchema, (client) => client.list()),
    // The body already says stream: false, so the library returns the reply, not a stream.
    chat: (body, what) =>
      call(`POST /api/chat (${what})`, chatReplySchema, (client) =>
        client.chat(body as ChatRequest & { stream: false }),
      ),
  };
}

function interrupted(): RecordError {
  return new RecordError(['interrupted: no answers file written'], EXIT_INTERRUPTED);
}

type FetchFailure = Error & { cause?: { code?: string; message?: string }; status_code?: number };

function explain(error: FetchFailure, host: string, what: string): Error {
  // The library's ResponseError (not exported): the server answered with an error status.
  if (error.name === 'ResponseError' && typeof error.status_code === 'number') {
    return new RecordError([`Ollama at ${host} answered ${what} with status ${error.status_code}: ${error.message}`]);
  }
  // Node's fetch reports a refused, reset or unresolvable connection as a TypeError with the cause.
  if (error instanceof TypeError && error.cause !== undefined) {
    const why = error.cause.code ?? error.cause.message ?? error.message;
    return new RecordError([
      `cannot reach Ollama at ${host} (${why}) for ${what}.`,
      'Start it with "ollama serve", or point --host or OLLAMA_HOST at the server.',
    ]);
  }
  if (error instanceof SyntaxError) {
    return new RecordError([`Ollama at ${host} answered ${what} with something that is not JSON: ${error.message}`]);
  }
  return error;
}
