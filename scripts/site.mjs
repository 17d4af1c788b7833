/**
 * What the measuring scripts (layout, bench/browser.ts and bench/paste.ts, lighthouse) share: build the site into a folder,
 * serve it with `vite preview` on 127.0.0.1, and Debian's Chromium with the flags it needs here. Plain
 * JavaScript, so lighthouse.mjs runs it under node alone; site.d.mts types it for the TypeScript scripts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/**
 * Chromium's flags for headless runs on this machine: without the networking ones it keeps trying to
 * reach the internet (TOOLCHAIN.md). playwright.config.ts launches with the same.
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/** Debian's Chromium, from `variable` (default CHROMIUM_PATH) or /usr/bin/chromium; throws, saying how to install it, when missing. */
export function chromiumPath(variable = 'CHROMIUM_PATH') {
  const path = process.env[variable] ?? '/usr/bin/chromium';
  if (!existsSync(path))
    throw new Error(`Chromium not found at ${path}: apt-get install -y chromium, or set ${variable}`);
  return path;
}

/** `vite build` into `outDir` (relative to the project root); throws when the build fails. */
export function buildSite(outDir, logLevel = 'error') {
  const built = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', logLevel], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`vite build exited with ${built.status}`);
}

/**
 * Serve `outDir` with `vite preview` on 127.0.0.1:`port` and wait until it answers. The server runs in
 * its own process group, so `stop()` ends it and the npx wrapper together.
 */
export async function serveSite(outDir, port) {
  const server = spawn(
    'npx',
    ['vite', 'preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: ROOT, stdio: 'ignore', detached: true },
  );
  const stop = () => {
    if (server.pid !== undefined && server.exitCode === null) process.kill(-server.pid);
  };
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 200; i++) {
    if (server.exitCode !== null) throw new Error(`vite preview exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return { url, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  stop();
  throw new Error(`no server at ${url}`);
}
