#!/usr/bin/env node
/**
 * node scripts/make-icons.mjs
 *
 * Draws the installed app's PNG icons (public/icon-192.png, icon-512.png, icon-maskable-512.png) from
 * public/favicon.svg in Chromium, so the icons are made from the one drawing and shipped with the site.
 * The maskable icon keeps the drawing inside the middle 80% (the safe zone a launcher may crop to).
 * Run it again after the favicon changes; the outputs are committed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './site.mjs';

const PUBLIC = join(import.meta.dirname, '..', 'public');
const svg = readFileSync(join(PUBLIC, 'favicon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
try {
  for (const { file, size, inset, background } of [
    { file: 'icon-192.png', size: 192, inset: 0, background: 'transparent' },
    { file: 'icon-512.png', size: 512, inset: 0, background: 'transparent' },
    { file: 'icon-maskable-512.png', size: 512, inset: 0.1, background: '#2f5d8a' },
  ]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const pad = Math.round(size * inset);
    await page.setContent(
      `<html><body style="margin:0;background:${background}"><div style="padding:${pad}px">` +
        svg.replace('<svg ', `<svg width="${size - 2 * pad}" height="${size - 2 * pad}" style="display:block" `) +
        '</div></body></html>',
    );
    await page.screenshot({ path: join(PUBLIC, file), omitBackground: background === 'transparent' });
    await page.close();
    console.log(`wrote public/${file}`);
  }
} finally {
  await browser.close();
}
