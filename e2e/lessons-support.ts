/** Helpers shared by the lessons and share specs. */
import type { Browser, Page } from '@playwright/test';
import { expect, skipTour } from './fixtures';
import { openTab } from './workbench-support';

/** Open a lesson from the gallery, as a learner does. */
export async function openLesson(page: Page, title: string) {
  await openTab(page, 'Lesson');
  await page.getByRole('button', { name: /^All lessons/ }).click();
  await page.getByRole('navigation', { name: 'Lessons' }).getByRole('button', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Lessons' })).toHaveCount(0);
}

/** The buttons of the timeline's steps. */
export const steps = (page: Page) => page.getByRole('list', { name: 'Steps' }).getByRole('button');

/** A page in a fresh browser context (an empty localStorage, as a colleague opening a link has), with its console errors. */
export async function freshPage(
  browser: Browser,
  baseURL: string | undefined,
  url: string,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL });
  await skipTour(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
  return { page, errors };
}
