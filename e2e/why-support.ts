/** Helpers for the "show why" end-to-end tests: the switches, the checks, and pasting a lesson into Monaco. */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { RULE_INFO, type Rule } from '../src/core/store/rules';
import { openEditor, openTab } from './workbench-support';

export const ATTACKS = readFileSync('fixtures/lessons/attacks.scenario.json', 'utf8');

const EDITOR = '[data-testid="scenario-editor"]';

/** The checkbox of `rule`, named after the rule: checked = enforced, unchecked = switched off. */
export const ruleSwitch = (page: Page, rule: Rule) =>
  page.getByRole('checkbox', { name: RULE_INFO[rule].name, exact: true });

/**
 * Switch a rule in the dock's "Break a rule" tab, then go back to the tab that was open, as a learner
 * does to watch what the switch changes there.
 */
export async function flipRule(page: Page, rule: Rule, off: boolean) {
  // The dock's tab list on a desktop, the panes' list on a phone: whichever holds "Break a rule".
  const back = await page
    .getByRole('tablist')
    .filter({ has: page.getByRole('tab', { name: 'Break a rule', exact: true }) })
    .getByRole('tab', { selected: true })
    .textContent();
  await openTab(page, 'Break a rule');
  if (off) await ruleSwitch(page, rule).uncheck();
  else await ruleSwitch(page, rule).check();
  if (back !== null && back !== 'Break a rule') await openTab(page, back);
}

/** One check in the checks panel, by its title. */
export const checkItem = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Checks' })
    .locator('li.check')
    .filter({ has: page.locator('.check-title', { hasText: title }) });

export const checksStatus = (page: Page) => page.getByRole('region', { name: 'Checks' }).getByRole('status');

/** Wait until the lazily loaded switches, checks and cache are on the page. */
export async function whyPanelsReady(page: Page) {
  await openTab(page, 'Checks');
  await expect(page.getByRole('region', { name: 'Checks' })).toBeVisible({ timeout: 20_000 });
}

/** Select everything in Monaco, paste `text` as a person does, and run it. Needs clipboard permissions. */
export async function pasteScenario(page: Page, text: string) {
  await openEditor(page);
  await expect(page.locator(`${EDITOR} .monaco-editor .view-lines`)).toContainText(/"agents"|"op"/, {
    timeout: 20_000,
  });
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.locator(`${EDITOR} .view-lines`).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Control+V');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('region', { name: 'Scenario editor' }).getByRole('status')).toHaveText(
    'The timeline shows this scenario.',
  );
}
