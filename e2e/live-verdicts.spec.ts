/**
 * What a screen reader hears while the engine works: every text a live region shows is recorded (a
 * MutationObserver, installed before the page's scripts), and none may contradict the verdict the page
 * settles on once the engine has answered.
 */
import type { Page } from '@playwright/test';
import { generateScenario } from '../bench/scenario';
import { expect, open, test } from './fixtures';
import { enableTestHook, loadThroughStore } from './hostile-support';
import { openLesson } from './lessons-support';
import { openTab } from './workbench-support';

test.describe.configure({ timeout: 180_000 });

/** Record each distinct text of every live region (role=status or aria-live), in order, from the page's start. */
async function hearLiveRegions(page: Page) {
  await page.addInitScript(() => {
    const heard: { region: string; text: string }[] = [];
    (window as unknown as { __heard: typeof heard }).__heard = heard;
    const last = new Map<Element, string>();
    const listen = () => {
      for (const region of document.querySelectorAll('[role="status"], [aria-live]')) {
        const text = (region.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (last.get(region) === text) continue;
        last.set(region, text);
        const name = region.getAttribute('aria-label') ?? region.closest('[class]')?.className ?? '';
        heard.push({ region: name, text });
      }
    };
    new MutationObserver(listen).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const heardSince = (page: Page, from: number) =>
  page.evaluate((n) => (window as unknown as { __heard: { region: string; text: string }[] }).__heard.slice(n), from);
const heardCount = (page: Page) => page.evaluate(() => (window as unknown as { __heard: unknown[] }).__heard.length);

test('"Reproduce the incident" is announced with its red checks, never with the checks from before', async ({
  page,
  guard: _,
}) => {
  await hearLiveRegions(page);
  await open(page);
  await openLesson(page, 'Metadata that names its owner');
  // The button names the rule two tasks ask for: it waits until they are answered or given up.
  await expect(page.getByRole('button', { name: /^Reproduce the incident/ })).toHaveCount(0);
  const tasks = page.getByRole('region', { name: 'Tasks' });
  for (const id of ['choose the rule', 'Switch off the rule this lesson'])
    await tasks.getByRole('listitem').filter({ hasText: id }).first().getByRole('button', { name: 'Show me' }).click();
  const from = await heardCount(page);
  await page.getByRole('button', { name: /^Reproduce the incident/ }).click();
  const line = page.locator('.lesson-reproduce [role="status"]');
  await expect(line).toContainText(/checks? red now/);
  await page.waitForTimeout(500);
  const heard = (await heardSince(page, from)).map((h) => h.text);
  const about = heard.filter((text) => /Incident reproduced|Checks verdict|check/.test(text));
  expect(about.length).toBeGreaterThan(0);
  expect(
    heard.filter((text) => /Every check is still green|Every check passes|No check is red yet/.test(text)),
  ).toEqual([]);
});

test('a rule switched off at 20,000 steps never shows "Every check passes" before its red verdict', async ({
  page,
  guard: _,
}) => {
  await hearLiveRegions(page);
  await enableTestHook(page);
  await open(page);
  const big = JSON.stringify(generateScenario({ users: 2400, itemsPerUser: 10, queries: 680 }));
  await loadThroughStore(page, big);
  const verdict = page.getByRole('status', { name: 'Checks verdict' });
  await expect(verdict).toContainText('Every check passes', { timeout: 120_000 });
  await openTab(page, 'Break a rule');
  const from = await heardCount(page);
  await page.getByRole('checkbox', { name: 'The cache key holds the principal', exact: true }).uncheck();
  await expect(verdict).toContainText(/checks red/, { timeout: 120_000 });
  await page.waitForTimeout(500);
  const heard = (await heardSince(page, from)).map((h) => h.text);
  expect(heard.filter((text) => /Every check passes|No check is red yet/.test(text))).toEqual([]);
  // What was heard on the way: the replay said so, then the red verdict.
  expect(heard.some((text) => text.includes('Replaying…'))).toBe(true);
});
