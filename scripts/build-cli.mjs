/**
 * Bundles each command-line entry (cli/<name>.ts) into one CommonJS file, build/cli/<name>.cjs, so the
 * commands start without compiling TypeScript (node --import tsx costs about half a second here).
 * One CommonJS file starts about 7 ms sooner than an ES module importing its chunks: Node's module
 * loader is not started, and there is one file to read. What `replay` needs only for a scenario that
 * zod must judge, or for --check (cli/slow.ts), is a bundle of its own, build/cli/slow.cjs: a replay
 * of a valid scenario reads and compiles 25 KB instead of 350 KB.
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
export const ENTRIES = ['replay', 'grade', 'conform'];
/** Every bundle: the commands, and what replay loads only when it needs it. */
const BUNDLES = [...ENTRIES, 'slow'];
const STAMP = join(OUT, 'stamp.json');
const ALWAYS = ['package-lock.json', 'scripts/build-cli.mjs', 'scripts/bundle-url.mjs'];

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
  if (BUNDLES.some((name) => !stamp.entries?.includes(name))) return true;
  if (!Array.isArray(stamp.files) || stamp.files.some((file) => !existsSync(join(OUT, file)))) return true;
  return hashOf(stamp.inputs) !== stamp.hash;
}

/** zod's classic API re-exports all of its locales (a third of the bundle); the CLI needs only English. */
export const englishOnly = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${join('node_modules', 'zod')}`) ? { path: 'zod-locales', namespace: 'stub' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/**
 * How every command is bundled (scripts/pack-conform.mjs bundles scope-conform the same way): one
 * CommonJS file for Node 20. `import.meta.url` (cli/conform/cases.ts finds the suite's fixtures beside
 * itself with it) is the bundle's own file's URL, which CommonJS does not give.
 */
export const BUNDLE_OPTIONS = Object.freeze({
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // jsonc-parser's "main" is a UMD build that requires its parts at run time; its ESM build bundles.
  mainFields: ['module', 'main'],
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
  define: { 'import.meta.url': 'bundleUrl' },
  inject: [join(ROOT, 'scripts', 'bundle-url.mjs')],
});

/** replay's `import('./slow')` stays an import, of the bundle beside it, instead of being bundled in. */
const slowApart = {
  name: 'slow-apart',
  setup(build) {
    build.onResolve({ filter: /^\.\/slow$/ }, (args) =>
      args.importer.endsWith(join('cli', 'replay.ts')) ? { path: './slow.cjs', external: true } : undefined,
    );
  },
};

/**
 * Build every bundle into a scratch directory, then move slow.cjs into place and the entries last,
 * each by a rename, so a reader never sees half a bundle (a concurrent build from the same sources
 * writes the same files). Bundles of earlier builds, such as the ES modules and chunks this script
 * once made, are removed.
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
      entryPoints: Object.fromEntries(BUNDLES.map((name) => [name, `cli/${name}.ts`])),
      outdir: scratch,
      outExtension: { '.js': '.cjs' },
      ...BUNDLE_OPTIONS,
      metafile: true,
      plugins: [englishOnly, slowApart],
      // PGlite finds its WebAssembly and data files beside its own modules: it is required from node_modules.
      external: ['@electric-sql/pglite', '@electric-sql/pglite-pgvector'],
    });
    const inputs = new Set(ALWAYS);
    for (const input of Object.keys(result.metafile.inputs)) {
      if (!input.includes('node_modules/') && !input.startsWith('stub:')) inputs.add(input);
    }
    const entryFiles = ENTRIES.map((name) => `${name}.cjs`);
    const files = readdirSync(scratch);
    for (const file of files.filter((name) => !entryFiles.includes(name)))
      renameSync(join(scratch, file), join(OUT, file));
    for (const file of entryFiles) renameSync(join(scratch, file), join(OUT, file));
    for (const file of readdirSync(OUT)) {
      if (/\.[mc]js$/.test(file) && !files.includes(file)) rmSync(join(OUT, file), { force: true });
    }
    const sorted = [...inputs].sort();
    const temporary = `${STAMP}.${process.pid}.tmp`;
    writeFileSync(
      temporary,
      `${JSON.stringify({ entries: BUNDLES, files: files.sort(), inputs: sorted, hash: hashOf(sorted) }, null, 2)}\n`,
    );
    renameSync(temporary, STAMP);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (!quiet) {
    process.stderr.write(
      `built ${ENTRIES.map((name) => `build/cli/${name}.cjs`).join(', ')} in ${Math.round(performance.now() - started)} ms\n`,
    );
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
