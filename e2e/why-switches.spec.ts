/**
 * Break a rule, watch the leak: every one of the core's switches, flipped in the browser, turns
 * the check it protects red (on the seed, or on the attacks, namespace-prefix, ownerless-rows, scoped-delete
 * or semantic cache lesson pasted into the editor), names itself
 * as the cause, and turns green again when switched back. With every rule on, every check is green.
 */
import { readFileSync } from 'node:fs';
import { expect, open, test } from './fixtures';
import { replayText } from '../src/core/replay/replayText';
import { runChecks } from '../src/core/checks/checks';
import { ATTACKS, checkItem, checksStatus, pasteScenario, ruleSwitch, whyPanelsReady, flipRule } from './why-support';
import { RULE_INFO, RULES, type Rule } from '../src/core/store/rules';
import { openTab } from './workbench-support';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Each switch and a check it protects, in the scenario that exercises it. */
const ON_SEED: Array<[Rule, string]> = [
  ['taskCheck', 'A task sees only its own task items'],
  ['agentCheck', 'An agent sees only its own agent items'],
  ['declaredReads', 'An agent reads only the scopes it declares'],
  ['cacheKeyPrincipal', "No scoped request carries another user's data"],
  ['cacheKeyVersion', 'No request carries an item that was deleted'],
  ['authorizeBeforeRanking', 'A request holds every item the principal may read'],
];
const ON_ATTACKS: Array<[Rule, string]> = [
  ['keysFromPrincipal', "No scoped request carries another user's data"],
  ['escaping', 'Item text cannot close its block or forge another item'],
  ['atomicHandoff', 'A rejected step changes nothing'],
  ['handoffReadCheck', "No scoped request carries another user's data"],
  ['perUserDuplicates', "An error never reveals another user's item"],
];

const PREFIX = readFileSync('fixtures/lessons/namespace-prefix.scenario.json', 'utf8');
const ON_PREFIX: Array<[Rule, string]> = [['exactKeys', "No scoped request carries another user's data"]];

const OWNERLESS = readFileSync('fixtures/lessons/ownerless-rows.scenario.json', 'utf8');
const ON_OWNERLESS: Array<[Rule, string]> = [['ownerlessHidden', "No scoped request carries another user's data"]];
const WIPED = readFileSync('fixtures/lessons/scoped-delete.scenario.json', 'utf8');
const ON_WIPED: Array<[Rule, string]> = [['scopedDelete', 'A request holds every item the principal may read']];
const SEMANTIC = readFileSync('fixtures/lessons/semantic-cache-tag.scenario.json', 'utf8');
const ON_SEMANTIC: Array<[Rule, string]> = [
  ['semanticCachePartition', "No scoped request carries another user's data"],
];

test('the lists name every switch of the core once', () => {
  const lists = [...ON_SEED, ...ON_ATTACKS, ...ON_PREFIX, ...ON_OWNERLESS, ...ON_WIPED, ...ON_SEMANTIC];
  expect(lists.map(([rule]) => rule).sort()).toEqual([...RULES].sort());
});

async function flipEach(page: import('@playwright/test').Page, cases: Array<[Rule, string]>, total: number) {
  await openTab(page, 'Checks');
  await expect(checksStatus(page)).toHaveText(`✓ ${total} checks: all green`);
  for (const [rule, title] of cases) {
    await openTab(page, 'Checks');
    const check = checkItem(page, title);
    await expect(check).toContainText('passed');
    await flipRule(page, rule, true);
    await expect(check).toContainText('failed');
    await expect(check).toContainText(`Red because “${RULE_INFO[rule].name}”`);
    await expect(check.getByRole('list')).toContainText(/step \d+: /);
    await openTab(page, 'Checks');
    await expect(checksStatus(page)).toContainText('red');
    await expect(page.getByRole('region', { name: 'Rules switched off' })).toContainText(
      '1 rule switched off — this is not the seed’s store.',
    );
    await flipRule(page, rule, false);
    await expect(check).toContainText('passed');
    await openTab(page, 'Checks');
    await expect(checksStatus(page)).toHaveText(`✓ ${total} checks: all green`);
    await expect(page.getByRole('region', { name: 'Rules switched off' })).toHaveCount(0);
  }
}

test('each switch the seed exercises turns its check red, and back', async ({ page, guard: _ }) => {
  await open(page);
  await whyPanelsReady(page);
  await flipEach(page, ON_SEED, 9);
});

test('each switch the attacks lesson exercises turns its check red, and back', async ({ page, guard: _ }) => {
  await open(page);
  await whyPanelsReady(page);
  await pasteScenario(page, ATTACKS);
  await flipEach(page, ON_ATTACKS, 17);
});

