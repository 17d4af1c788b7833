/**
 * The suite as a package of its own (scripts/pack-conform.mjs): `npm run --silent pack:conform` prints
 * a tarball's path; installed alone into an empty folder, offline and with an empty npm cache (so a
 * dependency could come from nowhere), it gives the command `scope-conform`, which finds its fixtures
 * inside the package whatever the working directory, and runs the suite against the Python example
 * adapter and the project's own store.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeShare } from '../src/core/sharing/shareLink';
import { npmRun, projectText, removeScratch, ROOT, type Run, scratchDir, STACK_LINE } from './testing';

/** Run `command` in `cwd` through a shell, with a fresh environment of npm's settings (no registry). */
function shell(command: string, cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const version = (JSON.parse(projectText('package.json')) as { version: string }).version;
let tarball = '';
/** The empty folder the package is installed into. */
let home = '';
const PACKAGE = () => join(home, 'node_modules', 'scope-conform');

beforeAll(async () => {
  const packed = await npmRun('pack:conform');
  expect(packed.stderr).toMatch(/^scope-conform: \d+ files, \d+ KB packed/m);
  expect(packed.code).toBe(0);
  tarball = packed.stdout.trimEnd().split('\n').at(-1)!;
  expect(existsSync(tarball)).toBe(true);
  home = scratchDir('scope-conform-');
  // A registry that does not exist and an empty cache: only the tarball itself can be installed.
  const installed = await shell(`npm install --offline --no-audit --no-fund '${tarball}'`, home, {
    npm_config_cache: join(home, '.npm-cache'),
    npm_config_registry: 'http://127.0.0.1:9/',
  });
  expect(installed.stderr).not.toMatch(/ERR/);
  expect(installed.code).toBe(0);
}, 60_000);

afterAll(removeScratch);

describe('the scope-conform package', () => {
  it('is one package, named, versioned and licensed, with no dependency, a bin, a README and the LICENSE', () => {
    const manifest = JSON.parse(readFileSync(join(PACKAGE(), 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'scope-conform',
      version,
      license: 'MIT',
      bin: { 'scope-conform': 'bin/scope-conform.cjs' },
      engines: { node: '>=20' },
    });
    expect(manifest.description).toEqual(expect.any(String));
    expect(manifest.dependencies).toBeUndefined();
    // npm installed nothing beside it.
    const lock = JSON.parse(readFileSync(join(home, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    expect(Object.keys(lock.packages).filter((path) => path !== '')).toEqual(['node_modules/scope-conform']);
    expect(readFileSync(join(PACKAGE(), 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(readFileSync(join(PACKAGE(), 'README.md'), 'utf8')).toMatch(/npx scope-conform --exec/);
  });

  it('answers --help (usage as scope-conform, exit codes; exit 0) and --version', async () => {
    const help = await shell('npx scope-conform --help', home);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: scope-conform \(--exec "CMD" \| --url /);
    expect(help.stdout).toMatch(/^Exit codes:\n +0 +everything conforms.*\n +1 +a rule failed.*\n +2 /m);
    const shown = await shell('npx scope-conform --version', home);
    expect(shown).toMatchObject({ code: 0, stdout: `${version}\n` });
    const wrong = await shell('npx scope-conform --exce x', home);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toBe('scope-conform: unknown option --exce (see scope-conform --help)\n');
  }, 30_000);

  it('runs the suite against the Python example adapter, outside any clone: it conforms (exit 0)', async () => {
    const adapter = join(ROOT, 'conformance', 'adapters', 'python', 'adapter.py');
    const run = await shell(`npx scope-conform --exec "python3 '${adapter}'"`, home);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^pass +golden cases: (\d+) of \1 conform$/m);
    expect(run.stdout).toMatch(/^pass +store lessons: (\d+) of \1 conform$/m);
    expect(run.stdout).toMatch(/^\d+ scenarios, 0 failed; (\d+) of \1 rules conform$/m);
    // The report lands under the working folder, not inside the package.
    expect(existsSync(join(home, 'build', 'conform', 'report.txt'))).toBe(true);
  }, 60_000);

  it('runs the same suite against the project\u2019s own store, as the README runs it and as the package ships it', async () => {
    // The project's own invocation, from the clone; the command, the fixtures and the reports are the package's.
    const own = await shell(
      `npx scope-conform --exec "cd '${ROOT}' && node --import tsx conformance/adapters/own-store.ts" --out own`,
      home,
    );
    expect(own.stderr).toBe('');
    expect(own.code).toBe(0);
    expect(own.stdout).toMatch(/^\d+ scenarios, 0 failed; (\d+) of \1 rules conform$/m);
    const shipped = await shell(
      'npx scope-conform --exec "node node_modules/scope-conform/examples/own-store.cjs"',
      home,
    );
    expect(shipped.code).toBe(0);
    expect(shipped.stdout.split('\n').at(-3)).toBe(own.stdout.split('\n').at(-3));
  }, 60_000);

  it('with a rule switched off in the shipped own store: that rule fails (exit 1), shrunk, linked', async () => {
    const run = await shell(
      'npx scope-conform --exec "node node_modules/scope-conform/examples/own-store.cjs --rule-off taskCheck" --cases canaries --out broken',
      home,
    );
    expect(run.stderr).not.toMatch(STACK_LINE);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^FAIL +taskCheck /m);
    const file = /scenario: (\S+\.scenario\.json)/.exec(run.stdout)![1]!;
    expect(existsSync(join(home, file))).toBe(true);
    const link = /open: http:\/\/localhost:4173\/(#v1\.\S+)/.exec(run.stdout)![1]!;
    expect(decodeShare(link).kind).toBe('shared');
  }, 60_000);

  it('prints the report as JSON, naming the schema the package ships', async () => {
    const adapter = join(PACKAGE(), 'examples', 'adapter.py');
    const run = await shell(`npx scope-conform --exec "python3 '${adapter}'" --cases canaries --json --out json`, home);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as { $schema: string; outcome: string; exitCode: number };
    const schema = JSON.parse(readFileSync(join(PACKAGE(), 'conformance', 'report.schema.json'), 'utf8')) as {
      $id: string;
    };
    expect(report).toMatchObject({ $schema: schema.$id, outcome: 'conforms', exitCode: 0 });
  }, 60_000);

  it('reads its fixtures from the package, not from the working folder', async () => {
    // A folder that looks like a clone with no golden case at all: the package's own are run.
    const decoy = join(home, 'decoy');
    mkdirSync(join(decoy, 'fixtures', 'golden'), { recursive: true });
    writeFileSync(join(decoy, 'fixtures', 'scenario.json'), '{}');
    const adapter = join(PACKAGE(), 'examples', 'adapter.py');
    const run = await shell(`../node_modules/.bin/scope-conform --exec "python3 '${adapter}'" --cases golden`, decoy);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^pass +golden cases: (\d+) of \1 conform$/m);
    expect(Number(/golden cases: (\d+)/.exec(run.stdout)![1])).toBeGreaterThan(0);
  }, 60_000);
});
