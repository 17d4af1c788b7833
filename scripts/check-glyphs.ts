/**
 * Draws every character of ALLOWED_GLYPHS in Chromium with the page's two font stacks (body text and
 * code, read from src/styles.css) and compares each drawing, pixel by pixel, with the missing-glyph box
 * of an unassigned code point (U+0378). Prints one line per character and stack, writes the drawings to
 * build/glyphs.png to look at, and exits 1 when an allowed character is drawn as the box. "ⓘ" is drawn
 * too, as a control: Debian's fonts lack it, so there it must come out as the box.
 *
 *   npm run glyphs        (CHROMIUM_PATH, default /usr/bin/chromium)
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { ALLOWED_GLYPHS } from '../src/ui/common/glyphs';

const css = readFileSync(new URL('../src/styles.css', import.meta.url), 'utf8');
const body = /body\s*{[^}]*?\bfont:\s*[\d.]+px\/[\d.]+\s*([^;]+);/.exec(css)?.[1];
const mono = /--mono:\s*([^;]+);/.exec(css)?.[1];
if (!body || !mono) throw new Error('src/styles.css: the body font or --mono was not found');
const stacks = { text: body.replace(/\s+/g, ' '), code: mono.replace(/\s+/g, ' ') };

const MISSING = '\u0378';
const CONTROL = 'ⓘ';
const chars = [MISSING, CONTROL, ...ALLOWED_GLYPHS.keys()];
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1000, height: 400 } });
const row = (name: string, stack: string) =>
  `<div style="font:32px/1 ${escape(stack)}">${chars
    .map((c, i) => `<span id="${name}${i}" class="g">${escape(c)}</span>`)
    .join('')}</div>`;
await page.setContent(
  `<style>body{margin:8px} .g{display:inline-block;width:48px;height:40px;text-align:center}</style>
   ${row('text', stacks.text)}${row('code', stacks.code)}`,
);

// Decoded in the page (no PNG library here): for each drawing, the count of bytes that differ from the
// first one (the box). Passed as source text: tsx would wrap a function literal in helpers the page lacks.
const DIFFER = `async (pngs) => {
  const pixels = async (png) => {
    const image = new Image();
    image.src = 'data:image/png;base64,' + png;
    await image.decode();
    const context = new OffscreenCanvas(image.width, image.height).getContext('2d');
    context.drawImage(image, 0, 0);
    return context.getImageData(0, 0, image.width, image.height).data;
  };
  const all = await Promise.all(pngs.map(pixels));
  return all.map((data) => data.reduce((n, byte, k) => n + (byte === all[0][k] ? 0 : 1), 0));
}`;

let bad = 0;
for (const name of Object.keys(stacks) as (keyof typeof stacks)[]) {
  const shots: string[] = [];
  for (let i = 0; i < chars.length; i++)
    shots.push((await page.locator(`#${name}${i}`).screenshot()).toString('base64'));
  const differing = (await page.evaluate(`(${DIFFER})(${JSON.stringify(shots)})`)) as number[];
  chars.forEach((c, i) => {
    if (i === 0) return;
    const box = differing[i] === 0;
    if (box && c !== CONTROL) bad++;
    const what = c === CONTROL ? ' (control: lacking here is expected)' : ` ${ALLOWED_GLYPHS.get(c)}`;
    console.log(`${name} ${hex(c)} ${c} ${box ? 'BOX' : 'drawn'} ${differing[i]}${what}`);
  });
}
mkdirSync('build', { recursive: true });
await page.screenshot({ path: 'build/glyphs.png', fullPage: true });
await browser.close();
console.log(`${ALLOWED_GLYPHS.size} allowed characters, 2 font stacks: ${bad} drawn as the missing-glyph box`);
console.log('drawings: build/glyphs.png (first column: the box, second: the control ⓘ)');
process.exit(bad === 0 ? 0 : 1);
