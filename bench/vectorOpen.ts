/**
 * npm run bench:vector [-- --port N --no-build]: how long the vector lesson takes to open, in the built
 * site served on 127.0.0.1: from navigating to its address in a fresh browser context (nothing cached:
 * the view's chunk, PGlite, pgvector and the 10 MB database are all fetched) until the learner's query
 * shows its rows against k. Five loads; prints each and the median. The lesson should open in under 3 s.
 */
import type { Browser } from 'playwright-core';
import { option } from './options';
import { onSite } from './site';

const LOADS = 5;
const BUDGET_MS = 3000;
const port = Number(option('port', '5131'));

async function openOnce(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('scope-isolation-playground/tour', 'seen'));
  const page = await context.newPage();
  try {
    const started = performance.now();
    await page.goto(`${url}#/lesson/vector-filter-after-scan`);
    await page.getByTestId('own-query').getByTestId('returned').waitFor({ timeout: 120_000 });
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

onSite({ out: 'build/bench-vector', port, build: !process.argv.includes('--no-build') }, async (browser, url) => {
  const times: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const ms = await openOnce(browser, url);
    times.push(ms);
    console.log(`load ${i + 1}: ${(ms / 1000).toFixed(2)} s`);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(LOADS / 2)]!;
  console.log(
    `vector lesson opens in ${(median / 1000).toFixed(2)} s (median of ${LOADS} fresh loads; budget ${BUDGET_MS / 1000} s)`,
  );
  if (median > BUDGET_MS) process.exitCode = 1;
});
