#!/usr/bin/env node
/**
 * npm run lighthouse [-- --no-build] [-- --desktop | --mobile] [-- --port N]
 *
 * Builds the site into build/lighthouse-site, serves it with `vite preview` on 127.0.0.1, runs Lighthouse
 * (12.2.3) in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) twice: with the desktop preset and
 * with its default mobile emulation (a mid-range phone, 4x CPU slowdown, slow 4G), and prints for each the
 * performance, accessibility and best-practices scores with the command that produced them. The full
 * reports are written to build/lighthouse-desktop.json and build/lighthouse-mobile.json. Measured, not
 * asserted: not part of npm test.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSite, CHROMIUM_ARGS, chromiumPath, serveSite } from './site.mjs';

const ROOT = join(import.meta.dirname, '..');
const OUT = join('build', 'lighthouse-site');
const FORMS = ['desktop', 'mobile'].filter(
  (form) => !process.argv.includes(`--${form === 'desktop' ? 'mobile' : 'desktop'}`),
);
// --port: two measurements on one machine each serve on their own port.
const at = process.argv.indexOf('--port');
const PORT = at === -1 ? 4641 : Number(process.argv[at + 1]);
// Lighthouse reads CHROME_PATH, so that is the variable to set here.
const chrome = chromiumPath('CHROME_PATH');
if (!process.argv.includes('--no-build')) buildSite(OUT);

const server = await serveSite(OUT, PORT);
const { url } = server;
try {
  // Lighthouse's own launcher wants the new headless mode named.
  const flags = CHROMIUM_ARGS.map((flag) => (flag === '--headless' ? '--headless=new' : flag)).join(' ');
  for (const form of FORMS) {
    const report = join('build', `lighthouse-${form}.json`);
    const args = [
      'lighthouse',
      url,
      // Lighthouse emulates a phone unless told otherwise.
      ...(form === 'desktop' ? ['--preset=desktop'] : []),
      '--only-categories=performance,accessibility,best-practices',
      '--output=json',
      `--output-path=${report}`,
      `--chrome-flags=${flags}`,
      '--quiet',
    ];
    const command = `CHROME_PATH=${chrome} npx ${args.map((a) => (a.includes(' ') ? `"${a}"` : a)).join(' ')}`;
    const run = spawnSync('npx', args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome } });
    if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status}`);
    const result = JSON.parse(readFileSync(join(ROOT, report), 'utf8'));
    const score = (id) => Math.round(result.categories[id].score * 100);
    console.log(`\n$ ${command}`);
    console.log(
      `${form}: performance ${score('performance')}, accessibility ${score('accessibility')}, best practices ${score('best-practices')}`,
    );
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
    ])
      console.log(`  ${id}: ${result.audits[id]?.displayValue ?? 'n/a'}`);
    const failing = Object.values(result.audits).filter(
      (a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual',
    );
    for (const audit of failing.slice(0, 12))
      console.log(`  below full marks: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`);
  }
} finally {
  server.stop();
}
