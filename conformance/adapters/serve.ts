/**
 * Moving an adapter's lines: JSON Lines on standard input and output (what `conform --exec` speaks), or
 * with an HTTP port one POST per line on http://127.0.0.1:PORT/ (what `conform --url` and the page's
 * Your store tab speak), answering the CORS preflight for the one origin `allowOrigin` names. Lines are
 * answered one at a time, in the order they arrive: the store behind them is one store.
 */
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';

export type Line = Record<string, unknown>;

export interface ServeOptions {
  /** null: standard input and output. */
  http: number | null;
  allowOrigin: string | null;
  /** The adapter's name in what it prints. */
  name: string;
}

/** --http PORT and --allow-origin ORIGIN as parseArgs read them; `usage` is called with what is wrong. */
export function serveOptions(
  args: { http?: string; 'allow-origin'?: string },
  usage: (message: string) => never,
): { http: number | null; allowOrigin: string | null } {
  const http = args.http ?? null;
  const origin = args['allow-origin'] ?? null;
  if (http !== null && !(/^\d{1,5}$/.test(http) && Number(http) >= 1 && Number(http) <= 65_535))
    usage('--http takes a port, 1 to 65535');
  if (origin !== null && (http === null || !/^https?:\/\/[^/]+$/.test(origin)))
    usage('--allow-origin takes an origin (http://host:port), with --http');
  return { http: http === null ? null : Number(http), allowOrigin: origin };
}

/** The longest POST body read, in characters, as the suite's own cap on an answer. */
const MAX_BODY = 1_000_000;

/**
 * Answer every line with `answer` (which returns the protocol's answer, a refusal included, and throws
 * only for a fault of its own); `close` runs once at the end: after the end line on standard input,
 * or when an HTTP adapter is interrupted (an HTTP adapter serves many runs, so "end" does not stop it).
 */
export async function serveLines(
  answer: (line: Line) => Promise<Line>,
  close: () => Promise<void>,
  options: ServeOptions,
): Promise<void> {
  let queue: Promise<unknown> = Promise.resolve();
  const reply = (text: string): Promise<{ answer: string; end: boolean }> => {
    const next = queue.then(async () => {
      let line: Line;
      try {
        line = JSON.parse(text) as Line;
      } catch {
        return { answer: JSON.stringify({ error: 'not JSON' }), end: false };
      }
      return { answer: JSON.stringify(await answer(line)), end: line.op === 'end' };
    });
    queue = next.catch(() => undefined);
    return next;
  };

  if (options.http === null) {
    try {
      for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
        const { answer: out, end } = await reply(text);
        process.stdout.write(`${out}\n`);
        if (end) break;
      }
    } finally {
      await close();
    }
    return;
  }

  const server = createServer((request, response) => {
    if (options.allowOrigin !== null) {
      response.setHeader('access-control-allow-origin', options.allowOrigin);
      response.setHeader('access-control-allow-methods', 'POST');
      response.setHeader('access-control-allow-headers', 'content-type');
      response.setHeader('vary', 'origin');
    }
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method !== 'POST') return void response.writeHead(405).end();
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_BODY) request.destroy();
    });
    request.on('end', () => {
      reply(body).then(
        ({ answer: out }) => response.writeHead(200, { 'content-type': 'application/json' }).end(out),
        (error: unknown) => {
          process.stderr.write(`${options.name}: ${error instanceof Error ? error.message : String(error)}\n`);
          response.writeHead(500).end();
        },
      );
    });
  });
  const stop = () => {
    server.close();
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  await new Promise<void>((resolve) => server.listen(options.http!, '127.0.0.1', resolve));
  process.stderr.write(`${options.name} on http://127.0.0.1:${options.http}/\n`);
}
