/**
 * A first visit lands on the seed's first leak without moving what was already painted: the panes are
 * first drawn at step 7, and the tour's scroll to its stop moves the page, not its content. Recorded with
 * PerformanceObserver('layout-shift') from before the page's own scripts, on a phone four times slower
 * than this machine (Lighthouse's mobile preset), where a landing drawn a frame late cost a CLS of 0.78.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, open, test } from './fixtures';

type Shift = { value: number; at: number; moved: string[] };

/** The layout shift a person would feel (none right after their own input), from the first paint on. */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: Shift[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & Record<string, unknown>>) {
        if (entry.hadRecentInput === true) continue;
        const sources = (entry.sources ?? []) as Array<{ node?: Node | null }>;
        w.__shifts.push({
          value: entry.value as number,
          at: Math.round(entry.startTime),
          moved: sources.map((s) => (s.node instanceof Element ? `${s.node.tagName}.${s.node.className}` : '?')),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Their sum, once the page has settled (the engine's answers in, the tour placed); fails naming what moved. */
async function expectSteady(page: Page) {
  await page.evaluate(() => new Promise((done) => setTimeout(done, 1000)));
  const seen = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
  const total = seen.reduce((sum, shift) => sum + shift.value, 0);
  expect(total, `layout shifts: ${JSON.stringify(seen)}`).toBeLessThan(0.1);
}

/** A phone of `size`, `slower` times slower than this machine, recording layout shifts. */
async function phone(page: Page, context: BrowserContext, size: { width: number; height: number }, slower = 1) {
  await page.setViewportSize(size);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slower });
  await watchShifts(page);
}

const current = (page: Page) => page.locator('.current-step[aria-live="polite"]');
const naiveLeak = (page: Page) => page.locator('.request.naive .request-item.leak');

test.describe('a first visit', () => {
  test.use({ firstRun: true });

  for (const size of [
    { width: 412, height: 823 },
    { width: 390, height: 844 },
  ])
    test(`on a slow ${size.width}×${size.height} phone lands at step 7 with a layout shift under 0.1, its leaked row in view`, async ({
      page,
      context,
      guard: _,
    }) => {
      await phone(page, context, size, 4);
      await open(page);
      await expect(current(page)).toContainText('Step 7 of 12');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('Scoped and naive requests');
      await expect(dialog).toBeInViewport();
      await expectSteady(page);
      // The leaked row is on screen at the first stop, whole, and the dialog stands clear of it.
      await expect(naiveLeak(page)).toBeInViewport({ ratio: 0.99 });
      const row = (await naiveLeak(page).boundingBox())!;
      const stop = (await dialog.boundingBox())!;
      expect(row.y >= stop.y + stop.height || row.y + row.height <= stop.y, 'the tour covers the leaked row').toBe(
        true,
      );
    });
});