test('a switch the scenario never tests says so and offers the lesson that does', async ({ page, guard: _ }) => {
  await open(page);
  await whyPanelsReady(page);
  await openTab(page, 'Break a rule');
  const escaping = page
    .getByRole('region', { name: 'Break a rule' })
    .getByRole('listitem')
    .filter({ has: ruleSwitch(page, 'escaping') });
  await expect(escaping).toContainText('Not tested by this scenario');
  await escaping.getByRole('button', { name: 'Open the lesson “Five attacks the store turns away”' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Five attacks the store turns away' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button')).toHaveCount(14);
  await openTab(page, 'Checks');
  await expect(checksStatus(page)).toHaveText('✓ 17 checks: all green');
  await flipRule(page, 'escaping', true);
  await openTab(page, 'Checks');
  await expect(checkItem(page, 'Item text cannot close its block')).toContainText('failed');
  // The switch's own card, back in its tab, now names the check it keeps green.
  await openTab(page, 'Break a rule');
  await expect(escaping).toContainText(
    'In this scenario it keeps green: Item text cannot close its block or forge another item.',
  );
});

test('switched-off rules survive a reload, and one button restores them all', async ({ page, guard: _ }) => {
  await open(page);
  await whyPanelsReady(page);
  await flipRule(page, 'taskCheck', true);
  await flipRule(page, 'cacheKeyVersion', true);
  const banner = page.getByRole('region', { name: 'Rules switched off' });
  await expect(banner).toContainText('2 rules switched off — this is not the seed’s store.');
  await expect(banner).toContainText('2 checks red');
  await page.reload();
  await whyPanelsReady(page);
  await expect(banner).toContainText('2 rules switched off');
  await openTab(page, 'Break a rule');
  await expect(ruleSwitch(page, 'taskCheck')).not.toBeChecked();
  await openTab(page, 'Break a rule');
  await expect(ruleSwitch(page, 'cacheKeyVersion')).not.toBeChecked();
  await banner.getByRole('button', { name: 'Restore all rules' }).click();
  await expect(banner).toHaveCount(0);
  await openTab(page, 'Checks');
  await expect(checksStatus(page)).toHaveText('✓ 9 checks: all green');
  await page.reload();
  await whyPanelsReady(page);
  await openTab(page, 'Break a rule');
  await expect(ruleSwitch(page, 'taskCheck')).toBeChecked();
});

test('the switches work from the keyboard', async ({ page, guard: _ }) => {
  await open(page);
  await whyPanelsReady(page);
  await openTab(page, 'Break a rule');
  const target = ruleSwitch(page, 'taskCheck');
  // Tab from the top of the page until the first switch has focus: it must be reachable.
  let reached = false;
  for (let i = 0; i < 250 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await target.evaluate((el) => el === document.activeElement);
  }
  expect(reached, 'the first switch is reachable with Tab').toBe(true);
  await page.keyboard.press('Space');
  await expect(target).not.toBeChecked();
  await openTab(page, 'Checks');
  await expect(checkItem(page, 'A task sees only its own task items')).toContainText('failed');
  // Back in its tab, the focused switch turns the rule on again with Space.
  await openTab(page, 'Break a rule');
  await target.focus();
  await page.keyboard.press('Space');
  await expect(target).toBeChecked();
  await openTab(page, 'Checks');
  await expect(checkItem(page, 'A task sees only its own task items')).toContainText('passed');
});

test('the switch the namespace-prefix lesson exercises turns its check red, and back', async ({ page, guard: _ }) => {
  const replayed = replayText(PREFIX);
  if (replayed.kind !== 'ok') throw new Error('the namespace-prefix lesson does not replay');
  await open(page);
  await whyPanelsReady(page);
  await pasteScenario(page, PREFIX);
  await flipEach(page, ON_PREFIX, runChecks(replayed.timeline).length);
});

test.describe('the switches the ownerless-rows and scoped-delete lessons exercise', () => {
  for (const [name, text, cases] of [
    ['ownerless-rows', OWNERLESS, ON_OWNERLESS],
    ['scoped-delete', WIPED, ON_WIPED],
  ] as const) {
    test(`${name}: its switch turns its check red, and back`, async ({ page, guard: _ }) => {
      const replayed = replayText(text);
      if (replayed.kind !== 'ok') throw new Error(`the ${name} lesson does not replay`);
      await open(page);
      await whyPanelsReady(page);
      await pasteScenario(page, text);
      await flipEach(page, [...cases], runChecks(replayed.timeline).length);
    });
  }
});

test('the switch the semantic cache lesson exercises turns its check red, and back', async ({ page, guard: _ }) => {
  const replayed = replayText(SEMANTIC);
  if (replayed.kind !== 'ok') throw new Error('the semantic cache lesson does not replay');
  await open(page);
  await whyPanelsReady(page);
  await pasteScenario(page, SEMANTIC);
  await flipEach(page, ON_SEMANTIC, runChecks(replayed.timeline).length);
});
