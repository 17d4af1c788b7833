/** Helpers for the workbench: open a dock tab or the editor as a learner does, by their names. */
import { expect, type Page } from '@playwright/test';

/**
 * Open a dock tab (on a phone, a pane) by its label, unless it is already open. A dock tab beyond the
 * beginner's few waits under "More (n)": open that, then choose it, as a learner does.
 */
export async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  const more = page.getByRole('button', { name: /^More \(\d+\)$/ });
  await expect(tab.or(more).first()).toBeVisible();
  if ((await tab.count()) === 0) {
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    await page.locator('.tabs-more-list').getByRole('button', { name, exact: true }).click();
  }
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** On a phone, open the pane that holds the steps or the requests first; on a desktop both are always in view. */
export async function openPhonePane(page: Page, name: 'Steps' | 'Requests') {
  if ((await page.getByRole('tablist', { name: 'Panes' }).count()) > 0) await openTab(page, name);
}

/** Open the top bar's Share panel (share link, embed, download, import) and return it. */
export async function openShare(page: Page) {
  const button = page.getByRole('button', { name: 'Share', exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  return page.getByRole('group', { name: 'Share', exact: true });
}

/** Open the scenario editor beside the results (the top bar's Editor toggle; the Editor pane on a phone). */
export async function openEditor(page: Page) {
  const toggle = page.getByRole('button', { name: 'Editor', exact: true });
  const tab = page.getByRole('tab', { name: 'Editor', exact: true });
  // Wait for whichever the layout draws (the top bar re-renders while a lesson opens), then use it.
  await expect(toggle.or(tab).first()).toBeVisible();
  if ((await toggle.count()) === 0) return openTab(page, 'Editor');
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect(page.getByRole('region', { name: 'Scenario editor' })).toBeVisible();
}

/** Where the playground keeps the learner's scenario (src/state/storage.ts). */
export const SAVED_KEY = 'scope-isolation-playground/scenario';

/**
 * The scenario text saved, read as the page loads it: a JSON save under the key (written by a page of an
 * earlier version, the newer when present), else the text under its own key.
 */
export const savedText = (page: Page) =>
  page.evaluate(
    (key) =>
      (JSON.parse(localStorage.getItem(key) ?? 'null')?.text as string | undefined) ??
      localStorage.getItem(`${key}/text`),
    SAVED_KEY,
  );
