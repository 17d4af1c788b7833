/** `conform`'s command line: its options and exit codes, read by cli/conform.ts, its --help and the README's check. */
import type { CommandSpec } from '../args';
import { CASE_KINDS } from '../conform/cases';

export const CONFORM_EXIT = { conforms: 0, failed: 1, broken: 2 } as const;

/**
 * Installed from its package (scripts/pack-conform.mjs sets this when it bundles the command), the
 * command is `scope-conform`; in a clone it is the npm script.
 */
const INSTALLED = process.env.SCOPE_CONFORM_PROGRAM === 'scope-conform';

export const CONFORM: CommandSpec = {
  name: INSTALLED ? 'scope-conform' : 'conform',
  usage: [
    `${INSTALLED ? 'scope-conform' : 'npm run --silent conform --'} (--exec "CMD" | --url http://127.0.0.1:PORT/PATH) [options]`,
  ],
  about: [
    "Run a store's adapter through the canaries, the golden cases and the store lessons, and report per",
    'rule. Each failure is shrunk to its smallest scenario, written to --out and printed as a share link.',
  ].join('\n'),
  options: {
    exec: { type: 'string', value: 'CMD', help: 'run the adapter as this command (JSON Lines on stdin and stdout)' },
    url: { type: 'string', value: 'URL', help: 'POST each line to this loopback http address instead' },
    'any-order': { type: 'boolean', help: "do not compare the order of a query's items" },
    'require-all': {
      type: 'boolean',
      help: 'fail when the store lacks an operation a case needs ({"unsupported":true}), instead of n/a',
    },
    'line-timeout-ms': { type: 'string', value: 'N', help: 'the most each answer may take, in ms (default 5000)' },
    'timeout-ms': { type: 'string', value: 'N', help: 'the most the whole run may take, in ms (default 120000)' },
    cases: { type: 'string', value: 'LIST', help: `the cases to run, of ${CASE_KINDS.join(',')} (default all)` },
    out: { type: 'string', value: 'DIR', help: 'where the report and the shrunk scenarios go (default build/conform)' },
    page: { type: 'string', value: 'URL', help: 'where the share links point (default http://localhost:4173/)' },
    json: { type: 'boolean', help: 'print the whole report as one JSON object (conformance/report.schema.json)' },
    junit: { type: 'string', value: 'FILE', help: 'also write the report as JUnit XML to FILE' },
  },
  exits: [
    { code: CONFORM_EXIT.conforms, meaning: 'everything conforms (rules the store has no operation for: n/a)' },
    {
      code: CONFORM_EXIT.failed,
      meaning:
        'a rule failed, nothing could be checked, an operation was answered in one case and unsupported in another, or (--require-all) a rule is n/a',
    },
    {
      code: CONFORM_EXIT.broken,
      meaning: 'the adapter could not be run or broke the protocol, the run timed out, or usage',
    },
  ],
};
