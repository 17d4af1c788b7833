/**
 * npm run bench:browser (bench/browser.ts) [-- --reps 60] [-- --users 2400] [-- --no-build] [-- --port 4631]
 *
 * Builds the site into build/bench-site, serves it with `vite preview` on 127.0.0.1, opens it in Debian's
 * Chromium and drives the page with a large scenario generated deterministically (bench/scenario.ts:
 * 2,400 users give 20,000 steps and 24,000 items). In the page, with performance.now():
 *   - the replay: the core's replayText alone, and the whole run (store, React, layout) until the next paint;
 *   - next step, first/last jump and principal switch, each through the page's own controls, `reps` times,
 *     then next step with the access picture shown and, with the Store tab open, next step and unseen jumps:
 *     "work" is input to DOM updated and laid out, the engine's round trip to its worker included; "frame"
 *     is whether the next frame came on time when the input was given at the start of one.
 * A first visit downloads the whole site for offline use (the service worker's precache, src/ui/offline)
 * in the seconds after its first screen, on a thread of its own that takes a core from the page on a small
 * machine. Next step is timed once right after the run, while that download may still be under way, and
 * every interaction again once it has finished (as on every later visit).
 * Prints a table with p50 and p95. Measured, not asserted: it is not part of npm test.
 */
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { INTERACTION_HEADER, interactionRow as row, type Sample } from './format';
import { option } from './options';
import { generateScenario } from './scenario';
import { onSite } from './site';

const OUT = join('build', 'bench-site');

const REPS = Math.max(50, Number(option('reps', '60')));
const USERS = Number(option('users', '2400'));
const BUILD = !process.argv.includes('--no-build');
// Several engineers share a machine: each passes their own port.
const PORT = Number(option('port', '4631'));

/** In the page: helpers that time one interaction (see the file comment). */
// A string, not a function: the TypeScript loader would wrap named functions in helpers the page lacks.
const TIMERS = `
  window.__nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  window.__time = async (act) => {
    // Start at the beginning of a frame, so "on time" means the update fitted in that frame.
    const frameStart = await window.__nextFrame();
    const frameAfter = await window.__nextFrame();
    const interval = frameAfter - frameStart;
    const started = performance.now();
    act();
    // The engine answers from its worker: the round trip is part of the interaction.
    await window.__playground.getState().settled();
    await Promise.resolve();
    const scripted = performance.now();
    document.getElementById('root').getBoundingClientRect();
    const work = performance.now() - started;
    const painted = await window.__nextFrame();
    return { work, script: scripted - started, onTime: painted - frameAfter < interval * 1.5 };
  };
`;

async function installTimers(page: Page) {
  await page.evaluate(TIMERS);
}

async function timeMany(page: Page, reps: number, script: string): Promise<Sample[]> {
  const samples: Sample[] = [];
  for (let i = 0; i < reps; i++) {
    samples.push((await page.evaluate(`(${script})(${i})`)) as Sample);
  }
  return samples;
}

/** Step to the middle of the scenario, where the store holds about half its items. */
const toMiddle = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __playground: { getState(): { stepTo(i: number): void } } }).__playground
      .getState()
      .stepTo(10_000),
  );

