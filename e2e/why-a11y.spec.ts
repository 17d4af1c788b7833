/**
 * The "show why" views for every learner: axe finds nothing with a rule off, checks red, the compare
 * mode open and the banner showing, in light, dark and a narrow window; and screenshots of each view.
 */
import type { Page } from '@playwright/test';
import { axe } from './axe-support';
import { expect, open, SHOTS, test } from './fixtures';
import { whyPanelsReady, flipRule } from './why-support';
import { openTab } from './workbench-support';

test.describe.configure({ timeout: 180_000 });

/** Alice's query with Bob's cached context served to her, compared with Bob. */
async function brokenCacheAtAlicesQuery(page: Page) {
  await whyPanelsReady(page);
  // On a phone the steps are a pane of their own.
  if ((await page.getByRole('tab', { name: 'Steps', exact: true }).count()) > 0) await openTab(page, 'Steps');
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(9).click();
  await flipRule(page, 'cacheKeyPrincipal', true);
  await openTab(page, 'Compare');
  await page
    .getByRole('region', { name: 'Compare two principals' })
    .getByRole('button', { name: 'Compare with another principal' })
    .click();
  await expect(page.getByRole('region', { name: 'Rules switched off' })).toBeVisible();
  await openTab(page, 'Checks');
  await expect(page.getByRole('region', { name: 'Checks' }).getByRole('status')).toContainText('red');
}

for (const [theme, size] of [
  ['light', { width: 1280, height: 800 }],
  ['dark', { width: 1280, height: 800 }],
  ['narrow', { width: 420, height: 900 }],
] as const) {
  test(`axe finds no violations in the explainer, compare, switches, checks and cache (${theme})`, async ({
    page,
    guard: _,
  }) => {
    if (theme === 'dark') await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize(size);
    await open(page);
    await brokenCacheAtAlicesQuery(page);
    expect(await axe(page)).toEqual([]);

    const name = theme === 'narrow' ? 'narrow' : theme === 'dark' ? 'dark' : 'wide';
    const phone = theme === 'narrow';
    for (const [region, file, tab] of [
      [/^Requests for/, 'requests', phone ? 'Requests' : null],
      ['Why is each item in or out?', 'explainer', 'Why'],
      ['Compare two principals', 'compare', 'Compare'],
      ['Break a rule', 'switches', 'Break a rule'],
      ['Checks', 'checks', 'Checks'],
      ['Context cache', 'cache', 'Cache'],
    ] as const) {
      // Each view lives in its own tab of the dock (on a phone, its own pane).
      if (tab !== null) await openTab(page, tab);
      const panel = page.getByRole('region', { name: region });
      await expect(panel).toBeVisible();
      expect(await axe(page), `${file} (${theme})`).toEqual([]);
      // The window as a learner sees it with the panel's top at the top of the window.
      await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${SHOTS}/why-${name}-${file}.png` });
    }
  });
}
