/** Share links, the clean start, and export and import: the learner's own saved work is never lost to a link. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
// lz-string is CommonJS: Node's loader gives it a default export only (the browser bundle uses the core's named imports).
import lzString from 'lz-string';
import type { ShareState } from '../src/core/sharing/shareLink';
import { expect, open, SHOTS, test, TOUR_KEY } from './fixtures';
import { freshPage, openLesson, steps } from './lessons-support';
import { openShare, openTab, SAVED_KEY, savedText } from './workbench-support';

// About what the page shows, not the tasks: every task given up, nothing is withheld.
test.use({ revealed: true });

const SEED = readFileSync('fixtures/scenario.json', 'utf8');
const SAVED = SEED.replace('Bob prefers short answers.', 'Bob prefers detailed answers.');

const current = (page: Page) => page.locator('.current-step[aria-live="polite"]');

/** Make a link with the page's Share button and read it from the field (shown whether or not the clipboard allowed it). */
async function shareLink(page: Page): Promise<string> {
  await openShare(page);
  await page.getByRole('button', { name: 'Share a link' }).click();
  const field = page.getByRole('textbox', { name: 'Share link' });
  await expect(field).toHaveValue(/#v1\./);
  return field.inputValue();
}

/** Save work for the seed lesson as the editor would, then look at it in the store view. */
async function saveOwnWork(page: Page) {
  await page.evaluate(
    ([key, text]) => localStorage.setItem(key!, JSON.stringify({ format: 1, text })),
    [SAVED_KEY, SAVED],
  );
  // Leave the page, so the next address is a fresh load rather than a change of fragment.
  await page.goto('about:blank');
}

async function storeShows(page: Page, text: string) {
  await steps(page).nth(3).click();
  await openTab(page, 'Store');
  await expect(page.getByRole('region', { name: 'Store after this step' })).toContainText(text);
}

test.describe('share links', () => {
  test('a store lesson’s link opens in a new page with the same scenario, step, principal, question and switches', async ({
    page,
    browser,
    baseURL,
    guard: _,
  }) => {
    await open(page);
    await openLesson(page, 'Metadata that names its owner');
    await page.getByRole('button', { name: /^Reproduce the incident/ }).click();
    await steps(page).nth(6).click();
    await page.getByRole('combobox', { name: 'Agent' }).selectOption('researcher');
    await page.getByRole('textbox', { name: 'Question' }).fill('What do the invoices say?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const url = await shareLink(page);
    await page.screenshot({ path: `${SHOTS}/lessons-wide-5-share-link.png` });

    const { page: other, errors } = await freshPage(browser, baseURL, url);
    await expect(other.getByRole('heading', { level: 2, name: 'Metadata that names its owner' })).toBeVisible();
    await expect(other.getByRole('status').filter({ hasText: 'You opened a shared link' })).toBeVisible();
    await expect(current(other)).toContainText('Step 6 of 7');
    await expect(other.getByRole('combobox', { name: 'User' })).toHaveValue('alice');
    await expect(other.getByRole('combobox', { name: 'Agent' })).toHaveValue('researcher');
    await expect(other.getByRole('textbox', { name: 'Question' })).toHaveValue('What do the invoices say?');
    await expect(other.getByText(/Incident reproduced/)).toBeVisible();
    // Nothing was written to the colleague's storage by opening the link (the tour's key is the test's own, see skipTour).
    expect(await other.evaluate((tour) => Object.keys(localStorage).filter((key) => key !== tour), TOUR_KEY)).toEqual(
      [],
    );
    // Their link makes the same link again.
    expect(await shareLink(other)).toBe(url);
    expect(errors).toEqual([]);
    await other.close();
  });

  test('the router and memtool lessons keep who they act as', async ({ page, browser, baseURL, guard: _ }) => {
    await open(page);
    await openLesson(page, 'Authorize before ranking');
    await steps(page).nth(3).click();
    await page.getByRole('combobox', { name: 'Context' }).selectOption('unrecognized-room');
    await page.getByRole('textbox', { name: 'Query' }).fill('rollback evidence');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    const routerUrl = await shareLink(page);

    await openLesson(page, 'The scope key comes from the session');
    await steps(page).nth(9).click();
    await page.getByRole('combobox', { name: 'Session' }).selectOption({ label: 'No principal (a background job)' });
    const memtoolUrl = await shareLink(page);

    const { page: router, errors } = await freshPage(browser, baseURL, routerUrl);
    await expect(current(router)).toContainText('Step 3 of 11');
    await expect(router.getByRole('combobox', { name: 'Context' })).toHaveValue('unrecognized-room');
    await expect(router.getByRole('region', { name: 'Recall for unrecognized-room' })).toContainText(
      'Both orderings answer “rollback evidence”',
    );
    await router.close();
    const { page: memtool, errors: more } = await freshPage(browser, baseURL, memtoolUrl);
    await expect(current(memtool)).toContainText('Call 9 of 12');
    await expect(memtool.getByRole('combobox', { name: 'Session' })).toHaveValue('no-principal');
    expect([...errors, ...more]).toEqual([]);
    await memtool.close();
  });

  const invalid: ShareState = {
    scenario: '{ "agents": [',
    step: 0,
    principal: null,
    question: null,
    rulesOff: [],
    lesson: null,
  };
  const fragment = (state: ShareState) => `#v1.${lzString.compressToEncodedURIComponent(JSON.stringify(state))}`;
  const MAX_LINK_CHARS = 32_768;
  for (const [name, hash, message] of [
    ['garbage', '#v1.%%%not-a-link', 'damaged'],
    ['a newer format', '#v9.N4Ig', 'format v9'],
    ['an oversize link', `#v1.${'A'.repeat(MAX_LINK_CHARS + 10)}`, 'links are limited to'],
    ['a scenario with a syntax error', fragment(invalid), 'line 1, column'],
    [
      'a hostile payload',
      `#v1.${lzString.compressToEncodedURIComponent('{"__proto__": {"polluted": true}}')}`,
      'invalid',
    ],
  ] as const) {
    test(`a link with ${name} shows an error and keeps the learner’s saved work`, async ({ page, guard: _ }) => {
      await open(page);
      await saveOwnWork(page);
      await page.goto(`./${hash}`);
      const alert = page.getByRole('alert').filter({ hasText: 'This link could not be opened.' });
      await expect(alert).toContainText('This link could not be opened.');
      await expect(alert).toContainText(message);
      await expect(alert).toContainText('Your own work is shown instead.');
      if (name === 'garbage') await page.screenshot({ path: `${SHOTS}/lessons-wide-6-broken-link.png` });
      await storeShows(page, 'Bob prefers detailed answers.');
      expect(await savedText(page)).toBe(SAVED);
      expect(await page.evaluate(() => (({}) as Record<string, unknown>).polluted)).toBeUndefined();
      await alert.getByRole('button', { name: 'Dismiss' }).click();
      await expect(alert).toHaveCount(0);
    });
  }

  test('a link too long for browsers says so and offers the file', async ({ page, guard: _ }) => {
    await open(page);
    // Text no compressor can shrink much: a long run of varied letters, deterministic.
    let seed = 7;
    const noise = Array.from({ length: 60_000 }, () =>
      String.fromCharCode(97 + ((seed = (seed * 48271) % 2147483647) % 26)),
    ).join('');
    const big = SEED.replace('Bob prefers short answers.', `Bob prefers ${noise}.`);
    await (
      await openShare(page)
    )
      .getByLabel('Import a scenario file')
      .setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(big) });
    await expect(page.getByText('Imported big.json')).toBeVisible();
    await page.getByRole('button', { name: 'Share a link' }).click();
    await expect(page.getByText(/This link would be [\d,]+ characters: too long for browsers/)).toBeVisible();
    const download = page.waitForEvent('download');
    await (await openShare(page)).getByRole('button', { name: 'Download the scenario file' }).click();
    expect(readFileSync(await (await download).path(), 'utf8')).toBe(big);
  });
});

