import { expect, open, SHOTS, seedQueries, test } from './fixtures';
import { openTab, openEditor } from './workbench-support';

// About what the page shows, not the tasks: every task given up, nothing is withheld.
test.use({ revealed: true });

test.describe('stepping through the Alice/Bob scenario', () => {
  test('at every query the scoped request holds only own and app items, and the naive list marks exactly the seed’s leaks', async ({
    page,
    guard: _,
  }) => {
    await open(page);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const steps = timeline.getByRole('list', { name: 'Steps' }).getByRole('button');
    await expect(steps).toHaveCount(13);
    await expect(steps.nth(4)).toContainText("bob's planner writes a task item bob-export-plan");
    const queries = seedQueries();
    let q = 0;
    for (let index = 0; index <= 12; index++) {
      if (index > 0) await timeline.getByRole('button', { name: 'Next' }).click();
      // The step's views come back from the engine: wait for the step to be the current one.
      if (index > 0)
        await expect(page.locator('.current-step[aria-live="polite"]')).toContainText(`Step ${index} of 12`);
      await expect(page.locator('[aria-current="step"]')).toContainText(index === 0 ? 'configuration' : /\w/);
      const summary = await page.locator('.current-summary').textContent();
      if (!summary?.includes(' asks in ')) continue;
      const seed = queries[q++]!;
      const user = seed.principal.split('/')[0]!;
      const requests = page.getByRole('region', { name: `Requests for ${seed.principal}` });
      await expect(requests).toBeVisible();

      const scoped = requests.getByRole('list', { name: 'Items in the scoped request' }).getByRole('listitem');
      await expect(scoped.locator('code')).toHaveText(seed.visible_items);
      for (const tag of await scoped.locator('.scope-tag').allTextContents()) {
        expect(tag.replace(/^\S+\s/, '')).toMatch(new RegExp(`^(app · everyone|(user|task|agent) · ${user}(/|$))`));
      }

      const naive = requests.getByRole('region', { name: 'Naive global list' });
      await expect(naive.getByRole('list', { name: 'Items in the naive request' }).locator('li code')).toHaveText(
        seed.naive_items,
      );
      await expect(naive.locator('li.leak code')).toHaveText(seed.naive_other_user_items);
      for (const label of await naive.locator('li.leak .leak-label strong').allTextContents()) {
        expect(label).toMatch(/^leak: belongs to (\w+)$/);
        expect(label).not.toContain(user);
      }
      await expect(naive.getByRole('status')).toContainText(
        `${seed.naive_other_user_items.length} of ${seed.naive_items.length} items leaked`,
      );
    }
    expect(q).toBe(queries.length);
  });

  test('the keyboard moves through the steps and the current step is announced', async ({ page, guard: _ }) => {
    await open(page);
    await page.locator('[aria-current="step"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('j');
    await expect(page.locator('[aria-current="step"]')).toBeFocused();
    await expect(page.locator('.current-step[aria-live="polite"]')).toContainText('Step 2 of 12');
    await page.keyboard.press('End');
    await expect(page.locator('.current-step[aria-live="polite"]')).toContainText('Step 12 of 12');
    await page.keyboard.press('k');
    await expect(page.locator('.current-step[aria-live="polite"]')).toContainText('bob closes task-17');
    await openTab(page, 'Store');
    await expect(
      page.getByRole('region', { name: 'Store after this step' }).getByText('deleted by this step'),
    ).toHaveCount(4);
  });

  test('switching principals shows the request any principal would get', async ({ page, guard: _ }) => {
    await open(page);
    await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(6).click();
    await page.getByRole('combobox', { name: 'Agent' }).selectOption('researcher');
    const requests = page.getByRole('region', { name: 'Requests for bob/task-17/researcher' });
    await expect(requests.getByRole('list', { name: 'Items in the scoped request' }).locator('code')).toHaveText([
      'app-policy',
      'handoff-1-brief',
      'handoff-1-item-1',
    ]);
    await expect(page.getByText('A what-if: the request this principal would get')).toBeVisible();
    await page.getByRole('combobox', { name: 'User' }).selectOption('alice');
    await page.getByRole('combobox', { name: 'Task' }).selectOption('task-9');
    await expect(
      page
        .getByRole('region', { name: 'Requests for alice/task-9/researcher' })
        .getByRole('list', { name: 'Items in the scoped request' })
        .locator('code'),
    ).toHaveText(['app-policy']);
    // A query step selects its own principal again.
    await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(9).click();
    await expect(page.getByRole('combobox', { name: 'Agent' })).toHaveValue('planner');
    await expect(page.getByRole('region', { name: 'Requests for alice/task-9/planner' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Question' }).fill('What is the billing contact?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await expect(page.getByRole('region', { name: 'Requests for alice/task-9/planner' })).toContainText(
      'Both answer “What is the billing contact?”',
    );
  });
});

test.describe('screenshots', () => {
  for (const [name, size] of [
    ['wide', { width: 1280, height: 800 }],
    ['narrow', { width: 420, height: 900 }],
  ] as const) {
    test(`main views at ${name} width`, async ({ page, guard: _ }) => {
      await page.setViewportSize(size);
      await open(page);
      await page.screenshot({ path: `${SHOTS}/${name}-1-start.png` });
      // On a narrow window the panes are tabs: Steps, Requests, and the dock's.
      const narrow = name === 'narrow';
      if (narrow) await openTab(page, 'Steps');
      await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(9).click();
      if (narrow) await openTab(page, 'Requests');
      await page.getByRole('region', { name: /^Requests for/ }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-2-query-requests.png` });
      await page
        .getByRole('region', { name: /^Requests for/ })
        .screenshot({ path: `${SHOTS}/${name}-2b-requests-panel.png` });
      if (narrow) await openTab(page, 'Steps');
      await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(11).click();
      await openTab(page, 'Store');
      await page
        .getByRole('region', { name: 'Store after this step' })
        .screenshot({ path: `${SHOTS}/${name}-3-store-after-close.png` });
      await openEditor(page);
      await expect(page.locator('.monaco-editor .view-lines')).toContainText(/"agents"|"op"/, { timeout: 20_000 });
      await page.screenshot({ path: `${SHOTS}/${name}-4-editor.png` });
      await openTab(page, 'Answers');
      await page.getByRole('region', { name: 'Recorded model answers' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-5-answers.png` });
    });
  }

  test('dark theme follows the system setting, Monaco included', async ({ page, guard: _ }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page);
    await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(9).click();
    await page.screenshot({ path: `${SHOTS}/dark-1-query.png` });
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(20, 23, 28)');
    await openEditor(page);
    await expect(page.locator('.monaco-editor.vs-dark')).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/dark-2-editor.png` });
  });
});
