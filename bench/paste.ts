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
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { RULE_INFO } from '../src/core/store/rules';
import { spread } from './format';
import { option } from './options';
import { type ImportCase, IMPORT_CASES, type LoadCase, LOAD_CASES, type PasteCase, PASTE_CASES } from './pasteCases';
import {
  EDITOR,
  longest,
  openPage,
  PROFILE,
  settle,
  startProfile,
  stopProfile,
  storeLength,
  storeText,
  tasksSince,
} from './pastePage';
import { onSite } from './site';

const OUT = join('build', 'bench-paste');
const RUNS = Math.max(1, Number(option('runs', '5')));
const PORT = Number(option('port', '4632'));
const ONLY = option('only', '');

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
