/** bench:paste's page: a fresh page that records its long tasks, the store's text, and the optional profile. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { option } from './options';
import { callTree, type CpuProfile, longTasks, type TimedProfile, topSelfTime, type TraceEvent } from './profile';

/** --profile DIR: where a case's last run writes its CPU profile and trace ('' for none). */
export const PROFILE = option('profile', '');
export const EDITOR = '[data-testid="scenario-editor"]';

/** Long tasks seen since `since`, in ms (the observer is installed before the page's scripts run). */
export const tasksSince = (page: Page, since: number) =>
  page.evaluate(
    (t) =>
      (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter(
        (task) => task.start >= t,
      ),
    since,
  );

/** Wait until no long task has started for `quietMs` (or `maxMs` passed): the work after an input is done. */
export async function settle(page: Page, quietMs = 1_500, maxMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const last = await page.evaluate(() => {
      const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
      const end = tasks.length === 0 ? 0 : Math.max(...tasks.map((t) => t.start + t.duration));
      return performance.now() - end;
    });
    if (last >= quietMs || Date.now() - started > maxMs) return;
    await page.waitForTimeout(250);
  }
}

export async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const page = await context.newPage();
  await page.addInitScript(() => {
    (window as { __playgroundTestHook?: boolean }).__playgroundTestHook = true;
    window.localStorage.setItem('scope-isolation-playground/tour', 'seen');
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url);
  const toggle = page.getByRole('button', { name: 'Editor', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.locator(`${EDITOR} .monaco-editor .view-lines`).filter({ hasText: 'agents' }).waitFor({ timeout: 30_000 });
  await settle(page, 2_000);
  return page;
}

export const storeLength = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __playground: { getState(): { text: string } } }).__playground.getState().text.length,
  );
export const storeText = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __playground: { getState(): { text: string } } }).__playground.getState().text,
  );

/** The trace being recorded (the page's tasks: where each began and ended), and from which sessions. */
const trace: TraceEvent[] = [];
const listening = new WeakSet<CDPSession>();
const TRACED = 'toplevel,devtools.timeline';

export async function startProfile(cdp: CDPSession | null) {
  if (!cdp) return;
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  trace.length = 0;
  if (!listening.has(cdp)) {
    listening.add(cdp);
    cdp.on('Tracing.dataCollected', (data) => void trace.push(...(data.value as unknown as TraceEvent[])));
  }
  await cdp.send('Tracing.start', { categories: TRACED, transferMode: 'ReportEvents' });
}

export async function stopProfile(cdp: CDPSession | null, name: string) {
  if (!cdp) return;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile & TimedProfile };
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await traced;
  const file = join(PROFILE, `${name.replace(/[^\w.-]+/g, '-')}.cpuprofile`);
  mkdirSync(PROFILE, { recursive: true });
  writeFileSync(file, JSON.stringify(profile));
  writeFileSync(file.replace(/\.cpuprofile$/, '.trace.json'), JSON.stringify(trace));
  console.log(`\n${name}: most self time (profile in ${file}, trace beside it)`);
  for (const line of topSelfTime(profile, 15)) console.log(`  ${line}`);
  // Profiling slows the page: a task here may be longer than the same task unprofiled.
  const [task] = longTasks(trace, 50);
  if (task === undefined) return;
  console.log(
    `${name}: the longest task, ${((task.end - task.start) / 1000).toFixed(0)} ms while profiled, from the top`,
  );
  for (const line of callTree(profile, task, 2).slice(0, 60)) console.log(`  ${line}`);
}

export const longest = (tasks: { duration: number }[]) => Math.max(0, ...tasks.map((t) => t.duration));
