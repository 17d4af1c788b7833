/**
 * The Tasks panel loads lazily into the Lesson tab, in three stages: its chunk, the lesson's exercises
 * file, the verdicts (from the engine's worker, which judges a store lesson's tasks). Each chunk is held until the stage before it has painted, then let go; at
 * every stage nothing already in the Lesson tab may move (each element's box is compared with the one
 * it had a stage earlier), and the browser reports no layout shift (PerformanceObserver
 * 'layout-shift'). The viewports are tall enough that the whole Tasks panel shows, so a shift is seen.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test } from './fixtures';

/** The chunks of each stage, in the order they load (Vite names a chunk after its module). */
const STAGES = [
  { chunk: /\/assets\/lazy-[^/]+\.js$/, what: 'the Tasks panel' },
  { chunk: /\/assets\/exerciseTexts-[^/]+\.js$/, what: "the lesson's exercises" },
  // A store lesson's tasks are judged in its engine's worker: held, the tasks wait, "Checking…".
  { chunk: /\/assets\/worker-[^/]+\.js$/, what: "the engine's worker, which judges the tasks" },
] as const;

/** A chunk held until `release`, and whether the page asked for it at all (a renamed chunk must fail the test). */
async function hold(page: Page, chunk: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const state = { asked: false, release };
  await page.route(chunk, async (route: Route) => {
    state.asked = true;
    await released;
    await route.continue();
  });
  return state;
}

/**
 * In the page: every element of the Lesson tab's pane with its box, kept from the last call; returns
 * each element, present both times, whose box moved or changed size since then. A string, so the
 * TypeScript transform adds no helper the page lacks.
 */
const MOVED = `(() => {
  const pane = document.querySelector('#lesson')?.closest('[role="tabpanel"]');
  if (!pane) return ['(no Lesson tab pane)'];
  const name = (el) => el.nodeName.toLowerCase() + (el.id ? '#' + el.id : '') +
    (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const before = window.__boxes ?? new Map();
  const now = new Map();
  const moved = [];
  for (const el of [pane, ...pane.querySelectorAll('*')]) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const box = [r.left, r.top, r.width, r.height].map(Math.round);
    now.set(el, box);
    const was = before.get(el);
    // Height may grow only for the pane's own box and the Tasks panel: they hold what arrives.
    const grows = el === pane || el.id === 'tasks';
    if (was && (was[0] !== box[0] || was[1] !== box[1] || was[2] !== box[2] || (!grows && was[3] !== box[3])))
      moved.push(name(el) + ' ' + was.join(',') + ' -> ' + box.join(','));
  }
  window.__boxes = now;
  return moved;
})()`;

const SIZES = [
  { name: 'desktop', viewport: { width: 1440, height: 1400 }, layout: null },
  {
    name: 'phone',
    viewport: { width: 390, height: 2000 },
    layout: { format: 1, tab: 'lesson', phoneTab: 'lesson', editorOpen: false, presentation: false, sizes: {} },
  },
];

for (const size of SIZES) {
  test(`the Tasks panel lands in the Lesson tab without moving it (${size.name})`, async ({ page, guard: _ }) => {
    await page.setViewportSize(size.viewport);
    await page.addInitScript((layout) => {
      if (layout !== null) localStorage.setItem('scope-isolation-playground/layout', JSON.stringify(layout));
      const shifts: string[] = [];
      (window as unknown as { __shifts: string[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; sources: Array<{ node?: Node }> }
        >)
          shifts.push(`${entry.value.toFixed(4)}: ${entry.sources.map((s) => s.node?.nodeName ?? '?').join(', ')}`);
      }).observe({ type: 'layout-shift', buffered: true });
    }, size.layout);
    const holds = await Promise.all(STAGES.map((stage) => hold(page, stage.chunk)));
    const lessonTab = page.locator('[role="tabpanel"]').filter({ has: page.locator('#lesson') });
    const tasks = page.getByRole('region', { name: 'Tasks' });

    await page.goto('./');
    // Stage 0: the lesson bar, with the tasks still on their way.
    await expect(lessonTab.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(lessonTab.getByText('Loading the tasks…')).toBeVisible();
    const stages: Array<{ what: string; moved: string[] }> = [
      { what: 'the lesson', moved: await page.evaluate(MOVED) },
    ];
    for (const [i, stage] of STAGES.entries()) {
      expect(holds[i]!.asked, `the page asked for ${stage.what}'s chunk`).toBe(true);
      holds[i]!.release();
      // What each stage shows once it has landed.
      if (i === 0) await expect(tasks.getByText('Loading the tasks…')).toBeVisible();
      if (i === 1) await expect(tasks.getByText('Checking…').first()).toBeVisible();
      if (i === 2) await expect(tasks.getByText('Not yet.').first()).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      stages.push({ what: stage.what, moved: await page.evaluate(MOVED) });
    }
    await expect(tasks.getByText(/^0 of \d tasks met\.$/)).toBeVisible();
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
    const total = shifts.reduce((sum, entry) => sum + Number(entry.split(':')[0]), 0);
    console.log(`${size.name} ${size.viewport.width}×${size.viewport.height}: layout shift ${total.toFixed(4)}`);
    expect.soft(stages.filter((stage) => stage.moved.length > 0)).toEqual([]);
    expect(shifts, 'layout-shift entries (value: sources)').toEqual([]);
  });
}
