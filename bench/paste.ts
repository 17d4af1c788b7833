/**
 * npm run bench:paste (bench/paste.ts) [-- --runs 5] [-- --port 4632] [-- --no-build] [-- --profile DIR] [-- --only NAME-PREFIX]
 *
 * The longest main-thread task after a person pastes hostile or large text into the
 * scenario editor, after they press Run, after they switch a rule off on what ran, after they undo the
 * paste in the editor and redo it, and after they import
 * the large scenario as a file (the Share panel's file chooser), and after a reload with it saved, a switch
 * back to the lesson holding it, or a share link to the heaviest scenario a link can carry (until its
 * scenario has run). Builds the site into build/bench-paste, serves it with
 * `vite preview`, and for each case opens a fresh page in Debian's Chromium, pastes through the clipboard
 * (Ctrl+A, Ctrl+V in Monaco, as a person does) and reads PerformanceObserver 'longtask' entries until the
 * page has been quiet for a while. Prints, per case, the median and the range over `runs` fresh pages.
 * With --profile, also writes a CPU profile and a trace of each case's last run to DIR and prints the
 * functions that took the most time in it (self time) and the call tree of its longest task (the trace
 * says where each task began and ended), which is how the time was found. Measured, not asserted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, CDPSession, Locator, Page } from 'playwright-core';
import { lessonById } from '../src/core/lessons/catalogue';
import { RULE_INFO, type Rule } from '../src/core/store/rules';
import { spread } from './format';
import { option } from './options';
import { callTree, type CpuProfile, longTasks, type TimedProfile, topSelfTime, type TraceEvent } from './profile';
import { generateScenario } from './scenario';
import { onSite } from './site';

// Required, not imported: lz-string is CommonJS without named ES exports, which Node's loader needs.
const { encodeShare } = createRequire(import.meta.url)(
  '../src/core/sharing/shareLink.ts',
) as typeof import('../src/core/sharing/shareLink');
const OUT = join('build', 'bench-paste');
const RUNS = Math.max(1, Number(option('runs', '5')));
const PORT = Number(option('port', '4632'));
const PROFILE = option('profile', '');
const ONLY = option('only', '');
const EDITOR = '[data-testid="scenario-editor"]';

interface PasteCase {
  name: string;
  text: string;
  /** Press Run after the paste, and wait for this (the run's result on screen). */
  run?: { until(page: Page): Locator };
  /** After the Run, switch this rule off (its checkbox in "Break a rule") and wait for the replay. */
  rule?: Rule;
  /** Last, undo the paste in the editor, then redo it. */
  undoRedo?: boolean;
}

interface ImportCase {
  name: string;
  text: string;
  /** Wait for this after choosing the file (the imported scenario on screen). */
  until(page: Page): Locator;
}

/** A 3.3 MB, 20,000-step scenario, one step a line as a person's file has it (under the 4 MB limit). */
const BIG = JSON.stringify(generateScenario({ users: 2400, itemsPerUser: 10, queries: 680 })).replace(/},{/g, '},\n{');
const PASTE_CASES: PasteCase[] = [
  {
    name: '10,000-deep [',
    text: '['.repeat(10_000),
    run: { until: (page) => page.getByRole('region', { name: 'Problems (1)' }) },
  },
  {
    name: '100,000-deep [',
    text: '['.repeat(100_000),
    run: { until: (page) => page.getByRole('region', { name: 'Problems (1)' }) },
  },
  {
    name: `${(BIG.length / 1e6).toFixed(1)} MB scenario`,
    text: BIG,
    run: { until: (page) => page.locator('[aria-setsize="20001"]') },
    rule: 'taskCheck',
    undoRedo: true,
  },
];
const IMPORT_CASES: ImportCase[] = [
  {
    name: `import ${(BIG.length / 1e6).toFixed(1)} MB scenario`,
    text: BIG,
    until: (page) => page.locator('[aria-setsize="20001"]'),
  },
];

/**
 * The heaviest scenario a share link can carry: the link format's limit is on the compressed fragment, and
 * one query step repeated (each replay step a full request) compresses best among heavy steps. The most
 * repeats whose link still fits.
 */
