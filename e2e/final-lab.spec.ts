/**
 * The final lab at #lab, done with the keyboard alone: probe the store, read what it did, name a wrong
 * rule (told it holds), then the right one (the rule and its lesson are shown); a reload keeps it all.
 * The learner's seed is set before the page loads, so the test knows which rule the lab broke.
 */
import type { Page } from '@playwright/test';
import { brokenRule, labChoices, STARTER_PROBE } from '../src/core/lab/lab';
import { ruleName } from '../src/core/store/rules';
import { LAB_KEY } from '../src/state/lab/labStore';
import { axe } from './axe-support';
import { expect, SHOTS, test } from './fixtures';

const SEED = 424242;
const RULE = brokenRule(SEED);
const WRONG = labChoices(SEED).find((rule) => rule !== RULE)!;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(
    ([key, value]) => {
      if (localStorage.getItem(key!) === null) localStorage.setItem(key!, value!);
    },
    [LAB_KEY, JSON.stringify({ format: 1, seed: SEED, probes: 0, guesses: [], text: STARTER_PROBE })],
  );
});

const focusedText = (page: Page) =>
  page.evaluate(() => (document.activeElement?.closest('label, h1, h2')?.textContent ?? '').trim());

/** Move through the radio group with the arrow keys until the focused choice is `name`. */
async function arrowTo(page: Page, name: string) {
  for (let i = 0; i < 30 && !(await focusedText(page)).startsWith(name); i++) await page.keyboard.press('ArrowDown');
  expect(await focusedText(page)).toContain(name);
  await page.keyboard.press('Space');
}

test('the final lab, with the keyboard alone: probe, a wrong name, the right one', async ({ page }) => {
  await page.goto('./#lab');
  const title = page.getByRole('heading', { level: 1, name: 'Final lab: find the broken rule' });
  await expect(title).toBeFocused();
  // The page names no rule before the learner does.
  await expect(page.locator('main')).not.toContainText(/breaks “/);

  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Your probe (scenario JSON)' })).toBeFocused();
  await page.keyboard.press('Control+Enter');
  const observed = page.getByRole('list', { name: 'What the store did, step by step' });
  await expect(observed).toContainText('Step 3 (query) request for alice');
  await expect(observed).not.toContainText(/leak|belongs to/);

  // Probe, Start from the example again, then the choices.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await arrowTo(page, ruleName(WRONG));
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Name this rule' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'that rule holds here' })).toContainText(
    `Not ${ruleName(WRONG)}: that rule holds here. 2 guesses left.`,
  );
  await page.screenshot({ path: `${SHOTS}/final-lab-probing.png`, fullPage: true });

  await page.keyboard.press('Shift+Tab');
  await arrowTo(page, ruleName(RULE));
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const reveal = page.getByRole('heading', { name: `Found it: this store breaks ${ruleName(RULE)}` });
  await expect(reveal).toBeFocused();
  await expect(page.getByRole('button', { name: 'Name this rule' })).toBeDisabled();
  expect(await axe(page)).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { name: `Found it: this store breaks ${ruleName(RULE)}` })).toBeVisible();
  await expect(page.getByText('(named: it holds)')).toHaveCount(1);
  await expect(page.getByText('(named: the broken rule)')).toHaveCount(1);
});

test('a probe that is not valid JSON says where, and a guess waits for a probe', async ({ page }) => {
  await page.goto('./#lab');
  const text = page.getByRole('textbox', { name: 'Your probe (scenario JSON)' });
  await text.fill('{\n  "agents": [,\n}');
  await page.getByRole('button', { name: 'Probe', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Line 2, column');
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Name this rule' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Probe the store first' })).toBeVisible();
  // The edited probe survives a reload.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Your probe (scenario JSON)' })).toHaveValue('{\n  "agents": [,\n}');
});
