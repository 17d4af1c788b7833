/** Helpers for the command-line tests: run a real command as a child process, write scratch files. */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run a command from the project root, stdin closed, colours off; resolves when it exits. */
export function run(command: string, args: readonly string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** `npm run --silent <script> -- ...args`, exactly as the README shows it. */
export function npmRun(script: string, ...args: string[]): Promise<Run> {
  return run('npm', ['run', '--silent', script, '--', ...args]);
}

export function projectText(path: string): string {
  return readFileSync(join(ROOT, path), 'utf8');
}

const scratchDirs: string[] = [];

/** A fresh scratch directory (removed by removeScratch); returns a function that writes a file there. */
export function scratch(prefix = 'cli-test-'): (name: string, content: string) => string {
  const dir = scratchDir(prefix);
  return (name, content) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
}

/** A fresh, empty scratch directory, removed by removeScratch. */
export function scratchDir(prefix = 'cli-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratchDirs.push(dir);
  return dir;
}

/** Remove every scratch directory this test file made (call it from afterAll). */
export function removeScratch(): void {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A stack trace line ("    at f (file:1:2)"): expected errors must never print one. */
export const STACK_LINE = /^\s+at .+[(:]/m;