function heaviestLink(): { scenario: string; fragment: string } {
  const base = generateScenario({ users: 40, itemsPerUser: 10, queries: 12 });
  const query = base.steps.find((step) => step.op === 'query')!;
  const make = (repeats: number) => {
    const scenario = JSON.stringify({ ...base, steps: [...base.steps, ...Array(repeats).fill(query)] }).replace(
      /},{/g,
      '},\n{',
    );
    const link = encodeShare({ scenario, step: 0, principal: null, question: null, rulesOff: [], lesson: null });
    return link.kind === 'ok' ? { scenario, fragment: link.fragment } : null;
  };
  let [fits, over] = [0, 100_000];
  while (over - fits > 100) {
    const mid = Math.floor((fits + over) / 2);
    if (make(mid) === null) over = mid;
    else fits = mid;
  }
  return make(fits)!;
}

interface LoadCase {
  name: string;
  /** Before the measured load: what the page must hold (a saved text), on the page opened at `url`. */
  prepare?(page: Page): Promise<void>;
  /** The address to load (a share link's fragment), after `url`. */
  fragment: string;
  /**
   * A lesson switch, not a load: the measured `fragment` is given to the same document (as the gallery's
   * links do), after the page has opened the lesson of `from` when there is one.
   */
  lessonSwitch?: { from?: string };
  /** The text the store must have run once the load is done. */
  text: string;
  /**
   * Instead of `text`: the load is done once these are on screen (a lesson of another kind, whose
   * scenario the store's text does not hold).
   */
  until?(page: Page): Locator[];
}

/** The learner's 3.3 MB work on the seed lesson (a store lesson), run: the page a lesson switch starts from. */
const runBig = (page: Page) =>
  page.evaluate(async (text) => {
    const store = (
      window as unknown as {
        __playground: { getState(): { loadScenario(t: string): void; settled(): Promise<void> } };
      }
    ).__playground.getState();
    store.loadScenario(text);
    await store.settled();
  }, BIG);

/** A lesson's page is on screen: its title, and what `ready` says its view shows once its first step is drawn. */
const lessonShown = (id: string, ready: string) => (page: Page) => [
  page.locator('#lesson-title', { hasText: lessonById(id)!.title }),
  page.locator(ready),
];

/** A switch from the 20,000-step store lesson to a lesson of each other kind, by its hash address. */
const KIND_SWITCHES: { kind: string; id: string; ready: string }[] = [
  { kind: 'router', id: 'router-authorize-before-ranking', ready: 'section[aria-label="Current step"]' },
  { kind: 'memtool', id: 'memtool-session-scope', ready: 'section[aria-label="Current step"]' },
  // Its query's rows against k: PGlite opened, the database loaded and the learner's query answered.
  { kind: 'vector', id: 'vector-filter-after-scan', ready: '[data-testid="own-query"] [data-testid="returned"]' },
];

const LINK = heaviestLink();
const LOAD_CASES: LoadCase[] = [
  {
    name: `reload, ${(BIG.length / 1e6).toFixed(1)} MB saved`,
    text: BIG,
    fragment: '',
    prepare: (page) =>
      page.evaluate((text) => {
        const store = (
          window as unknown as { __playground: { getState(): { editText(t: string): void } } }
        ).__playground.getState();
        store.editText(text);
      }, BIG),
  },
  {
    // The learner's 3.3 MB work on the seed lesson, opened again from another lesson.
    name: `lesson switch, ${(BIG.length / 1e6).toFixed(1)} MB`,
    text: BIG,
    fragment: '#/lesson/seed-alice-bob',
    lessonSwitch: { from: '#/lesson/router-authorize-before-ranking' },
    prepare: runBig,
  },
  // From the learner's 3.3 MB work on the seed lesson to a lesson of each other kind.
  ...KIND_SWITCHES.map(({ kind, id, ready }): LoadCase => ({
    name: `to a ${kind} lesson, from 20,000`,
    text: '',
    fragment: `#/lesson/${id}`,
    lessonSwitch: {},
    prepare: runBig,
    until: lessonShown(id, ready),
  })),
  {
    name: `link, ${(LINK.scenario.length / 1e6).toFixed(1)} MB scenario`,
    text: LINK.scenario,
    fragment: LINK.fragment,
  },
];

