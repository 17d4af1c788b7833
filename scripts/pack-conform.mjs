/**
 * `npm run --silent pack:conform`: the conformance suite as a package of its own, `scope-conform`, that
 * installs alone (no dependency: the command is one bundled file) and runs anywhere Node 20 does. It
 * holds the command (bin/scope-conform.cjs, bundled as build/cli/conform.cjs is), the suite's fixtures
 * (the golden cases' and store lessons' scenarios, which the command finds beside itself), the JSON
 * report's schema, two example adapters (the Python store to copy, the project's own store), its README and the LICENSE. The
 * tarball is written to build/pack/; its path is the last line printed.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUNDLE_OPTIONS, englishOnly, ROOT } from './build-cli.mjs';

export const NAME = 'scope-conform';
const OUT = join(ROOT, 'build', 'pack');
const STAGE = join(OUT, NAME);

/** The suite's fixtures, as cli/conform/cases.ts reads them: every *.scenario.json of these folders. */
const FIXTURES = ['fixtures/golden', 'fixtures/lessons'];

function copy(from, to) {
  mkdirSync(join(to, '..'), { recursive: true });
  copyFileSync(join(ROOT, from), to);
}

async function bundle(esbuild, entry, outfile, extra = {}) {
  await esbuild.build({
    ...BUNDLE_OPTIONS,
    absWorkingDir: ROOT,
    entryPoints: [entry],
    outfile,
    plugins: [englishOnly],
    ...extra,
    define: { ...BUNDLE_OPTIONS.define, ...extra.define },
  });
}

/** Stage the package in build/pack/scope-conform/ and pack it; returns the tarball's path. */
export async function packConform() {
  const esbuild = await import('esbuild');
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  rmSync(STAGE, { recursive: true, force: true });
  mkdirSync(join(STAGE, 'bin'), { recursive: true });

  const bin = join(STAGE, 'bin', `${NAME}.cjs`);
  await bundle(esbuild, 'cli/conform.ts', bin, {
    banner: { js: '#!/usr/bin/env node' },
    define: { 'process.env.SCOPE_CONFORM_PROGRAM': JSON.stringify(NAME) },
  });
  chmodSync(bin, 0o755);
  await bundle(esbuild, 'conformance/adapters/own-store.ts', join(STAGE, 'examples', 'own-store.cjs'));
  copy('conformance/adapters/python/adapter.py', join(STAGE, 'examples', 'adapter.py'));
  copy('conformance/adapters/python/seed_store.py', join(STAGE, 'examples', 'seed_store.py'));

  copy('fixtures/scenario.json', join(STAGE, 'fixtures', 'scenario.json'));
  for (const folder of FIXTURES) {
    for (const file of readdirSync(join(ROOT, folder)).filter((name) => name.endsWith('.scenario.json'))) {
      copy(join(folder, file), join(STAGE, folder, file));
    }
  }
  // --json's report names this schema by its $id; --help names the file where the package keeps it.
  copy('conformance/report.schema.json', join(STAGE, 'conformance', 'report.schema.json'));
  copy('conformance/package/README.md', join(STAGE, 'README.md'));
  copy('LICENSE', join(STAGE, 'LICENSE'));

  const manifest = {
    name: NAME,
    version: root.version,
    description:
      "Check that your context store keeps users, tasks and agents apart: the scope-isolation playground's conformance suite, run against your store's adapter.",
    license: 'MIT',
    keywords: ['conformance', 'multi-tenant', 'isolation', 'memory', 'rag', 'agents'],
    bin: { [NAME]: `bin/${NAME}.cjs` },
    files: ['bin/', 'conformance/', 'examples/', 'fixtures/'],
    engines: root.engines,
  };
  writeFileSync(join(STAGE, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', OUT], {
    cwd: STAGE,
    encoding: 'utf8',
    // npm pack reads nothing from a registry; offline keeps it from asking.
    env: { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false' },
  });
  if (packed.status !== 0) throw new Error(`npm pack exited with ${packed.status}: ${packed.stderr.trim()}`);
  const [info] = JSON.parse(packed.stdout);
  const tarball = join(OUT, info.filename);
  return { tarball, bytes: statSync(tarball).size, unpacked: info.unpackedSize, files: info.entryCount };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { tarball, bytes, unpacked, files } = await packConform();
    process.stderr.write(
      `${NAME}: ${files} files, ${(bytes / 1024).toFixed(0)} KB packed, ${(unpacked / 1024).toFixed(0)} KB unpacked\n`,
    );
    process.stdout.write(`${tarball}\n`);
  } catch (error) {
    process.stderr.write(`pack-conform: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