test.describe('the clean-start address', () => {
  test('starts from the seed, leaves saved work alone until an edit, and goes back to it on request', async ({
    page,
    guard: _,
  }) => {
    await open(page);
    await saveOwnWork(page);
    await page.goto('./#clean');
    await expect(page.getByRole('status').filter({ hasText: 'Clean start' })).toBeVisible();
    await storeShows(page, 'Bob prefers short answers.');
    expect(await savedText(page)).toBe(SAVED);
    await page.reload();
    await storeShows(page, 'Bob prefers short answers.');
    await page.getByRole('button', { name: 'Back to my own work' }).click();
    await storeShows(page, 'Bob prefers detailed answers.');
    expect(await savedText(page)).toBe(SAVED);
  });
});

test.describe('export and import', () => {
  test('the scenario exports and imports back unchanged, and the replay exports in the seed’s result format', async ({
    page,
    guard: _,
  }) => {
    await open(page);
    let download = page.waitForEvent('download');
    await (await openShare(page)).getByRole('button', { name: 'Download the scenario', exact: true }).click();
    const file = await (await download).path();
    expect(readFileSync(file, 'utf8')).toBe(SEED);

    download = page.waitForEvent('download');
    await (await openShare(page)).getByRole('button', { name: 'Download the replay (seed result format)' }).click();
    expect(readFileSync(await (await download).path(), 'utf8')).toBe(
      readFileSync('recorded/isolation-result.json', 'utf8'),
    );

    await (await openShare(page)).getByLabel('Import a scenario file').setInputFiles(file);
    await expect(page.getByText(/Imported .*: the editor and the timeline show it now\./)).toBeVisible();
    download = page.waitForEvent('download');
    await (await openShare(page)).getByRole('button', { name: 'Download the scenario', exact: true }).click();
    expect(readFileSync(await (await download).path(), 'utf8')).toBe(SEED);
  });

  test('an edited router scenario round-trips through a file into another page', async ({
    page,
    browser,
    baseURL,
    guard: _,
  }) => {
    await open(page);
    await openLesson(page, 'Authorize before ranking');
    const edited = readFileSync('fixtures/lessons/router-authorize-before-ranking.json', 'utf8').replace(
      '"query": "cedar lantern",\n      "note": "Both',
      '"query": "rollback evidence",\n      "note": "Both',
    );
    await (
      await openShare(page)
    )
      .getByLabel('Import a scenario file')
      .setInputFiles({ name: 'router.json', mimeType: 'application/json', buffer: Buffer.from(edited) });
    await expect(page.getByText('Imported router.json')).toBeVisible();
    const download = page.waitForEvent('download');
    await (await openShare(page)).getByRole('button', { name: 'Download the scenario', exact: true }).click();
    const file = await (await download).path();
    expect(readFileSync(file, 'utf8')).toBe(edited);

    const { page: other, errors } = await freshPage(browser, baseURL, './');
    await openLesson(other, 'Authorize before ranking');
    await (await openShare(other)).getByLabel('Import a scenario file').setInputFiles(file);
    await steps(other).nth(1).click();
    await expect(current(other)).toContainText('general-room recalls “rollback evidence”');
    expect(errors).toEqual([]);
    await other.close();
  });

  test('an invalid file lists its located problems and leaves the editor untouched', async ({ page, guard: _ }) => {
    await open(page);
    const broken = SEED.replace('"op": "close_task",', '"op": "close_task",,');
    await (
      await openShare(page)
    )
      .getByLabel('Import a scenario file')
      .setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
    const problems = page.getByRole('list', { name: 'Problems in the imported file' });
    await expect(problems.getByRole('listitem').first()).toContainText(/Line \d+, column \d+/);
    await expect(page.getByText('broken.json was not imported: it has')).toContainText('Your editor is unchanged.');
    await page
      .getByRole('region', { name: 'Alice, Bob and the export job' })
      .screenshot({ path: `${SHOTS}/lessons-wide-7-import-problems.png` });
    const download = page.waitForEvent('download');
    await (await openShare(page)).getByRole('button', { name: 'Download the scenario', exact: true }).click();
    expect(readFileSync(await (await download).path(), 'utf8')).toBe(SEED);
    expect(await savedText(page)).toBeNull();
  });
});
