#!/usr/bin/env node
/**
 * npm run lighthouse [-- --no-build]
 *
 * Builds the site into build/lighthouse-site, serves it with `vite preview` on 127.0.0.1, runs Lighthouse
 * (12.2.3, desktop preset) in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), and prints the
 * performance, accessibility and best-practices scores with the command that produced them. The full
 * report is written to build/lighthouse.json. Measured, not asserted: not part of npm test.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite, CHROMIUM_ARGS, chromiumPath, serveSite } from './site.mjs';

const ROOT = join(import.meta.dirname, '..');
const OUT = join('build', 'lighthouse-site');
const REPORT = join('build', 'lighthouse.json');
const PORT = 4641;
// Lighthouse reads CHROME_PATH, so that is the variable to set here.
const chrome = chromiumPath('CHROME_PATH');
if (!process.argv.includes('--no-build')) buildSite(OUT);

const server = await serveSite(OUT, PORT);
const { url } = server;
try {
  // Lighthouse's own launcher wants the new headless mode named.
  const flags = CHROMIUM_ARGS.map((flag) => (flag === '--headless' ? '--headless=new' : flag)).join(' ');
  const args = [
    'lighthouse',
    url,
    '--preset=desktop',
    '--only-categories=performance,accessibility,best-practices',
    '--output=json',
    `--output-path=${REPORT}`,
    `--chrome-flags=${flags}`,
    '--quiet',
  ];
  const command = `CHROME_PATH=${chrome} npx ${args.map((a) => (a.includes(' ') ? `"${a}"` : a)).join(' ')}`;
  const run = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome } });
  if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status}`);
  const report = JSON.parse(readFileSync(join(ROOT, REPORT), 'utf8'));
  const score = (id) => Math.round(report.categories[id].score * 100);
  console.log(`\n$ ${command}`);
  console.log(
    `performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}`,
  );
  const failing = Object.values(report.audits).filter(
    (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
  );
  for (const audit of failing.slice(0, 12))
    console.log(`  below full marks: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
} finally {
  server.stop();
}
