/** `record`'s command line: its options and exit codes, read by cli/record/args.ts, its --help and the README's check. */
import type { CommandSpec } from '../args';
import { EXIT } from '../io';

/** Exit code for a run stopped by Ctrl-C (128 + SIGINT), as shells report it. */
export const EXIT_INTERRUPTED = 130;

export const RECORD: CommandSpec = {
  name: 'record',
  usage: ['npm run --silent record -- [--host URL] [--out FILE] [--scenario FILE] [--timeout-ms N]'],
  about: [
    "Ask the pinned Ollama model the recorded principals' scoped and naive requests, write the answers",
    'file, then print its grades as `grade` does.',
  ].join('\n'),
  options: {
    host: {
      type: 'string',
      value: 'URL',
      help: 'the Ollama server (default OLLAMA_HOST, else http://127.0.0.1:11434)',
    },
    out: { type: 'string', value: 'FILE', help: 'the answers file to write (default recorded/answer-result.json)' },
    scenario: {
      type: 'string',
      value: 'FILE',
      help: 'the scenario whose requests are asked (default fixtures/scenario.json)',
    },
    'timeout-ms': { type: 'string', value: 'N', help: 'the most one request may take, in ms (default 120000)' },
  },
  exits: [
    { code: EXIT.ok, meaning: 'the answers file is written and its grades printed' },
    {
      code: EXIT.invalid,
      meaning:
        'usage, the pinned model missing or another build, the server down, slow or answering an error, or the file not writable',
    },
    { code: EXIT_INTERRUPTED, meaning: 'interrupted (Ctrl-C): no answers file written' },
  ],
};
