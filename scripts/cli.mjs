/**
 * The npm scripts' entry to the commands: `node scripts/cli.mjs replay FILE` runs build/cli/replay.cjs,
 * rebuilding it first when any source it was bundled from changed, so a stale bundle never runs.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { build, ENTRIES, isStale, OUT } from './build-cli.mjs';

const name = process.argv[2];
if (!ENTRIES.includes(name)) {
  process.stderr.write(`usage: node scripts/cli.mjs {${ENTRIES.join('|')}} FILE\n`);
  process.exit(2);
}
if (isStale()) {
  try {
    await build({ quiet: true });
  } catch (error) {
    process.stderr.write(`cannot build the command line: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  }
}
// The bundle reads its file from argv[2], as `node build/cli/replay.cjs FILE` does.
process.argv.splice(2, 1);
await import(pathToFileURL(join(OUT, `${name}.cjs`)).href);
