/** Long tasks in the page (PerformanceObserver 'longtask'), recorded from the start, for the load and bounds specs. */
import type { Page } from '@playwright/test';

type LongTask = { start: number; duration: number };

/** Record every long task from before the page's own scripts run. */
export async function watchLongTasks(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: LongTask[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** A moment in the page's clock (performance.now()). */
export const now = (page: Page) => page.evaluate(() => performance.now());

/** Long tasks over `over` ms since `since`, as "duration at +offset"; empty when none. */
export const longTasksSince = (page: Page, since: number, over = 200) =>
  page.evaluate(
    ([t, limit]) =>
      (window as unknown as { __longTasks: LongTask[] }).__longTasks
        .filter((task) => task.start >= t! && task.duration > limit!)
        .map((task) => `${Math.round(task.duration)} ms at +${Math.round(task.start - t!)} ms`),
    [since, over],
  );
