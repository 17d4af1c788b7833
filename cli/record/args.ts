/** The command line of `npm run record`: options, defaults, and where the pinned files live. */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { timerMs } from '../timerMs';

export const DEFAULT_HOST = 'http://127.0.0.1:11434';
export const DEFAULT_TIMEOUT_MS = 120_000;
export const USAGE = 'usage: npm run --silent record -- [--host URL] [--out FILE] [--scenario FILE] [--timeout-ms N]';

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

/** Read argv (without node and the script); relative defaults are resolved against the project root. */
export function parseRecordArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  root: URL,
): ArgsOutcome {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        host: { type: 'string' },
        out: { type: 'string' },
        scenario: { type: 'string' },
        'timeout-ms': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { kind: 'usage', message: (error as Error).message };
  }
  const timeout = values['timeout-ms'] as string | undefined;
  const read = timeout === undefined ? null : timerMs('--timeout-ms', timeout);
  if (read !== null && read.kind === 'bad') {
    return {
      kind: 'usage',
      message: read.message,
    };
  }
  const inRoot = (path: string) => fileURLToPath(new URL(path, root));
  return {
    kind: 'ok',
    options: {
      host: (values.host as string | undefined) || env.OLLAMA_HOST || DEFAULT_HOST,
      out: (values.out as string | undefined) ?? inRoot('recorded/answer-result.json'),
      scenario: (values.scenario as string | undefined) ?? inRoot('fixtures/scenario.json'),
      model: inRoot('recorded/answer-model.json'),
      timeoutMs: read === null ? DEFAULT_TIMEOUT_MS : read.ms,
    },
  };
}
