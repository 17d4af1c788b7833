/**
 * Bundles each command-line entry (cli/<name>.ts) into an ESM file, build/cli/<name>.mjs, so the
 * commands start without compiling TypeScript (node --import tsx costs about half a second here).
 * Code the entries share, and code loaded only by a dynamic import (zod, for a scenario that needs
 * it), goes into chunks beside them (build/cli/<name>-<hash>.mjs): a replay of a valid scenario
 * then reads and compiles 25 KB instead of 350 KB.
 *
 *   node scripts/build-cli.mjs             build (npm's "prepare" runs this on npm ci)
 *   node scripts/build-cli.mjs --if-stale  build only when a bundled source changed
 *
 * build/cli/stamp.json records a hash of every source the bundles were built from, plus
 * package-lock.json (the bundled dependencies) and this script; isStale() recomputes it.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
  if (!Array.isArray(stamp.files) || stamp.files.some((file) => !existsSync(join(OUT, file)))) return true;
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

/**
 * Build every entry into a scratch directory, then move the chunks into place and the entries last,
 * each by a rename, so a reader never sees half a bundle. Chunk names carry their content's hash:
 * a chunk a concurrent build also wrote is the same file. Chunks of earlier builds are removed.
 */
export async function build({ quiet = false } = {}) {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    throw new Error('esbuild is not installed: run npm ci first');
  }
  mkdirSync(OUT, { recursive: true });
  const started = performance.now();
  const scratch = join(OUT, `.build-${process.pid}`);
  rmSync(scratch, { recursive: true, force: true });
  try {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: Object.fromEntries(ENTRIES.map((name) => [name, `cli/${name}.ts`])),
      outdir: scratch,
      outExtension: { '.js': '.mjs' },
      chunkNames: '[name]-[hash]',
      splitting: true,
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
    const inputs = new Set(ALWAYS);
    for (const input of Object.keys(result.metafile.inputs)) {
      if (!input.includes('node_modules/') && !input.startsWith('stub:')) inputs.add(input);
    }
    const entryFiles = ENTRIES.map((name) => `${name}.mjs`);
    const files = readdirSync(scratch);
    for (const file of files.filter((name) => !entryFiles.includes(name))) renameSync(join(scratch, file), join(OUT, file));
    for (const file of entryFiles) renameSync(join(scratch, file), join(OUT, file));
    for (const file of readdirSync(OUT)) {
      if (file.endsWith('.mjs') && !files.includes(file)) rmSync(join(OUT, file), { force: true });
    }
    const sorted = [...inputs].sort();
    const temporary = `${STAMP}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify({ entries: ENTRIES, files: files.sort(), inputs: sorted, hash: hashOf(sorted) }, null, 2)}\n`);
    renameSync(temporary, STAMP);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
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
