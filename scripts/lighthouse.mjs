#!/usr/bin/env node
/**
 * npm run lighthouse [-- --no-build]
 *
 * Builds the site into build/lighthouse-site, serves it with `vite preview` on 127.0.0.1, runs Lighthouse
 * (12.2.3, desktop preset) in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium), and prints the
 * performance, accessibility and best-practices scores with the command that produced them. The full
 * report is written to build/lighthouse.json. Measured, not asserted: not part of npm test.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const OUT = join('build', 'lighthouse-site');
const REPORT = join('build', 'lighthouse.json');
const PORT = 4641;
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chrome)) {
  console.error(`Chromium not found at ${chrome}: apt-get install -y chromium, or set CHROME_PATH`);
  process.exit(1);
}

if (!process.argv.includes('--no-build')) {
  const built = spawnSync('npx', ['vite', 'build', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const server = spawn(
  'npx',
  ['vite', 'preview', '--outDir', OUT, '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'],
  { cwd: ROOT, stdio: 'ignore', detached: true },
);
const url = `http://127.0.0.1:${PORT}/`;
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      if (i > 200) throw new Error(`no server at ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const flags =
    '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
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
  process.kill(-server.pid);
}