/** Long tasks seen since `since`, in ms (the observer is installed before the page's scripts run). */
const tasksSince = (page: Page, since: number) =>
  page.evaluate(
    (t) =>
      (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks.filter(
        (task) => task.start >= t,
      ),
    since,
  );

/** Wait until no long task has started for `quietMs` (or `maxMs` passed): the work after an input is done. */
async function settle(page: Page, quietMs = 1_500, maxMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const last = await page.evaluate(() => {
      const tasks = (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks;
      const end = tasks.length === 0 ? 0 : Math.max(...tasks.map((t) => t.start + t.duration));
      return performance.now() - end;
    });
    if (last >= quietMs || Date.now() - started > maxMs) return;
    await page.waitForTimeout(250);
  }
}

async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  const page = await context.newPage();
  await page.addInitScript(() => {
    (window as { __playgroundTestHook?: boolean }).__playgroundTestHook = true;
    window.localStorage.setItem('scope-isolation-playground/tour', 'seen');
    const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(url);
  const toggle = page.getByRole('button', { name: 'Editor', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.locator(`${EDITOR} .monaco-editor .view-lines`).filter({ hasText: 'agents' }).waitFor({ timeout: 30_000 });
  await settle(page, 2_000);
  return page;
}

const storeLength = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __playground: { getState(): { text: string } } }).__playground.getState().text.length,
  );
const storeText = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __playground: { getState(): { text: string } } }).__playground.getState().text,
  );

interface Measured {
  /** The longest task after the paste, ms (0: none over 50 ms). */
  paste: number;
  /** The Run's own task (the replay), and the longest one after it, ms. */
  run?: { own: number; after: number };
  /** The longest task after the rule switch, ms. */
  rule?: number;
  /** The longest task after the editor's undo of the paste, and after its redo, ms. */
  undoRedo?: { undo: number; redo: number };
}

/** The trace being recorded (the page's tasks: where each began and ended), and from which sessions. */
const trace: TraceEvent[] = [];
const listening = new WeakSet<CDPSession>();
const TRACED = 'toplevel,devtools.timeline';

async function startProfile(cdp: CDPSession | null) {
  if (!cdp) return;
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  trace.length = 0;
  if (!listening.has(cdp)) {
    listening.add(cdp);
    cdp.on('Tracing.dataCollected', (data) => void trace.push(...(data.value as unknown as TraceEvent[])));
  }
  await cdp.send('Tracing.start', { categories: TRACED, transferMode: 'ReportEvents' });
}

async function stopProfile(cdp: CDPSession | null, name: string) {
  if (!cdp) return;
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile & TimedProfile };
  const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await traced;
  const file = join(PROFILE, `${name.replace(/[^\w.-]+/g, '-')}.cpuprofile`);
  mkdirSync(PROFILE, { recursive: true });
  writeFileSync(file, JSON.stringify(profile));
  writeFileSync(file.replace(/\.cpuprofile$/, '.trace.json'), JSON.stringify(trace));
  console.log(`\n${name}: most self time (profile in ${file}, trace beside it)`);
  for (const line of topSelfTime(profile, 15)) console.log(`  ${line}`);
  // Profiling slows the page: a task here may be longer than the same task unprofiled.
  const [task] = longTasks(trace, 50);
  if (task === undefined) return;
  console.log(
    `${name}: the longest task, ${((task.end - task.start) / 1000).toFixed(0)} ms while profiled, from the top`,
  );
  for (const line of callTree(profile, task, 2).slice(0, 60)) console.log(`  ${line}`);
}

const longest = (tasks: { duration: number }[]) => Math.max(0, ...tasks.map((t) => t.duration));

/**
 * Press `key`, wait until the store's text has a length `reached` accepts (by length: reading a 3 MB string
 * out of the page is itself a long task) and the page is quiet, and give the long tasks since the press.
 */
async function pressUntil(page: Page, key: string, reached: (length: number) => boolean, what: string) {
  const since = await page.evaluate(() => performance.now());
  await page.keyboard.press(key);
  for (let i = 0; !reached(await storeLength(page)); i++) {
    if (i > 200) throw new Error(`${what} never reached the store`);
    await page.waitForTimeout(100);
  }
  await settle(page);
  return tasksSince(page, since);
}

