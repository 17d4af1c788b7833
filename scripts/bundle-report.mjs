#!/usr/bin/env node
/**
 * npm run size [-- --no-build] [-- --budget 150]
 *
 * Builds the site into build/size-site and prints, gzipped, the JavaScript the page loads before it can
 * paint: the entry chunk and the chunks it imports statically (index.html's modulepreload links), then
 * every lazy chunk (Monaco, the database view, ...), which loads only when needed. Exits 1 when the
 * entry JavaScript is over the budget (150 KB gzipped by default).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'build', 'size-site');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : process.argv[at + 1];
};
const BUDGET_KB = Number(arg('budget', '150'));

if (!process.argv.includes('--no-build')) {
  const built = spawnSync('npx', ['vite', 'build', '--outDir', OUT, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const html = readFileSync(join(OUT, 'index.html'), 'utf8');
const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="\.?\/?([^"]+)"/g)].map((m) => m[1]);
const preloaded = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\.?\/?([^"]+)"/g)].map((m) => m[1]);
const first = [...new Set([...entry, ...preloaded])];
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(8);
const size = (file) => {
  const body = readFileSync(join(OUT, file));
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
};

console.log(`${'file'.padEnd(52)} ${'raw KB'.padStart(8)} ${'gzip KB'.padStart(8)}`);
let entryGzip = 0;
for (const file of first) {
  const { raw, gzip } = size(file);
  entryGzip += gzip;
  console.log(`${file.padEnd(52)} ${kb(raw)} ${kb(gzip)}  (before first paint)`);
}
const lazy = readdirSync(join(OUT, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`)
  .filter((f) => !first.includes(f));
let lazyGzip = 0;
for (const file of lazy.sort()) {
  const { raw, gzip } = size(file);
  lazyGzip += gzip;
  console.log(`${file.padEnd(52)} ${kb(raw)} ${kb(gzip)}  (lazy)`);
}
console.log(
  `\nentry JavaScript (before first paint): ${(entryGzip / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`,
);
console.log(`lazy JavaScript (Monaco, workers, database view, ...): ${(lazyGzip / 1024).toFixed(1)} KB gzipped`);
if (entryGzip / 1024 > BUDGET_KB) {
  console.error(
    `over budget: the entry JavaScript is ${(entryGzip / 1024).toFixed(1)} KB gzipped, more than ${BUDGET_KB} KB`,
  );
  process.exit(1);
}
