/** The command line of `npm run record`: options, defaults, and where the pinned files live. */
import { fileURLToPath } from 'node:url';
import { readArgs, stringOption } from '../args';
import { RECORD } from '../spec/record';
import { timerMs } from '../timerMs';

export const DEFAULT_HOST = 'http://127.0.0.1:11434';
export const DEFAULT_TIMEOUT_MS = 120_000;

export interface RecordOptions {
  /** The Ollama server: --host, else OLLAMA_HOST, else Ollama's default address. */
  host: string;
  /** The answers file to write (the seed writes recorded/answer-result.json). */
  out: string;
  scenario: string;
  /** The pin: tag, digest, options and seeds. */
  model: string;
  /** How long one HTTP request may take, from sending it to the last byte of the reply. */
  timeoutMs: number;
}

export type ArgsOutcome = { kind: 'ok'; options: RecordOptions } | { kind: 'usage'; message: string };

/**
 * Read argv (without node and the script; --help and --version are answered before, by commandArgs);
 * relative defaults are resolved against the project root.
 */
export function parseRecordArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  root: URL,
): ArgsOutcome {
  const read = readArgs(RECORD, argv);
  if (read.kind !== 'ok')
    return { kind: 'usage', message: read.kind === 'usage' ? read.message : `--${read.kind} stands alone` };
  const { args } = read;
  if (args.positionals.length > 0) return { kind: 'usage', message: `unexpected argument ${args.positionals[0]}` };
  const timeout = stringOption(args, 'timeout-ms');
  const ms = timeout === null ? null : timerMs('--timeout-ms', timeout);
  if (ms !== null && ms.kind === 'bad') return { kind: 'usage', message: ms.message };
  const inRoot = (path: string) => fileURLToPath(new URL(path, root));
  return {
    kind: 'ok',
    options: {
      host: stringOption(args, 'host') || env.OLLAMA_HOST || DEFAULT_HOST,
      out: stringOption(args, 'out') ?? inRoot('recorded/answer-result.json'),
      scenario: stringOption(args, 'scenario') ?? inRoot('fixtures/scenario.json'),
      model: inRoot('recorded/answer-model.json'),
      timeoutMs: ms === null ? DEFAULT_TIMEOUT_MS : ms.ms,
    },
  };
}