async function measure(page: Page, pasted: PasteCase, cdp: CDPSession | null): Promise<Measured> {
  await startProfile(cdp);
  await page.evaluate((t) => navigator.clipboard.writeText(t), pasted.text);
  await page.locator(`${EDITOR} .view-lines`).click();
  await page.keyboard.press('Control+A');
  const pastedIn = (length: number) => length === pasted.text.length;
  const result: Measured = {
    paste: longest(await pressUntil(page, 'Control+V', pastedIn, `${pasted.name}: the paste`)),
  };
  // By length while measuring, then in full.
  if ((await storeText(page)) !== pasted.text) throw new Error(`${pasted.name}: the store holds another text`);
  await stopProfile(cdp, `${pasted.name}, paste`);
  if (pasted.run) {
    await startProfile(cdp);
    const ran = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await pasted.run.until(page).first().waitFor({ timeout: 120_000 });
    await settle(page, 2_000);
    const tasks = await tasksSince(page, ran);
    // The first long task is the Run's own: the replay (timed apart by npm run bench:browser).
    result.run = { own: tasks[0]?.duration ?? 0, after: longest(tasks.slice(1)) };
    await stopProfile(cdp, `${pasted.name}, Run`);
  }
  if (pasted.rule) {
    const rule = pasted.rule;
    const tab = page.getByRole('tab', { name: 'Break a rule', exact: true });
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    await settle(page);
    await startProfile(cdp);
    const switched = await page.evaluate(() => performance.now());
    await page.getByRole('checkbox', { name: RULE_INFO[rule].name, exact: true }).uncheck();
    await page.waitForFunction(
      (r) => {
        const state = (
          window as unknown as {
            __playground: { getState(): { running: unknown; rulesOff: string[] } };
          }
        ).__playground.getState();
        return !state.running && state.rulesOff.includes(r);
      },
      rule,
      { timeout: 120_000 },
    );
    await settle(page, 2_000);
    result.rule = longest(await tasksSince(page, switched));
    await stopProfile(cdp, `${pasted.name}, rule switch`);
  }
  if (pasted.undoRedo) {
    // Focused, not clicked: the results beside a long timeline may lie over the editor's lines.
    await page.locator(`${EDITOR} .native-edit-context, ${EDITOR} textarea.inputarea`).first().focus();
    const press = async (key: string, done: (length: number) => boolean) => {
      await startProfile(cdp);
      const tasks = await pressUntil(page, key, done, `${pasted.name}: ${key}`);
      await stopProfile(cdp, `${pasted.name}, ${key}`);
      return longest(tasks);
    };
    const undo = await press('Control+Z', (length) => length < pasted.text.length);
    const redo = await press('Control+Shift+Z', (length) => length === pasted.text.length);
    if ((await storeText(page)) !== pasted.text) throw new Error(`${pasted.name}: the redo is another text`);
    result.undoRedo = { undo, redo };
  }
  return result;
}

/** Choose `imported` as a file in the Share panel's Import, and the longest task until its result has settled. */
async function measureImport(page: Page, imported: ImportCase, cdp: CDPSession | null): Promise<number> {
  const share = page.getByRole('button', { name: 'Share', exact: true });
  if ((await share.getAttribute('aria-expanded')) !== 'true') await share.click();
  await settle(page);
  // From a file on disk: a buffer would be decoded by Playwright's own script in the page, a long task of its own.
  const file = join(tmpdir(), `bench-paste-${process.pid}.json`);
  writeFileSync(file, imported.text);
  await startProfile(cdp);
  const since = await page.evaluate(() => performance.now());
  await page.getByLabel('Import a scenario file').setInputFiles(file);
  await imported.until(page).first().waitFor({ timeout: 120_000 });
  await settle(page, 2_000);
  const tasks = await tasksSince(page, since);
  await stopProfile(cdp, imported.name);
  if ((await storeLength(page)) !== imported.text.length)
    throw new Error(`${imported.name}: the import is not the text`);
  return longest(tasks);
}

interface LoadMeasured {
  /** The longest task from navigation on, and the longest after the first contentful paint, ms. */
  all: number;
  afterPaint: number;
  /** The page's width over the viewport's (1: no horizontal overflow). */
  width: number;
}

/** Load `loaded` in the page (a reload, or a share link) and the longest tasks until its scenario has run. */
async function measureLoad(page: Page, loaded: LoadCase, url: string, cdp: CDPSession | null): Promise<LoadMeasured> {
  await loaded.prepare?.(page);
  await settle(page);
  const from = loaded.lessonSwitch?.from;
  if (from !== undefined) {
    await page.evaluate((hash) => (location.hash = hash), from);
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="scenario-editor"]') !== null);
    await settle(page, 2_000);
  }
  await startProfile(cdp);
  const since = await page.evaluate(() => performance.now());
  if (loaded.lessonSwitch) await page.evaluate((hash) => (location.hash = hash), loaded.fragment);
  else if (loaded.fragment === '') await page.reload();
  else {
    // From another document, so the link is a full load and not a same-document fragment change.
    await page.goto('about:blank');
    await page.goto(`${url}${loaded.fragment}`);
  }
  if (loaded.until) for (const shown of loaded.until(page)) await shown.first().waitFor({ timeout: 120_000 });
  else
    await page.waitForFunction(
      (length) => {
        const state = (
          window as unknown as { __playground?: { getState(): { ranText: string; running: unknown } } }
        ).__playground?.getState();
        return state !== undefined && state.ranText.length === length && state.running === null;
      },
      loaded.text.length,
      { timeout: 120_000, polling: 250 },
    );
  await settle(page, 2_000);
  const tasks = await tasksSince(page, loaded.lessonSwitch ? since : 0);
  const paint = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth / window.innerWidth);
  await stopProfile(cdp, loaded.name);
  return { all: longest(tasks), afterPaint: longest(tasks.filter((task) => task.start >= paint)), width };
}

