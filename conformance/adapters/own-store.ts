/**
 * The project's own store as a conformance adapter: JSON Lines on standard input and output, or with
 * --http PORT one POST per line on http://127.0.0.1:PORT/.
 *
 *   npm run --silent conform -- --exec "node --import tsx conformance/adapters/own-store.ts"
 *   node --import tsx conformance/adapters/own-store.ts --http 4437 --allow-origin http://localhost:4173
 *   ... --rule-off taskCheck      the same store with one of the page's rule switches off
 *
 * Every line is answered by src/core/conformance/ownAdapter.ts; this file only moves lines. Over HTTP
 * it answers the page's CORS preflight for the one origin --allow-origin names (the playground's), so
 * the page's "Your store" tab can reach it; it listens on 127.0.0.1 only.
 */
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';
import { ownAdapter } from '../../src/core/conformance/ownAdapter';
import { RULES, type Rule, withRulesOff } from '../../src/core/store/rules';

const USAGE = `usage: own-store.ts [--http PORT [--allow-origin ORIGIN]] [--rule-off RULE]...; RULE is one of ${RULES.join(', ')}`;
const off: Rule[] = [];
let port: number | null = null;
let origin: string | null = null;
for (let i = 2; i < process.argv.length; i += 2) {
  const [flag, value] = [process.argv[i], process.argv[i + 1] ?? ''];
  if (flag === '--rule-off' && (RULES as readonly string[]).includes(value)) off.push(value as Rule);
  else if (flag === '--http' && /^\d+$/.test(value)) port = Number(value);
  else if (flag === '--allow-origin' && /^https?:\/\/[^/]+$/.test(value)) origin = value;
  else {
    process.stderr.write(`${USAGE}\n`);
    process.exit(2);
  }
}

const adapter = ownAdapter(withRulesOff(...off));

/** One line in, one answer out (a line that is not JSON is refused, as the protocol's error). */
function answer(text: string): { answer: string; end: boolean } {
  let line: Record<string, unknown>;
  try {
    line = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { answer: JSON.stringify({ error: 'not JSON' }), end: false };
  }
  return { answer: JSON.stringify(adapter.handle(line)), end: line.op === 'end' };
}

if (port === null) {
  const input = createInterface({ input: process.stdin, crlfDelay: Infinity });
  input.on('line', (text) => {
    const reply = answer(text);
    process.stdout.write(`${reply.answer}\n`);
    if (reply.end) input.close();
  });
} else {
  const server = createServer((request, response) => {
    if (origin !== null) {
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('access-control-allow-methods', 'POST');
      response.setHeader('access-control-allow-headers', 'content-type');
      response.setHeader('vary', 'origin');
    }
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method !== 'POST') return void response.writeHead(405).end();
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(answer(body).answer);
    });
  });
  // An HTTP adapter serves many runs (the page's tab runs one per click): "end" does not stop it.
  server.listen(port, '127.0.0.1', () => process.stderr.write(`own-store adapter on http://127.0.0.1:${port}/\n`));
}
