/**
 * npm run layout [-- --no-build] [-- --port 4632] [-- --shots DIR]
 *
 * Builds the site into build/layout-site, serves it with `vite preview` on 127.0.0.1 and opens, in
 * Debian's Chromium, at 1440×900, 1280×720, 1024×768 and 390×844, a share link to the seed lesson at
 * step 9 with one rule switched off ("taskCheck") and the "Break a rule" tab open. For each it prints:
 * the document's scroll height against the viewport's, horizontal overflow in px, whether the step
 * controls, the scoped panel, the naive panel, the checks verdict and the open tab are inside the
 * viewport (and not clipped away by their pane), the layout shift from load to idle
 * (PerformanceObserver 'layout-shift'), the page's scroll position and whether focus moved on load.
 * Targets: ≥ 1024 px no page scroll and all five in view; 390 px no horizontal overflow; shift 0.
 * Exits 1 when a target is missed. With --shots it also saves a screenshot of each size, light and dark.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { createRequire } from 'node:module';
import { buildSite, CHROMIUM_ARGS, chromiumPath, serveSite } from './site.mjs';

// lz-string is CommonJS, which Node's ESM loader cannot import by name (the site's bundler can).
const { compressToEncodedURIComponent } = createRequire(import.meta.url)('lz-string') as {
  compressToEncodedURIComponent(text: string): string;
};

const ROOT = join(import.meta.dirname, '..');
const OUT = join('build', 'layout-site');
const option = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at !== -1 && process.argv[at + 1] !== undefined ? process.argv[at + 1]! : fallback;
};
const PORT = Number(option('port', '4632'));
const SHOTS = option('shots', '');
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

/** The seed at step 9 with one rule off and the rule switches open: the state the issue asks about. */
function seedLink(view: { tab: string; editor?: boolean } = { tab: 'rules' }): string {
  const scenario = readFileSync(join(ROOT, 'fixtures', 'scenario.json'), 'utf8');
  // The v1 link format of src/core/sharing/shareLink.ts (encodeShare); the page rejects a malformed one.
  const state = {
    scenario,
    step: 9,
    principal: null,
    question: null,
    rulesOff: ['taskCheck'],
    lesson: 'seed-alice-bob',
    view,
  };
  return `#v1.${compressToEncodedURIComponent(JSON.stringify(state))}`;
}

const TARGETS = {
  'step controls': '[role="toolbar"][aria-label="Move through the steps"]',
  'scoped panel': '.request.scoped',
  'naive panel': '.request.naive',
  'checks verdict': '[aria-label="Checks verdict"]',
  'open tab': '[role="tabpanel"]:not([hidden])',
};

/**
 * In the page: how much of each target is visible, clipped by the viewport and every scrolling box. A
 * string, not a function: the TypeScript loader would wrap named functions in helpers the page lacks.
 */
const MEASURE = `(() => {
  const targets = ${JSON.stringify(TARGETS)};
  const visible = (selector) => [...document.querySelectorAll(selector)].some((el) => {
    if (el.getClientRects().length === 0) return false;
    const own = el.getBoundingClientRect();
    let top = Math.max(own.top, 0), bottom = Math.min(own.bottom, innerHeight);
    let left = Math.max(own.left, 0), right = Math.min(own.right, innerWidth);
    for (let box = el.parentElement; box !== null && box !== document.body; box = box.parentElement) {
      const style = getComputedStyle(box);
      if (style.overflowY === 'visible' && style.overflowX === 'visible') continue;
      const r = box.getBoundingClientRect();
      top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
      left = Math.max(left, r.left); right = Math.min(right, r.right);
    }
    // At least a line of it shows (or all of it, when it is shorter than that).
    return right - left > 40 && bottom - top >= Math.min(24, own.height - 1);
  });
  const doc = document.scrollingElement;
  return {
    scrollHeight: doc.scrollHeight,
    viewport: innerHeight,
    overflowX: Math.max(0, doc.scrollWidth - innerWidth),
    inView: Object.fromEntries(Object.entries(targets).map(([name, selector]) => [name, visible(selector)])),
    shift: window.__shift,
    shifted: window.__shifted,
    scrollY: Math.round(scrollY),
    focusMoved: document.activeElement !== document.body && document.activeElement !== null,
  };
})()`;