async function measureAll(browser: Browser, url: string) {
  const cases = PASTE_CASES.filter((c) => c.name.startsWith(ONLY));
  const imports = IMPORT_CASES.filter((c) => c.name.startsWith(ONLY));
  const loads = LOAD_CASES.filter((c) => c.name.startsWith(ONLY));
  const loadsSeen = new Map<string, LoadMeasured[]>();
  const results = new Map<string, Measured[]>();
  const imported = new Map<string, number[]>();
  const load: string[] = [];
  /** Measure on a fresh page (profiled in the last run with --profile), adding the result to `seen` under `name`. */
  const onFreshPage = async <T>(
    run: number,
    seen: Map<string, T[]>,
    name: string,
    measureOn: (page: Page, cdp: CDPSession | null) => Promise<T>,
  ) => {
    const page = await openPage(browser, url);
    const cdp = PROFILE !== '' && run === RUNS - 1 ? await page.context().newCDPSession(page) : null;
    load.push(loadavg()[0]!.toFixed(1));
    seen.set(name, [...(seen.get(name) ?? []), await measureOn(page, cdp)]);
    await page.context().close();
  };
  for (let run = 0; run < RUNS; run++) {
    for (const pasted of cases) await onFreshPage(run, results, pasted.name, (page, cdp) => measure(page, pasted, cdp));
    for (const file of imports)
      await onFreshPage(run, imported, file.name, (page, cdp) => measureImport(page, file, cdp));
    for (const loaded of loads)
      await onFreshPage(run, loadsSeen, loaded.name, (page, cdp) => measureLoad(page, loaded, url, cdp));
  }
  console.log(`\nmachine: ${availableParallelism()} cores; 1-min load average at each run: ${load.join(' ')}`);
  console.log(`longest main-thread task, median (min–max) of ${RUNS} fresh pages (0: none of 50 ms or more)`);
  console.log(
    "target: none over 200 ms; the engine's: 0 for Run, the rule switch, the import, the reload, the link and every lesson switch\n",
  );
  for (const pasted of cases) {
    const seen = results.get(pasted.name)!;
    console.log(`${`paste ${pasted.name}`.padEnd(34)} ${spread(seen.map((m) => m.paste))}`);
    if (pasted.run) {
      console.log(`${`  Run: its own task (the replay)`.padEnd(34)} ${spread(seen.map((m) => m.run!.own))}`);
      console.log(`${`  Run: longest task after it`.padEnd(34)} ${spread(seen.map((m) => m.run!.after))}`);
    }
    if (pasted.rule)
      console.log(`${`  then switch ${pasted.rule} off`.padEnd(34)} ${spread(seen.map((m) => m.rule!))}`);
    if (pasted.undoRedo) {
      console.log(`${`  then undo the paste`.padEnd(34)} ${spread(seen.map((m) => m.undoRedo!.undo))}`);
      console.log(`${`  then redo it`.padEnd(34)} ${spread(seen.map((m) => m.undoRedo!.redo))}`);
    }
  }
  for (const file of imports) console.log(`${file.name.padEnd(34)} ${spread(imported.get(file.name)!)}`);
  for (const loaded of loads) {
    const seen = loadsSeen.get(loaded.name)!;
    console.log(`${loaded.name.padEnd(34)} ${spread(seen.map((m) => m.afterPaint))}  after the first paint`);
    console.log(`${''.padEnd(34)} ${spread(seen.map((m) => m.all))}  from navigation on`);
    console.log(`${''.padEnd(34)} page width / viewport: ${Math.max(...seen.map((m) => m.width)).toFixed(3)}`);
  }
}

onSite({ out: OUT, port: PORT, build: !process.argv.includes('--no-build') }, measureAll);
