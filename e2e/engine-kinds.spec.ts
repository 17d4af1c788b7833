/**
 * Every lesson kind runs in the engine's worker: a worker that crashes during a router or a vector
 * lesson is started again with the lesson's last good scenario, at the step in view, the learner's
 * unrun edit kept and the learner told.
 */
import { expect, test } from './fixtures';
import { editorText, enableTestHook } from './hostile-support';
import { openEditor } from './workbench-support';
import { crashEngine, editInStore, pageErrors, restartNotice, storeState } from './engine-support';

test.describe.configure({ timeout: 180_000 });

test('a crash during the router lesson is survived at the same step, the unrun edit kept', async ({ page }) => {
  const errors = pageErrors(page);
  await enableTestHook(page);
  await page.goto('./#/lesson/router-authorize-before-ranking');
  const next = page.locator('#timeline').getByRole('button', { name: 'Next', exact: true });
  await next.click();
  await next.click();
  await expect.poll(() => storeState<number>(page, 'index')).toBe(2);
  const ran = await storeState<string>(page, 'ranText');
  const edited = await editInStore(page, ['"cedar lantern"', '"rollback evidence"']);

  await crashEngine(page);

  await expect(restartNotice(page)).toBeVisible();
  expect(await editorText(page)).toBe(edited);
  // The new worker holds the last good scenario again, at the step in view: stepping answers.
  expect(await storeState<number>(page, 'index')).toBe(2);
  expect(await storeState<string>(page, 'ranText')).toBe(ran);
  await next.click();
  await expect.poll(() => storeState<number>(page, 'index')).toBe(3);
  await openEditor(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect.poll(() => storeState<string>(page, 'ranText')).toBe(edited);
  expect(errors).toEqual([]);
});

test('a crash during the vector lesson reopens its database in a new worker, the unrun edit kept', async ({ page }) => {
  const errors = pageErrors(page);
  await enableTestHook(page);
  await page.goto('./#/lesson/vector-filter-after-scan');
  const returned = page.getByTestId('own-query').getByTestId('returned');
  await expect(returned).toHaveText('2 of 10', { timeout: 120_000 });
  const edited = await editInStore(page, ['"k": 10', '"k": 5']);
  await page.evaluate(() => {
    const w = window as unknown as { __before: unknown; __playground: { getState(): { view: unknown } } };
    w.__before = w.__playground.getState().view;
  });

  await crashEngine(page);

  await expect(restartNotice(page)).toBeVisible();
  expect(await editorText(page)).toBe(edited);
  // The new worker opened the database and ran the last good scenario again: a new view came back.
  await expect
    .poll(() => page.evaluate('window.__playground.getState().view !== window.__before'), { timeout: 120_000 })
    .toBe(true);
  await expect(returned).toHaveText('2 of 10');
  // The switch runs the learner's own text, their unrun edit with it.
  await page.getByRole('checkbox', { name: 'SET hnsw.iterative_scan = strict_order' }).check();
  await expect(returned).toHaveText('5 of 5', { timeout: 60_000 });
  expect(JSON.parse(await editorText(page))).toMatchObject({ k: 5, iterative_scan: 'strict_order' });
  expect(errors).toEqual([]);
});
