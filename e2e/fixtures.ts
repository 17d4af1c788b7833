/**
 * Every e2e test runs through this fixture: it records each request the page makes and each console
 * error, and fails the test if any request left the origin or anything was logged as an error.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:net';
import { type BrowserContext, expect, type Page, test as base } from '@playwright/test';
import { openEditor } from './workbench-support';

export interface Guard {
  requests: string[];
  errors: string[];
}

/** The first-run tour's key (src/state/exercises/progressStorage.ts TOUR_KEY). */
export const TOUR_KEY = 'scope-isolation-playground/tour';

/**
 * Mark the first-run tour as seen before the page's scripts run, so a test about something else is not
 * covered by it. Only the tour's own spec leaves it unset (`firstRun`).
 */
export async function skipTour(context: BrowserContext) {
  await context.addInitScript((key) => {
    try {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, 'seen');
    } catch {
      // A test that disables storage has no tour to skip: the page then counts the tour as unseen only in memory.
    }
  }, TOUR_KEY);
}

/** The progress key (src/state/exercises/progressStorage.ts PROGRESS_KEY). */
const PROGRESS_KEY = 'scope-isolation-playground/progress';

/**
 * Every gallery lesson's tasks given up ("Show me") before the page's scripts run: nothing is withheld
 * (answer first, then see), as for a learner exploring freely. For specs about what the page shows, not
 * about the tasks.
 */
export async function revealAll(context: BrowserContext) {
  const lessons: Record<string, unknown> = {};
  for (const name of readdirSync('fixtures/exercises').filter((n) => n.endsWith('.json'))) {
    const file = JSON.parse(readFileSync(`fixtures/exercises/${name}`, 'utf8')) as { exercises: { id: string }[] };
    const taskIds = file.exercises.map((e) => e.id);
    const given = { met: false, hints: 0, answerShown: true, givenUp: true, firstMetAt: null };
    lessons[name.replace(/\.json$/, '')] = { taskIds, tasks: Object.fromEntries(taskIds.map((id) => [id, given])) };
  }
  await context.addInitScript(
    ([key, value]) => {
      try {
        if (window.localStorage.getItem(key!) === null) window.localStorage.setItem(key!, value!);
      } catch {
        // A test that disables storage keeps the tasks pending.
      }
    },
    [PROGRESS_KEY, JSON.stringify({ format: 1, lessons })],
  );
}

export const test = base.extend<{ guard: Guard; firstRun: boolean; revealed: boolean }>({
  firstRun: [false, { option: true }],
  revealed: [false, { option: true }],
  context: async ({ context, firstRun, revealed }, use) => {
    if (!firstRun) await skipTour(context);
    if (revealed) await revealAll(context);
    await use(context);
  },
  guard: async ({ page, baseURL }, use) => {
    const guard: Guard = { requests: [], errors: [] };
    page.on('request', (request) => guard.requests.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') guard.errors.push(message.text());
    });
    page.on('pageerror', (error) => guard.errors.push(String(error)));
    await use(guard);
    const origin = new URL(baseURL!).origin;
    const foreign = guard.requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
    expect(foreign, 'requests to another host').toEqual([]);
    expect(guard.errors, 'console errors').toEqual([]);
  },
});

export { expect };

export const SHOTS = 'reports/screenshots';

export interface SeedQuery {
  principal: string;
  visible_items: string[];
  naive_items: string[];
  naive_other_user_items: string[];
}

/** The seed's recorded queries, in order. */
export function seedQueries(): SeedQuery[] {
  const result = JSON.parse(readFileSync('recorded/isolation-result.json', 'utf8')) as {
    steps: Array<Partial<SeedQuery>>;
  };
  return result.steps.filter((step): step is SeedQuery => typeof step.principal === 'string');
}

/** Open the site with an empty localStorage (each test gets a fresh browser context). */
export async function open(page: Page, path = './') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Scope isolation playground' })).toBeVisible();
}

/** Wait until Monaco has mounted and shows text. */
export async function monacoReady(page: Page) {
  // Monaco loads once the editor pane is open.
  await openEditor(page);
  // At a later step the editor opens on that step's JSON (the timeline link), not on the top of the text.
  await expect(page.locator('[data-testid="scenario-editor"] .monaco-editor .view-lines')).toContainText(
    /"agents"|"op"/,
    {
      timeout: 20_000,
    },
  );
}

/** Start `server` on a free port of 127.0.0.1 and give the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  return address.port;
}

/**
 * Step to step `target` with j and k, from wherever the page opened (the counter reads "Step K of N", or
 * "Before step 1 of N" at the configuration).
 */
export async function stepTo(page: Page, target: number) {
  const counter = page.locator('.step-counter').first();
  const shown = (await counter.textContent())!;
  const at = /^Before step 1 of/.test(shown) ? 0 : Number(shown.match(/^Step (\d+) of/)![1]);
  // j and k work anywhere but a text field: leave the field an answer was typed in.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = at; i < target; i++) await page.keyboard.press('j');
  for (let i = at; i > target; i--) await page.keyboard.press('k');
  await expect(counter).toHaveText(new RegExp(target === 0 ? '^Before step 1 of' : `^Step ${target} of`));
}

/** The Tasks panel. */
export const tasks = (page: Page) => page.getByRole('region', { name: 'Tasks' });
/** A task by its text as the page draws it: `code` spans lose their backticks. */
export const task = (page: Page, text: string) =>
  tasks(page)
    .getByRole('listitem')
    .filter({ hasText: text.replaceAll('`', '') })
    .first();
