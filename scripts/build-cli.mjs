/**
 * Bundles each command-line entry (cli/<name>.ts) into one ESM file, build/cli/<name>.mjs, so the
 * commands start without compiling TypeScript (node --import tsx costs about half a second here).
 *
 *   node scripts/build-cli.mjs             build (npm's "prepare" runs this on npm ci)
 *   node scripts/build-cli.mjs --if-stale  build only when a bundled source changed
 *
 * build/cli/stamp.json records a hash of every source the bundles were built from, plus
 * package-lock.json (the bundled dependencies) and this script; isStale() recomputes it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const OUT = join(ROOT, 'build', 'cli');
export const ENTRIES = ['replay', 'grade'];
const STAMP = join(OUT, 'stamp.json');
const ALWAYS = ['package-lock.json', 'scripts/build-cli.mjs'];

/** One hash over the listed files' paths and contents; a missing file hashes as missing. */
function hashOf(paths) {
  const hash = createHash('sha256');
  for (const path of paths) {
    let content;
    try {
      content = readFileSync(join(ROOT, path));
    } catch {
      content = Buffer.from('\0missing');
    }
    hash.update(`${path}\0${content.length}\0`).update(content);
  }
  return hash.digest('hex');
}

/** True when a bundle is missing or any source it was built from changed since. */
export function isStale() {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return true;
  }
  if (ENTRIES.some((name) => !stamp.entries?.includes(name))) return true;
  return hashOf(stamp.inputs) !== stamp.hash;
}

/** zod's classic API re-exports all of its locales (a third of the bundle); the CLI needs only English. */
const englishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${join('node_modules', 'zod')}`) ? { path: 'zod-locales', namespace: 'stub' } : undefined);
    build.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/** Build every entry; each file is written beside its final name and renamed, so a reader never sees half a bundle. */
export async function build({ quiet = false } = {}) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('esbuild is not installed: run npm ci first');
  }
  mkdirSync(OUT, { recursive: true });
  const started = performance.now();
  const inputs = new Set(ALWAYS);
  for (const name of ENTRIES) {
    const outfile = join(OUT, `${name}.mjs`);
    const temporary = `${outfile}.${process.pid}.tmp`;
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: [`cli/${name}.ts`],
      outfile: temporary,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // jsonc-parser's "main" is a UMD build that requires its parts at run time; its ESM build bundles.
      mainFields: ['module', 'main'],
      minifyWhitespace: true,
      minifySyntax: true,
      legalComments: 'none',
      metafile: true,
      logLevel: 'warning',
      plugins: [englishOnly],
    });
    for (const input of Object.keys(result.metafile.inputs)) {
      if (!input.includes('node_modules/') && !input.startsWith('stub:')) inputs.add(input);
    }
    renameSync(temporary, outfile);
  }
  const sorted = [...inputs].sort();
  const temporary = `${STAMP}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ entries: ENTRIES, inputs: sorted, hash: hashOf(sorted) }, null, 2)}\n`);
  renameSync(temporary, STAMP);
  if (!quiet) {
    process.stderr.write(`built ${ENTRIES.map((name) => `build/cli/${name}.mjs`).join(', ')} in ${Math.round(performance.now() - started)} ms\n`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale');
  try {
    if (!ifStale || isStale()) await build();
  } catch (error) {
    rmSync(join(OUT, 'stamp.json'), { force: true });
    process.stderr.write(`build-cli: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
