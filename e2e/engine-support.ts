/**
 * What the engine specs share: the open lesson's store state through the test hook, an edit as the
 * editor makes it (not run), a crash of the engine's worker, the notice the learner then reads, and the
 * page errors a journey must not raise.
 */
import type { Page } from '@playwright/test';

/** `window.__playground.getState().<pick>`: the open lesson's store, of any kind. */
export const storeState = <T>(page: Page, pick: string) =>
  page.evaluate(`(window.__playground.getState().${pick})`) as Promise<T>;

/** Type into the open lesson's editor as the editor does (its store's editText), without running it. */
export const editInStore = (page: Page, change: [from: string, to: string]) =>
  page.evaluate(([from, to]) => {
    const store = (window as unknown as { __playground: { getState(): { text: string; editText(t: string): void } } })
      .__playground;
    const text = store.getState().text.replace(from, to);
    store.getState().editText(text);
    return text;
  }, change);

/** The engine's worker crashes (an error event), as a fault in it would. */
export const crashEngine = (page: Page) =>
  page.evaluate(() => (window as unknown as { __playgroundCrash(): void }).__playgroundCrash());

/** What the learner is told once the engine is started again. */
export const restartNotice = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'restarted with your last good scenario' });

/** The page's uncaught errors, collected from now on (a journey ends expecting none). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}
