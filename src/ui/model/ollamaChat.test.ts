/** One chat request against the stand-in Ollama: each way it can end is a value, never a throw. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPort, type StandIn, startStandIn } from '../../../test-support/ollama-standin';
import type { ChatBody } from '../../core/grading/answerRequests';
import { checkModelAddress } from './modelAddress';
import { postChat } from './ollamaChat';

const body = (model = 'gemma4:e2b'): ChatBody => ({
  model,
  messages: [{ role: 'user', content: 'What is the plan?' }],
  stream: false,
  think: false,
  options: { temperature: 1, top_k: 64, top_p: 0.95, seed: 1, num_ctx: 2048, num_predict: 160 },
});

function server(url: string) {
  const check = checkModelAddress(url);
  if (check.kind !== 'ok') throw new Error(`not an address: ${url}`);
  return check;
}

let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

const start = async (options: Partial<Parameters<typeof startStandIn>[0]> = {}) => {
  standIn = await startStandIn({ models: [{ name: 'gemma4:e2b', digest: 'a'.repeat(64) }], ...options });
  return standIn;
};

describe('postChat', () => {
  it('returns the answer, having sent the body as it is', async () => {
    const s = await start({ answer: () => ({ content: 'Move it to PostgreSQL.', eval_count: 7 }) });
    const outcome = await postChat(server(s.url), body(), new AbortController().signal);
    expect(outcome).toMatchObject({
      kind: 'answer',
      reply: { message: { content: 'Move it to PostgreSQL.' }, eval_count: 7 },
    });
    expect(s.chats).toEqual([body()]);
    expect(s.requests).toEqual(['POST /api/chat']);
  });

  it("returns the server's status and error message", async () => {
    const s = await start();
    expect(await postChat(server(s.url), body('llama9:70b'), new AbortController().signal)).toEqual({
      kind: 'status',
      status: 404,
      message: "model 'llama9:70b' not found",
    });
  });

  it('says nothing could be read when nothing listens there', async () => {
    const outcome = await postChat(
      server(`http://127.0.0.1:${await closedPort()}`),
      body(),
      new AbortController().signal,
    );
    expect(outcome.kind).toBe('unreadable');
  });

  it('gives up at the deadline, and tells a cancel apart from it', async () => {
    const s = await start({ delayMs: () => 5_000 });
    expect(await postChat(server(s.url), body(), new AbortController().signal, 100)).toEqual({
      kind: 'timeout',
      ms: 100,
    });
    const stop = new AbortController();
    const pending = postChat(server(s.url), body(), stop.signal);
    await s.chatArrived(2);
    stop.abort();
    expect(await pending).toEqual({ kind: 'cancelled' });
  });

  it('calls a 200 reply that is not a chat reply a bad reply', async () => {
    const other = createServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"models": []}'),
    );
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    try {
      const outcome = await postChat(
        server(`http://127.0.0.1:${(other.address() as AddressInfo).port}`),
        body(),
        new AbortController().signal,
      );
      expect(outcome).toEqual({
        kind: 'bad-reply',
        message: 'message: Invalid input: expected object, received undefined',
      });
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
