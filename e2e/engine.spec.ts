/**
 * The engine runs in a Web Worker (src/engine): a crashed worker, or one that ended itself without an
 * error, is started again with the last good text and the learner is told; text typed while a long replay runs in the worker is kept.
 */
import { generateScenario } from '../bench/scenario';
import { expect, test } from './fixtures';
import { editorText, enableTestHook } from './hostile-support';
import { openEditor, savedText } from './workbench-support';
import { crashEngine, editInStore, pageErrors, restartNotice, storeState } from './engine-support';

test.describe.configure({ timeout: 120_000 });

const EDITOR = '[data-testid="scenario-editor"]';

test('a crashed engine is started again with the last good scenario, the edit kept, and the learner told', async ({
  page,
}) => {
  const errors = pageErrors(page);
  await enableTestHook(page);
  await page.goto('/');
  const timeline = page.locator('#timeline');
  await timeline.getByRole('button', { name: 'Next', exact: true }).click();
  await timeline.getByRole('button', { name: 'Next', exact: true }).click();
  await expect.poll(() => storeState<number>(page, 'index')).toBe(2);
  const edited = await editInStore(page, ['"agents"', '"agents" ']);

  await crashEngine(page);

  await expect(restartNotice(page)).toBeVisible();
  expect(await editorText(page)).toBe(edited);
  expect(await savedText(page)).toBe(edited);
  // The new engine holds the timeline again, at the step in view: stepping answers.
  expect(await storeState<number>(page, 'index')).toBe(2);
  await timeline.getByRole('button', { name: 'Next', exact: true }).click();
  await expect.poll(() => storeState<number>(page, 'index')).toBe(3);
  await openEditor(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect.poll(() => storeState<string>(page, 'ranText')).toBe(edited);
  expect(errors).toEqual([]);
});

test('an engine whose worker ends itself without an error is noticed and started again', async ({ page }) => {
  const errors = pageErrors(page);
  await enableTestHook(page);
  await page.goto('/');
  const timeline = page.locator('#timeline');
  await timeline.getByRole('button', { name: 'Next', exact: true }).click();
  await expect.poll(() => storeState<number>(page, 'index')).toBe(1);

  // self.close(): no error event, no answer; before, Next then did nothing at all.
  await page.evaluate(() => (window as unknown as { __playgroundQuit(): void }).__playgroundQuit());

  await expect(restartNotice(page)).toBeVisible();
  await timeline.getByRole('button', { name: 'Next', exact: true }).click();
  await expect.poll(() => storeState<number>(page, 'index')).toBe(2);
  expect(errors).toEqual([]);
});

test('text typed while a long replay runs in the engine is kept, and the run still lands', async ({
  page,
  guard: _,
}) => {
  // 20,000 steps: long enough a replay to type during it.
  const big = JSON.stringify(generateScenario({ users: 2400, itemsPerUser: 10, queries: 680 })).replace(
    /},{/g,
    '},\n{',
  );
  await enableTestHook(page);
  await page.goto('/');
  await openEditor(page);
  await page.evaluate((t) => {
    (window as unknown as { __playground: { getState(): { editText(t: string): void } } }).__playground
      .getState()
      .editText(t);
  }, big);
  // The large text goes into the editor a piece at a time, read-only meanwhile: wait for its last line.
  const lines = String(big.split('\n').length);
  await page.locator(`${EDITOR} .view-lines`).click();
  await expect
    .poll(
      async () => {
        await page.keyboard.press('Control+End');
        return page.locator(`${EDITOR} .line-numbers.active-line-number`).first().textContent();
      },
      { timeout: 30_000 },
    )
    .toBe(lines);
  // A moment more: the last piece's edit ends the read-only spell in the task after it.
  await page.waitForTimeout(500);
  // Note any edit the store hears while the engine is replaying.
  await page.evaluate(() => {
    type State = { text: string; running: unknown };
    const w = window as unknown as {
      __playground: { subscribe(f: (now: State, before: State) => void): void };
      __typedWhileRunning: boolean;
    };
    w.__typedWhileRunning = false;
    w.__playground.subscribe((now, before) => {
      if (now.text !== before.text && now.running === 'run') w.__typedWhileRunning = true;
    });
  });
  // Run with the keys (the caret stays in the editor), and type at once.
  await page.keyboard.press('Control+Enter');
  await page.keyboard.type(' kept');
  await expect(page.locator('[aria-setsize]').first()).toHaveAttribute('aria-setsize', /^2[0-9]{4}$/, {
    timeout: 60_000,
  });
  expect(await page.evaluate(() => (window as unknown as { __typedWhileRunning: boolean }).__typedWhileRunning)).toBe(
    true,
  );
  expect(await editorText(page)).toBe(`${big} kept`);
  await expect.poll(() => savedText(page)).toBe(`${big} kept`);
  expect(await storeState<string>(page, 'ranText')).toBe(big);
});