async function measureAll(browser: Browser, url: string) {
  const scenario = generateScenario({
    users: USERS,
    itemsPerUser: 10,
    queries: Math.max(0, 20_000 - USERS * 8 - Math.ceil(USERS / 20)),
  });
  const text = JSON.stringify(scenario);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.addInitScript(() => {
    (window as { __playgroundTestHook?: boolean }).__playgroundTestHook = true;
    // The first-run tour would scroll the page and take focus: the benchmark times the panes alone.
    window.localStorage.setItem('scope-isolation-playground/tour', 'seen');
    // When the download for offline use has finished: the service worker is active once its precache is.
    const page = window as { __offlineAt?: number };
    void navigator.serviceWorker?.ready.then(() => (page.__offlineAt = performance.now()));
  });
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await installTimers(page);

  // The core's replay alone, in the page's JavaScript engine (median of 5).
  const coreMs = await page.evaluate(async (t) => {
    const { replay } =
      (window as unknown as { __playgroundCore: { replay(text: string): unknown } }).__playgroundCore ?? {};
    if (replay === undefined) return null;
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      replay(t);
      runs.push(performance.now() - started);
    }
    return runs.sort((a, b) => a - b)[2]!;
  }, text);

  // The whole run, as the Run button does it, until the next frame is painted.
  const runMs = await page.evaluate(async (t) => {
    const store = (
      window as unknown as {
        __playground: { getState(): { loadScenario(text: string): void; settled(): Promise<void> } };
      }
    ).__playground;
    const started = performance.now();
    store.getState().loadScenario(t);
    await store.getState().settled();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - started;
  }, text);
  const shape = await page.evaluate(() => {
    const s = (
      window as unknown as {
        __playground: {
          getState(): {
            entries: number;
            problems: unknown[];
            options: { users: string[] };
          };
        };
      }
    ).__playground.getState();
    return {
      steps: s.entries - 1,
      problems: s.problems.length,
      users: s.options.users.length,
    };
  });
  if (shape.problems > 0) throw new Error('the generated scenario did not replay');

  // Start in the middle, where the store holds about half the items.
  await toMiddle(page);
  const click = (name: string) =>
    `() => window.__time(() => [...document.querySelectorAll('#timeline button')].find((b) => b.textContent === '${name}').click())`;
  const downloading = () => page.evaluate(() => (window as { __offlineAt?: number }).__offlineAt === undefined);
  const downloadingBefore = await downloading();
  const firstVisit = await timeMany(page, REPS, click('Next'));
  const downloadingAfter = await downloading();
  // At most a minute: a build without the service worker never finishes a download.
  const waitedMs = await page.evaluate(async () => {
    const started = performance.now();
    await Promise.race([navigator.serviceWorker?.ready, new Promise((resolve) => setTimeout(resolve, 60_000))]);
    return performance.now() - started;
  });
  await toMiddle(page);
  const next = await timeMany(page, REPS, click('Next'));
  const jumps = await timeMany(
    page,
    REPS,
    `(i) => window.__time(() => [...document.querySelectorAll('#timeline button')].find((b) => b.textContent === (i % 2 ? 'First' : 'Last')).click())`,
  );
  // First and Last alternate, so after the first two each finds its views kept; a jump to a step not yet
  // seen (as a click on a step link does) is measured apart, through the store's own action.
  const fresh = await timeMany(
    page,
    REPS,
    `(i) => window.__time(() => window.__playground.getState().stepTo(1 + ((i * 7919) % 19_000)))`,
  );
  await page.evaluate(() =>
    (window as unknown as { __playground: { getState(): { last(): void } } }).__playground.getState().last(),
  );
  // The User control: a select for a few names, a text box with suggestions for thousands (Choice.tsx).
  const switches = await timeMany(
    page,
    REPS,
    `(i) => {
      const control = [...document.querySelectorAll('#principal label')].find((l) => l.textContent.startsWith('User')).querySelector('select, input');
      const users = window.__playground.getState().options.users;
      const user = users[(i * 37 + 1) % users.length];
      return window.__time(() => {
        if (control instanceof HTMLSelectElement) {
          control.value = user;
          control.dispatchEvent(new Event('change', { bubbles: true }));
        } else {
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(control, user);
          control.dispatchEvent(new Event('input', { bubbles: true }));
        }
      });
    }`,
  );

  // The access picture in view (the matrix, then the regions), scrolled to the middle of the matrix so
  // its window crosses columns some closed tasks removed items from: next step again, from step 10,000.
  const nextWith = async (ready: string) => {
    await page.evaluate(() => document.getElementById('access')?.scrollIntoView({ block: 'start' }));
    await toMiddle(page);
    await page.locator(ready).first().waitFor();
    await page.evaluate(() => {
      const scroller = document.querySelector('#access .access-scroll');
      if (scroller) {
        scroller.scrollTop = scroller.scrollHeight / 2;
        scroller.scrollLeft = scroller.scrollWidth * 0.6;
      }
    });
    await installTimers(page);
    return timeMany(page, REPS, click('Next'));
  };
  // The access picture is a dock tab of the workbench, under "More": open it as a learner does.
  await page.getByRole('button', { name: /^More \(\d+\)$/ }).click();
  await page.locator('.tabs-more-list').getByRole('button', { name: 'Access', exact: true }).click();
  const nextMatrix = await nextWith('#access table');
  await page.locator('#access').getByRole('button', { name: 'Scopes as regions' }).click();
  const nextRegions = await nextWith('#access svg');
  // The store grouped, as the Store tab draws it (the engine groups it only while the tab is open).
  await page.getByRole('button', { name: /^More \(\d+\)$/ }).click();
  await page.locator('.tabs-more-list').getByRole('button', { name: 'Store', exact: true }).click();
  await page.locator('#store .store-item').first().waitFor();
  await toMiddle(page);
  const nextStore = await timeMany(page, REPS, click('Next'));
  const freshStore = await timeMany(
    page,
    REPS,
    `(i) => window.__time(() => window.__playground.getState().stepTo(2 + ((i * 7919) % 19_000)))`,
  );
  // 100,000 located errors (issue 15): one bad step a line, from the Run button to Problems on screen,
  // in the editor pane opened beside the results.
  await page.getByRole('button', { name: 'Editor', exact: true }).click();
  await page.locator('#editor').getByRole('button', { name: 'Run' }).waitFor();
  const BAD = 100_000;
  const badText = `{\n"agents": [],\n"configuration": [],\n"steps": [\n${Array.from({ length: BAD }, () => '1').join(',\n')}\n]\n}\n`;
  await page.evaluate(
    (t) =>
      (window as unknown as { __playground: { getState(): { editText(text: string): void } } }).__playground
        .getState()
        .editText(t),
    badText,
  );
  await page.waitForTimeout(3_000);
  const LIMIT_S = 180;
  const errorsMs = await Promise.race([
    // A string, not a function: the TypeScript loader would wrap named functions in helpers the page lacks.
    page.evaluate(`(async () => {
        const started = performance.now();
        [...document.querySelectorAll('#editor button')].find((b) => b.textContent === 'Run').click();
        const title = 'Problems (${BAD})';
        while (![...document.querySelectorAll('#editor h3')].some((h) => h.textContent === title))
          await new Promise((resolve) => requestAnimationFrame(resolve));
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        return performance.now() - started;
      })()`) as Promise<number>,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), LIMIT_S * 1000)),
  ]);

  // Wall-clock figures: on a shared machine they include whatever else runs, so say how busy it was.
  console.log(
    `\nmachine: ${availableParallelism()} cores, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1, 5, 15 min)`,
  );
  console.log(
    `scenario: ${shape.steps.toLocaleString('en')} steps, ${shape.users.toLocaleString('en')} users, ${(text.length / 1e6).toFixed(1)} MB of JSON`,
  );
  console.log(
    `replay, core only (replayText in the page, median of 5): ${coreMs === null ? 'n/a' : `${coreMs.toFixed(0)} ms`}`,
  );
  console.log(`replay, whole run until painted (store, React, layout):  ${runMs.toFixed(0)} ms`);
  console.log(`\n${INTERACTION_HEADER}`);
  console.log(
    `(${REPS} each; p50/p95: input to DOM laid out; script: the same before layout, i.e. the store and React)`,
  );
  const during = !downloadingBefore
    ? 'the download had finished before it'
    : downloadingAfter
      ? 'the whole series during the download'
      : 'the download finished during the series';
  console.log(row('next, first visit', firstVisit));
  console.log(
    `  (right after the run; offline download: ${during}; then waited ${waitedMs.toFixed(0)} ms for its end)`,
  );
  console.log(row('next step', next));
  console.log(row('first/last jump', jumps));
  console.log(row('jump to an unseen step', fresh));
  console.log(row('principal switch', switches));
  console.log(row('next, matrix shown', nextMatrix));
  console.log(row('next, regions shown', nextRegions));
  console.log(row('next, store shown', nextStore));
  console.log(row('unseen, store shown', freshStore));
  console.log(
    `\n${BAD.toLocaleString('en')} located errors, Run to Problems shown (${(badText.length / 1e6).toFixed(1)} MB, one a line): ${errorsMs === null ? `over ${LIMIT_S} s (not finished)` : `${errorsMs.toFixed(0)} ms`}`,
  );
}

onSite({ out: OUT, port: PORT, build: BUILD }, measureAll);
