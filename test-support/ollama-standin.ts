/**
 * A stand-in for an Ollama server on 127.0.0.1 (a free port), speaking the parts of its API that
 * `npm run record` uses: GET /api/tags (the models with their manifest digests) and non-streaming
 * POST /api/chat. It records every chat request so tests can check the exact bodies and counts.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInModel {
  name: string;
  digest: string;
}

/** What the stand-in says to one chat request. */
export type ChatAnswer =
  | { content: string; tool_calls?: unknown[]; done_reason?: string; prompt_eval_count?: number; eval_count?: number }
  | { status: number; error: string };

export interface StandInOptions {
  models: StandInModel[];
  /** The answer to the n-th chat request (counted from 0) with this body. */
  answer?: (body: ChatBody, n: number) => ChatAnswer;
  /** Milliseconds to wait before answering a request to this path; `n` counts chat requests from 0 (-1 for others). */
  delayMs?: (path: string, n: number) => number;
  /**
   * Browser origins allowed to read the answers, as Ollama's OLLAMA_ORIGINS: it answers their CORS
   * preflight and names them in Access-Control-Allow-Origin. A request from any other origin is refused
   * with 403, as Ollama refuses it. Without this option the stand-in sends no CORS headers at all.
   */
  allowOrigins?: string[];
}

export interface ChatBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  options?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface StandIn {
  url: string;
  /** Every chat request body, in arrival order. */
  chats: ChatBody[];
  /** Every request, "METHOD /path", in arrival order (CORS preflights included). */
  requests: string[];
  tagsRequests: number;
  /** Resolves when the n-th chat request (counted from 1) has arrived. */
  chatArrived(n: number): Promise<void>;
  close(): Promise<void>;
}

const fallbackAnswer = (): ChatAnswer => ({
  content: 'The plan is unknown.',
  done_reason: 'stop',
  prompt_eval_count: 100,
  eval_count: 5,
});

/** Start a stand-in; close() it in the test's cleanup. */
export async function startStandIn(options: StandInOptions): Promise<StandIn> {
  const chats: ChatBody[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const state = { tagsRequests: 0 };
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const requests: string[] = [];
  const cors = new WeakMap<ServerResponse, Record<string, string>>();
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...cors.get(res) });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://stand-in').pathname;
    requests.push(`${req.method} ${path}`);
    const origin = req.headers.origin;
    if (options.allowOrigins !== undefined && origin !== undefined) {
      if (!options.allowOrigins.includes(origin)) {
        res.writeHead(403).end();
        return;
      }
      cors.set(res, { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' });
      if (req.method === 'OPTIONS') {
        res
          .writeHead(204, {
            ...cors.get(res),
            'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
            'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'Content-Type',
          })
          .end();
        return;
      }
    }
    const text = await readBody(req);
    const isChat = req.method === 'POST' && path === '/api/chat';
    const body = isChat ? (JSON.parse(text) as ChatBody) : undefined;
    const n = body === undefined ? -1 : chats.push(body) - 1;
    for (const waiter of waiters.filter((w) => w.n === chats.length && isChat)) waiter.resolve();
    const delay = options.delayMs?.(path, n) ?? 0;
    if (delay > 0) await sleep(delay);
    if (req.method === 'GET' && path === '/api/tags') {
      state.tagsRequests += 1;
      send(res, 200, {
        models: options.models.map((m) => ({
          name: m.name,
          model: m.name,
          modified_at: '2026-10-20T10:00:00Z',
          size: 7_162_394_016,
          digest: m.digest,
          details: {
            format: 'gguf',
            family: 'gemma4',
            families: ['gemma4'],
            parameter_size: '5.1B',
            quantization_level: 'Q4_K_M',
          },
        })),
      });
      return;
    }
    if (body !== undefined) {
      if (body.stream !== false) {
        send(res, 400, { error: 'the stand-in answers only non-streaming chat (stream: false)' });
        return;
      }
      if (!options.models.some((m) => m.name === body.model)) {
        send(res, 404, { error: `model '${body.model}' not found` });
        return;
      }
      const answer = (options.answer ?? fallbackAnswer)(body, n);
      if ('status' in answer) {
        send(res, answer.status, { error: answer.error });
        return;
      }
      send(res, 200, {
        model: body.model,
        created_at: '2026-10-20T10:00:01Z',
        message: {
          role: 'assistant',
          content: answer.content,
          ...(answer.tool_calls ? { tool_calls: answer.tool_calls } : {}),
        },
        done: true,
        done_reason: answer.done_reason ?? 'stop',
        total_duration: 1_000_000,
        load_duration: 1_000,
        prompt_eval_count: answer.prompt_eval_count ?? 100,
        prompt_eval_duration: 1_000,
        eval_count: answer.eval_count ?? 10,
        eval_duration: 1_000,
      });
      return;
    }
    send(res, 404, { error: `the stand-in has no ${req.method} ${path}` });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, { error: error.message }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    chats,
    requests,
    get tagsRequests() {
      return state.tagsRequests;
    },
    chatArrived: (n) =>
      chats.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve })),
    close: () =>
      new Promise((resolve) => {
        // A slow-server test leaves a request waiting; drop it instead of waiting out its delay.
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on: listen on a free port, then close it. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
