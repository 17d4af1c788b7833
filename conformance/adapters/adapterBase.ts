/**
 * What the TypeScript adapters here share: their refusals, the principal a line names, their command
 * line and how a fault of their own ends them. Each store's own logic stays in its file.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type Agent, type Principal, makePrincipal } from '../../src/core/store/entities';
import { type Line, serveOptions } from './serve';

/** A line the store refuses: answered `{"error": message}`, the run goes on. */
export class Refused extends Error {}

/** A line's "as": [user, task, agent], whose agent the store was configured with. */
export function principalOf(as: unknown, agents: ReadonlyMap<string, Agent>): Principal {
  if (!Array.isArray(as) || as.length !== 3) throw new Refused('"as" must be [user, task, agent]');
  const principal = makePrincipal(as[0], as[1], as[2]);
  if (!agents.has(principal.agent)) throw new Refused(`unknown agent ${principal.agent}`);
  return principal;
}

/**
 * `handle` answering the protocol: a refusal (a `Refused`, the core's identifier check, or what
 * `alsoRefused` accepts) becomes `{"error": ...}`; anything else is the adapter's own fault and throws.
 */
export function answering(
  handle: (line: Line) => Promise<Line>,
  alsoRefused: (error: Error) => boolean = () => false,
): (line: Line) => Promise<Line> {
  return async (line) => {
    try {
      return await handle(line);
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      if (!(error instanceof Refused) && error.name !== 'ScopeError' && !alsoRefused(error)) throw error;
      return { error: error.message };
    }
  };
}

/** The options every adapter that can serve HTTP takes (serve.ts). */
const SERVE_OPTIONS = { http: { type: 'string' }, 'allow-origin': { type: 'string' } } as const;

/**
 * The adapter's own `options` and --http PORT [--allow-origin ORIGIN], read with parseArgs. `usage`
 * prints what is wrong and the usage line, and exits 2; `serve` is what serve.ts needs.
 */
export function adapterArgs<O extends NonNullable<ParseArgsConfig['options']>>(
  name: string,
  usageLine: string,
  options: O,
) {
  const usage = (message: string): never => {
    process.stderr.write(`${name}: ${message}\n${usageLine}\n`);
    process.exit(2);
  };
  try {
    const { values } = parseArgs({ options: { ...options, ...SERVE_OPTIONS } });
    return { values, usage, serve: serveOptions(values, usage) };
  } catch (error) {
    return usage((error as Error).message);
  }
}

/** Run the adapter; a fault of its own prints `name: message` and exits 1. */
export function runAdapter(name: string, main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
