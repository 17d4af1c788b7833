/**
 * The Your store tab, in the built page, against a tiny adapter server this test starts on 127.0.0.1
 * (the project's own store, one POST per line, CORS for the page's origin): a broken store's
 * disagreements are marked in the timeline with the reference's reason; a correct one agrees on every
 * step; a remote address is refused before anything is sent.
 */
import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { ownAdapter } from '../src/core/conformance/ownAdapter';
import { ALL_RULES, type Rules, withRulesOff } from '../src/core/store/rules';
import { canaryCases, runSuite } from '../src/core/conformance/suite';
import { failureShareState } from '../src/core/conformance/report';
import lzString from 'lz-string';
import { inProcess } from '../src/core/testing/conformance';
import { expect, type Guard, open, test } from './fixtures';
import { openTab } from './workbench-support';

test.use({ viewport: { width: 1280, height: 800 } });

const PORT = 4438;
const ADDRESS = `http://127.0.0.1:${PORT}/`;
const panel = (page: Page) => page.getByRole('region', { name: 'Your store' });
const steps = (page: Page) => page.getByRole('list', { name: 'Steps' });

let server: Server | undefined;
let received: string[] = [];
test.afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/**
 * An adapter for the own store with `rules`, allowing `origin`; it records every line it is sent, and
 * answers {"unsupported":true} to the operations in `lacks`.
 */
async function startAdapter(rules: Rules, origin: string, lacks: readonly string[] = []) {
  received = [];
  const adapter = ownAdapter(rules);
  server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', origin);
    response.setHeader('access-control-allow-headers', 'content-type');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(body);
      const line = JSON.parse(body) as { op: string };
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(lacks.includes(line.op) ? { unsupported: true } : adapter.handle(line)));
    });
  });
  await new Promise<void>((resolve) => server!.listen(PORT, '127.0.0.1', resolve));
}

/** The page's requests to the adapter are the point here: keep them out of the guard's foreign-host check. */
function takeAdapterRequests(guard: Guard): string[] {
  const mine = guard.requests.filter((r) => r.startsWith(ADDRESS));
  guard.requests = guard.requests.filter((r) => !r.startsWith(ADDRESS));
  return mine;
}

async function runAgainst(page: Page) {
  await openTab(page, 'Your store');
  await panel(page).getByRole('textbox', { name: 'Your adapter' }).fill(ADDRESS);
  await panel(page).getByRole('button', { name: 'Run this scenario' }).click();
}

test('marks the steps where a store without the task check disagrees, with the reference’s reason', async ({
  page,
  guard,
  baseURL,
}) => {
  await startAdapter(withRulesOff('taskCheck'), new URL(baseURL!).origin);
  await open(page);
  await runAgainst(page);
  await expect(panel(page).getByRole('status')).toContainText(
    'Your store disagrees with the reference on 1 of 12 steps',
  );
  expect(JSON.parse(received[0]!).op).toBe('reset');
  expect(JSON.parse(received.at(-1)!).op).toBe('end');
  const marked = steps(page).locator('.step.differs');
  await expect(marked).toHaveCount(1);
  await expect(marked).toContainText("bob-export-plan: not in the request: bob's task-17 item, you are in task-18");
  // The rule the store's answer breaks, named as the command line names it.
  await expect(panel(page).getByRole('list', { name: 'Steps where your store disagrees' })).toContainText(
    'Your store breaks “A task item stays in its task”',
  );
  // The tab's list steps to the disagreement.
  await panel(page)
    .getByRole('button', { name: /^Step \d+$/ })
    .click();
  await expect(steps(page).locator('.step.current.differs')).toHaveCount(1);
  expect(takeAdapterRequests(guard).length).toBeGreaterThan(0);
});

test('says a correct store agrees on every step, and marks nothing', async ({ page, guard, baseURL }) => {
  await startAdapter(ALL_RULES, new URL(baseURL!).origin);
  await open(page);
  await runAgainst(page);
  await expect(panel(page).getByRole('status')).toContainText('Your store agrees with the reference on all 12 steps.');
  await expect(steps(page).locator('.step.differs')).toHaveCount(0);
  takeAdapterRequests(guard);
});

test('says which steps are n/a for a store that lacks an operation, and marks nothing', async ({
  page,
  guard,
  baseURL,
}) => {
  await startAdapter(ALL_RULES, new URL(baseURL!).origin, ['close_task']);
  await open(page);
  await runAgainst(page);
  const status = panel(page).getByRole('status');
  await expect(status).toContainText(/Your store agrees with the reference up to step \d+\./);
  await expect(status).toContainText(/Step \d+ and the steps after it are n\/a: the store has no close_task/);
  await expect(steps(page).locator('.step.differs')).toHaveCount(0);
  takeAdapterRequests(guard);
});

test('refuses an address that is not this computer before sending anything', async ({ page }) => {
  await open(page);
  await openTab(page, 'Your store');
  await panel(page).getByRole('textbox', { name: 'Your adapter' }).fill('http://example.com:4437/');
  await expect(panel(page)).toContainText('example.com:4437 is not this computer');
  await expect(panel(page).getByRole('button', { name: 'Run this scenario' })).toBeDisabled();
});

test('says plainly when nothing answers at the address', async ({ page, guard }) => {
  await open(page);
  await runAgainst(page);
  await expect(panel(page).getByRole('status')).toContainText('The adapter could not be reached at');
  takeAdapterRequests(guard);
  // The browser reports the refused connection itself; the page's own message is the one above.
  guard.errors = guard.errors.filter((error) => !error.includes('ERR_CONNECTION_REFUSED'));
});

test('a shrunk failure’s share link opens the page at its failing step, on the Your store tab', async ({ page }) => {
  // What `npm run conform` prints for a store without the task check: its first canary's failure.
  const cases = canaryCases();
  const result = await runSuite(inProcess(ownAdapter(withRulesOff('taskCheck'))), cases);
  const failure = result.failures.find((f) => f.testCase.canary?.rule === 'taskCheck')!;
  // The link as encodeShare makes it (lz-string has no named exports for this test's loader).
  const fragment = `#v1.${lzString.compressToEncodedURIComponent(JSON.stringify(failureShareState(failure)))}`;
  await open(page);
  await page.goto(`./${fragment}`);
  const current = steps(page).locator('button[aria-current="step"]');
  await expect(current).toContainText(String(failure.shrunk.failure.step));
  await expect(current).toContainText('query');
  await expect(page.getByRole('tab', { name: 'Your store', exact: true })).toHaveAttribute('aria-selected', 'true');
  expect(failure.shrunk.scenario.steps.length).toBeLessThanOrEqual(3);
});
