/**
 * The cache, visible: every query's key parts, hit or miss; with “The cache key holds the principal”
 * switched off, Bob's context served to Alice, named in the cache panel, the request and the explainer.
 */
import { expect, open, test } from './fixtures';
import { whyPanelsReady, flipRule } from './why-support';
import { openTab } from './workbench-support';

// About what the page shows, not the tasks: every task given up, nothing is withheld.
test.use({ revealed: true });

test("shows Bob's context served to Alice when the key has no principal", async ({ page, guard: _ }) => {
  await open(page);
  await whyPanelsReady(page);
  await openTab(page, 'Cache');
  const cache = page.getByRole('region', { name: 'Context cache' });
  const row = (step: number) =>
    cache
      .getByRole('list', { name: 'Cache lookups' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: `Step ${step}`, exact: true }) });
  await expect(cache.getByRole('status')).toContainText('5 queries, each served a context built for its own principal');
  await expect(row(9)).toContainText('user alice');
  await expect(row(9)).toContainText('miss');

  await flipRule(page, 'cacheKeyPrincipal', true);
  await expect(row(9)).toContainText('no user');
  await expect(row(9)).toContainText('hit');
  await expect(row(9)).toContainText(
    'Wrong context served to alice/task-9/planner: it was built for bob/task-17/planner at step 7.',
  );
  await expect(cache.getByRole('status')).toContainText('3 of 5 queries got a context built for someone else');

  // Its step link goes to Alice's query, where the request and the explainer say the same.
  await row(9).getByRole('button', { name: 'Step 9' }).click();
  await expect(page.locator('#timeline [aria-current="step"]')).toBeFocused();
  const scoped = page.getByRole('region', { name: 'Scoped request' });
  await expect(scoped).toContainText(
    'Not isolated: 3 items in this request should not reach alice’s planner in task-9.',
  );
  await expect(page.getByRole('list', { name: 'Items in the scoped request' }).locator('code')).toHaveText([
    'app-policy',
    'bob-style',
    'bob-export-plan',
    'planner-scratch',
  ]);
  await openTab(page, 'Why');
  await expect(page.getByRole('region', { name: 'Why is each item in or out?' }).getByRole('note')).toContainText(
    'This request came from the cache: it was built for bob/task-17/planner at step 7',
  );
});

test('shows a context served after close_task when the key has no version', async ({ page, guard: _ }) => {
  await open(page);
  await whyPanelsReady(page);
  await flipRule(page, 'cacheKeyVersion', true);
  await openTab(page, 'Cache');
  const row = page
    .getByRole('region', { name: 'Context cache' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Step 12', exact: true }) });
  await expect(row).toContainText('no version');
  await expect(row).toContainText('at store version 7; the store is now at version 8');
});
