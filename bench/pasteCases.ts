/** bench:paste's cases: what is pasted, imported and loaded, and when each is done (see paste.ts). */
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { lessonById } from '../src/core/lessons/catalogue';
import type { Rule } from '../src/core/store/rules';
import { generateScenario } from './scenario';

// Required, not imported: lz-string is CommonJS without named ES exports, which Node's loader needs.
const { encodeShare } = createRequire(import.meta.url)(
  '../src/core/sharing/shareLink.ts',
) as typeof import('../src/core/sharing/shareLink');

export interface PasteCase {
  name: string;
  text: string;
  /** Press Run after the paste, and wait for this (the run's result on screen). */
  run?: { until(page: Page): Locator };
  /** After the Run, switch this rule off (its checkbox in "Break a rule") and wait for the replay. */
  rule?: Rule;
  /** Last, undo the paste in the editor, then redo it. */
  undoRedo?: boolean;
}

export interface ImportCase {
  name: string;
  text: string;
  /** Wait for this after choosing the file (the imported scenario on screen). */
  until(page: Page): Locator;
}

/** A 3.3 MB, 20,000-step scenario, one step a line as a person's file has it (under the 4 MB limit). */
export const BIG = JSON.stringify(generateScenario({ users: 2400, itemsPerUser: 10, queries: 680 })).replace(
  /},{/g,
  '},\n{',
);
export const PASTE_CASES: PasteCase[] = [
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
export const IMPORT_CASES: ImportCase[] = [
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

export interface LoadCase {
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
export const LOAD_CASES: LoadCase[] = [
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
