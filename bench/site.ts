/** The browser benchmarks' frame: build the site, serve it, open Debian's Chromium, and always close both. */
import { type Browser, chromium } from 'playwright-core';
import { buildSite, CHROMIUM_ARGS, chromiumPath, serveSite } from '../scripts/site.mjs';

export interface SiteOptions {
  /** The build's folder, relative to the project root. */
  out: string;
  port: number;
  /** false with --no-build: serve what `out` already holds. */
  build: boolean;
}

/** Run `measure` on the served site; a failure is printed and sets a non-zero exit code. */
export function onSite(options: SiteOptions, measure: (browser: Browser, url: string) => Promise<void>): void {
  const main = async () => {
    const executablePath = chromiumPath();
    if (options.build) buildSite(options.out, 'warn');
    const server = await serveSite(options.out, options.port);
    const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
    try {
      await measure(browser, server.url);
    } finally {
      await browser.close();
      server.stop();
    }
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
