/**
 * The engine runs in a Web Worker (src/engine): a crashed worker is started again with the last good
 * text and the learner is told; text typed while a long replay runs in the worker is kept.
 */
import type { Page } from '@playwright/test';
import { generateScenario } from '../bench/scenario';
import { expect, test } from './fixtures';
import { editorText, enableTestHook } from './hostile-support';
import { openEditor } from './workbench-support';

test.describe.configure({ timeout: 120_000 });

const EDITOR = '[data-testid="scenario-editor"]';
const SAVED_KEY = 'scope-isolation-playground/scenario';
const savedText = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.text as string | undefined, SAVED_KEY);
const storeState = <T>(page: Page, pick: string) =>
  page.evaluate(`(window.__playground.getState().${pick})`) as Promise<T>;

test('a crashed engine is started again with the last good scenario, the edit kept, and the learner told', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await enableTestHook(page);
  await page.goto('/');
  const timeline = page.locator('#timeline');
  await timeline.getByRole('button', { name: 'Next', exact: true }).click();
  await timeline.getByRole('button', { name: 'Next', exact: true }).click();
  await expect.poll(() => storeState<number>(page, 'index')).toBe(2);
  const edited = await page.evaluate(() => {
    const store = (window as unknown as { __playground: { getState(): { text: string; editText(t: string): void } } })
      .__playground;
    const text = `${store.getState().text}\n`.replace('"agents"', '"agents" ');
    store.getState().editText(text);
    return text;
  });

  await page.evaluate(() => (window as unknown as { __playgroundCrash(): void }).__playgroundCrash());

  await expect(page.getByRole('status').filter({ hasText: 'restarted with your last good scenario' })).toBeVisible();
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

test('text typed while a long replay runs in the engine is kept, and the run still lands', async ({
  page,
  guard: _,
}) => {
  // 12,000 steps: long enough a replay to type during it.
  const big = JSON.stringify(generateScenario({ users: 1400, itemsPerUser: 10, queries: 300 })).replace(
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
  // The large text goes into the editor a piece at a time, read-only meanwhile.
  await expect
    .poll(
      () =>
        page
          .locator(`${EDITOR} textarea`)
          .first()
          .evaluate((area) => (area as HTMLTextAreaElement).readOnly),
      {
        timeout: 30_000,
      },
    )
    .toBe(false);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.locator(`${EDITOR} .view-lines`).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' kept', { delay: 20 });
  // The typing happened while the replay was under way.
  const during = await storeState<string | null>(page, 'running');
  await expect(page.locator('[aria-setsize]').first()).toHaveAttribute('aria-setsize', /^1[0-9]{4}$/, {
    timeout: 60_000,
  });
  expect(during).toBe('run');
  expect(await editorText(page)).toBe(`${big} kept`);
  await expect.poll(() => savedText(page)).toBe(`${big} kept`);
  expect(await storeState<string>(page, 'ranText')).toBe(big);
});
