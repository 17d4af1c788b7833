/**
 * The timeline and the editor name the same steps: selecting a step in the timeline brings its JSON into
 * view and highlights it, a caret moved into a step's JSON selects that step, and each step shows beside
 * its JSON the number the timeline gives it (step N is `steps[N-1]`).
 */
import type { Page } from '@playwright/test';
import { generateScenario } from '../bench/scenario';
import { MARKS_PER_TASK } from '../src/ui/editor/useStepLink';
import { expect, monacoReady, open, test } from './fixtures';
import { enableTestHook, loadThroughStore } from './hostile-support';

const EDITOR = '[data-testid="scenario-editor"]';

const counter = (page: Page) => page.getByRole('toolbar', { name: 'Move through the steps' }).first();

async function selectInTimeline(page: Page, step: number) {
  await page.getByRole('list', { name: 'Steps' }).getByRole('button').nth(step).click();
  await expect(counter(page)).toContainText(`Step ${step} of 12`);
}

test('selecting a step in the timeline reveals and highlights its JSON, numbered as the timeline numbers it', async ({
  page,
  guard: _,
}) => {
  await open(page);
  await monacoReady(page);
  await selectInTimeline(page, 11);
  // Step 11 is steps[10], the seed's only close_task: its lines are in view, marked, and numbered 11.
  const closeLine = page.locator(`${EDITOR} .view-line`, { hasText: '"close_task"' });
  await expect(closeLine).toBeVisible();
  await expect(page.locator(`${EDITOR} .view-lines`)).toContainText('step 11');
  await expect(page.locator(`${EDITOR} .editor-step-selected`).first()).toBeAttached();
  const marked = await page
    .locator(`${EDITOR} .editor-step-selected`)
    .evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).getBoundingClientRect().top));
  const closeTop = await closeLine.evaluate((n) => n.getBoundingClientRect().top);
  expect(marked.some((top) => Math.abs(top - closeTop) < 2)).toBe(true);

  // The first step is back at the top: step 1's write of alice-contact comes into view.
  await selectInTimeline(page, 1);
  await expect(page.locator(`${EDITOR} .view-line`, { hasText: '"alice-contact"' })).toBeVisible();
  await expect(page.locator(`${EDITOR} .view-lines`)).toContainText('step 1');
});

test('moving the caret into a step’s JSON selects that step in the timeline', async ({ page, guard: _ }) => {
  await open(page);
  await monacoReady(page);
  await selectInTimeline(page, 10);
  // A click on the close_task line puts the caret in step 11.
  await page.locator(`${EDITOR} .view-line`, { hasText: '"close_task"' }).click();
  await expect(counter(page)).toContainText('Step 11 of 12');
  await expect(page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]')).toContainText('close');
  // The keyboard too: up into step 10's lines.
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
  await expect(counter(page)).toContainText('Step 10 of 12');
  // Typing in a step keeps the text and the selection.
  await page.keyboard.press('End');
  await page.keyboard.type(' ');
  await expect(counter(page)).toContainText('Step 10 of 12');
});

test('a scenario of hundreds of steps is numbered to its last step (the numbers go in a batch at a time)', async ({
  page,
  guard: _,
}) => {
  const scenario = generateScenario({ users: 40, itemsPerUser: 10, queries: 40 });
  const steps = scenario.steps.length;
  expect(steps).toBeGreaterThan(2 * MARKS_PER_TASK);
  await enableTestHook(page);
  await open(page);
  await monacoReady(page);
  await loadThroughStore(page, JSON.stringify(scenario, null, 2));
  await page.locator(`${EDITOR} .view-lines`).click();
  await page.keyboard.press('Control+End');
  await expect(page.locator(`${EDITOR} .view-lines`)).toContainText(`step ${steps} `, { timeout: 20_000 });
});
