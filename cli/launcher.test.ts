/**
 * The bundled command line never runs stale: scripts/cli.mjs (what `npm run replay` runs) rebuilds
 * build/cli/*.cjs when a source changed, and only then. Run in a scratch copy of the sources, so the
 * edit it makes cannot disturb the working tree.
 */
import { cpSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeScratch, ROOT, run, scratchDir } from './testing';

afterAll(removeScratch);

function scratchCopy(): string {
  const dir = scratchDir('cli-launcher-');
  for (const path of [
    'cli',
    'src/core',
    'src/db',
    'scripts',
    'fixtures/scenario.json',
    'package.json',
    'package-lock.json',
  ]) {
    cpSync(join(ROOT, path), join(dir, path), { recursive: true, filter: (source) => !source.endsWith('.test.ts') });
  }
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

describe('the command-line launcher', () => {
  it('builds a missing bundle, reuses a fresh one and rebuilds after a source changed', async () => {
    const dir = scratchCopy();
    const usage = () => run('node', [join(dir, 'scripts/cli.mjs'), 'replay']);
    const bundle = join(dir, 'build/cli/replay.cjs');

    expect((await usage()).stderr).toBe('usage: npm run --silent replay -- FILE\n');
    const built = statSync(bundle).mtimeMs;
    const replayed = await run('node', [join(dir, 'scripts/cli.mjs'), 'replay', join(dir, 'fixtures/scenario.json')]);
    expect(replayed.stdout).toBe(readFileSync(join(ROOT, 'recorded/isolation-result.json'), 'utf8'));
    expect(statSync(bundle).mtimeMs).toBe(built);

    const io = join(dir, 'cli/io.ts');
    writeFileSync(io, readFileSync(io, 'utf8').replace('usage: npm run', 'usage (edited): npm run'));
    expect((await usage()).stderr).toBe('usage (edited): npm run --silent replay -- FILE\n');
    expect(statSync(bundle).mtimeMs).toBeGreaterThan(built);
  }, 60_000);

  it('refuses an unknown command', async () => {
    const { code, stderr } = await run('node', ['scripts/cli.mjs', 'explode']);
    expect(code).toBe(2);
    expect(stderr).toBe('usage: node scripts/cli.mjs {replay|grade|conform} FILE\n');
  });
});
