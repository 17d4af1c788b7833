/**
 * npm run bench, last part (bench/conform.ts): the whole conformance suite (canaries, golden cases, store lessons)
 * against the project's own store, as `npm run conform` runs it (the adapter a separate process
 * speaking JSON Lines), and the same suite in process, which is the cost of the suite itself.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { ownAdapter } from '../src/core/conformance/ownAdapter';
import { runSuite } from '../src/core/conformance/suite';
import { inProcess } from '../src/core/testing/conformance';
import { suiteCases } from '../cli/conform/cases';

const ROOT = join(import.meta.dirname, '..');
const TARGET_S = 10;

async function main() {
  // Build the command's bundle first, so its build is not timed.
  execFileSync('node', ['scripts/build-cli.mjs', '--if-stale'], { cwd: ROOT, stdio: 'ignore' });
  const started = performance.now();
  const out = execFileSync(
    'node',
    [
      'build/cli/conform.cjs',
      '--exec',
      'node --import tsx conformance/adapters/own-store.ts',
      '--out',
      'build/bench/conform',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const wall = (performance.now() - started) / 1000;
  const summary = out.split('\n').find((line) => /scenarios, \d+ failed/.test(line)) ?? '(no summary)';

  const cases = suiteCases();
  const inside = performance.now();
  await runSuite(inProcess(ownAdapter()), cases);
  const inProcessS = (performance.now() - inside) / 1000;

  console.log('\nconformance suite against the own store (npm run conform):');
  console.log(`  ${summary}`);
  console.log(
    `  whole command, adapter in its own process: ${wall.toFixed(1)} s (target < ${TARGET_S} s: ${wall < TARGET_S ? 'met' : 'NOT met'})`,
  );
  console.log(`  the same ${cases.length} scenarios in process: ${inProcessS.toFixed(1)} s`);
}

await main();