interface Measured {
  scrollHeight: number;
  viewport: number;
  overflowX: number;
  inView: Record<string, boolean>;
  shift: number;
  shifted: string[];
  scrollY: number;
  focusMoved: boolean;
}

const measure = (page: Page) => page.evaluate(MEASURE) as Promise<Measured>;

async function main() {
  const executablePath = chromiumPath();
  if (!process.argv.includes('--no-build')) buildSite(OUT);
  const server = await serveSite(OUT, PORT);
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS] });
  let missed = 0;
  try {
    const { url } = server;
    const fragment = seedLink();
    if (SHOTS !== '') mkdirSync(SHOTS, { recursive: true });
    console.log(
      'size       page height / viewport  overflow-x  controls scoped naive verdict tab  shift  scrollY focus',
    );
    for (const size of SIZES) {
      for (const scheme of SHOTS === '' ? (['light'] as const) : (['light', 'dark'] as const)) {
        const context = await browser.newContext({ viewport: size, colorScheme: scheme });
        const page = await context.newPage();
        await page.addInitScript(`
          window.__shift = 0;
          window.__shifted = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              if (entry.hadRecentInput) continue;
              window.__shift += entry.value;
              if (entry.sources.length === 0) window.__shifted.push('(no source) ' + entry.value.toFixed(5) + ' at ' + Math.round(entry.startTime) + ' ms');
              for (const source of entry.sources) {
                const node = source.node;
                const name = node ? (node.id ? '#' + node.id : node.nodeName + (node.className ? '.' + String(node.className).split(' ')[0] : '')) : '?';
                window.__shifted.push(name + ' at ' + Math.round(entry.startTime) + ' ms');
              }
            }
          }).observe({ type: 'layout-shift', buffered: true });
        `);
        await page.goto(`${url}${fragment}`);
        await page.locator('[aria-label="Checks verdict"]').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1500);
        const m = await measure(page);
        if (scheme === 'light') {
          const wide = size.width >= 1024;
          const ok =
            m.shift === 0 &&
            m.overflowX === 0 &&
            (!wide || (m.scrollHeight <= m.viewport && Object.values(m.inView).every(Boolean)));
          if (!ok) missed++;
          const mark = (b: boolean) => (b ? 'yes' : 'NO ').padEnd(8);
          console.log(
            `${`${size.width}×${size.height}`.padEnd(10)} ${`${m.scrollHeight} / ${m.viewport}`.padEnd(23)} ${String(m.overflowX).padEnd(11)} ${Object.values(m.inView).map(mark).join('')} ${m.shift.toFixed(4)} ${String(m.scrollY).padEnd(7)} ${m.focusMoved ? 'MOVED' : 'kept'}${ok ? '' : '  <- target missed'}`,
          );
        }
        if (scheme === 'light' && m.shifted.length > 0) console.log(`           shifted: ${m.shifted.join(', ')}`);
        if (SHOTS !== '')
          await page.screenshot({ path: join(SHOTS, `workbench-${size.width}x${size.height}-${scheme}.png`) });
        await context.close();
      }
    }
    if (SHOTS !== '') {
      // Two more layouts to look at: the editor open beside the results, and presentation mode.
      const extra = [
        { name: 'editor-1440x900', size: SIZES[0]!, view: { tab: 'rules', editor: true }, presentation: false },
        { name: 'presentation-1280x720', size: SIZES[1]!, view: { tab: 'why' }, presentation: true },
      ];
      for (const shot of extra) {
        const context = await browser.newContext({ viewport: shot.size });
        const page = await context.newPage();
        if (shot.presentation)
          await page.addInitScript(
            `localStorage.setItem('scope-isolation-playground/layout', JSON.stringify({ format: 1, tab: 'why', phoneTab: 'requests', editorOpen: false, presentation: true, sizes: {} }))`,
          );
        await page.goto(`${url}${seedLink(shot.view)}`);
        await page.locator('[aria-label="Checks verdict"]').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(shot.view.editor ? 6000 : 1500);
        await page.screenshot({ path: join(SHOTS, `workbench-${shot.name}.png`) });
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.stop();
  }
  process.exit(missed === 0 ? 0 : 1);
}

await main();
