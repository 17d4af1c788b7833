/**
 * npm run screenshot [-- --no-build] [-- --port 4633]
 *
 * The README's picture, docs/workbench-leak.png: the built site (vite build into build/screenshot-site,
 * served by `vite preview` on 127.0.0.1) opened in Debian's Chromium at 1440×900 as a first visit sees
 * it: the seed lesson at the first step where the naive list leaks, with its one-line headline. The
 * tour it opens with is closed (Escape), and service workers are blocked so no "saved for offline"
 * notice covers the panes. Written as an indexed PNG (scripts/png8.ts), about 110 KB.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { readPng, writePng8 } from './png8';
import { buildSite, CHROMIUM_ARGS, chromiumPath, serveSite } from './site.mjs';

const ROOT = join(import.meta.dirname, '..');
const OUT = join('build', 'screenshot-site');
export const SCREENSHOT = join('docs', 'workbench-leak.png');
const at = process.argv.indexOf('--port');
const PORT = Number(at === -1 ? 4633 : process.argv[at + 1]);

async function main() {
  const executablePath = chromiumPath();
  if (!process.argv.includes('--no-build')) buildSite(OUT);
  const server = await serveSite(OUT, PORT);
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      colorScheme: 'light',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await page.goto(server.url);
    const tour = page.getByRole('dialog');
    await tour.waitFor();
    await page.keyboard.press('Escape');
    await tour.waitFor({ state: 'detached' });
    await page.locator('.request.naive .request-item.leak').first().waitFor();
    await page.waitForLoadState('networkidle');
    // Fonts and the last paint settle.
    await page.waitForTimeout(1000);
    const png = writePng8(readPng(await page.screenshot()));
    writeFileSync(join(ROOT, SCREENSHOT), png);
    console.log(`${SCREENSHOT}: 1440x900, ${(png.length / 1024).toFixed(0)} KB`);
  } finally {
    await browser.close();
    server.stop();
  }
}

await main();
