/** Every lesson in the browser: it opens from the gallery, its safe side's checks are green, and its naive side shows its leak. */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { DEFAULT_LESSON, LESSONS, type Lesson } from '../src/core/lessons/catalogue';
import { courseLessons } from '../src/core/lessons/course';
import { replayText } from '../src/core/replay/replayText';
import { runChecks } from '../src/core/checks/checks';
import { replayRouterText, runRouterChecks } from '../src/core/router/index';
import { replayMemtoolText, runMemtoolChecks } from '../src/core/memtool/index';
import { expect, open, SHOTS, test } from './fixtures';
import { openLesson, steps } from './lessons-support';
import { openTab, openShare, openEditor } from './workbench-support';

// About what each lesson's page shows, not its tasks: every task given up, nothing is withheld.
test.use({ revealed: true });

const fileOf = (lesson: Lesson) =>
  lesson.id === DEFAULT_LESSON ? 'fixtures/scenario.json' : `fixtures/lessons/${lesson.file}`;
const textOf = (lesson: Lesson) => readFileSync(fileOf(lesson), 'utf8');

/** How many checks the safe side has, from the core (the page must show the same number). */
function safeChecks(lesson: Lesson): number {
  const text = textOf(lesson);
  if (lesson.engine === 'router') {
    const outcome = replayRouterText(text);
    return outcome.kind === 'ok' ? runRouterChecks(outcome.timeline, 'safe').length : -1;
  }
  if (lesson.engine === 'memtool') {
    const outcome = replayMemtoolText(text);
    return outcome.kind === 'ok' ? runMemtoolChecks(outcome.timeline, 'safe').length : -1;
  }
  const outcome = replayText(text);
  return outcome.kind === 'ok' ? runChecks(outcome.timeline).length : -1;
}

/** The first query step at which the naive global list hands one user another user's item. */
function firstNaiveLeak(lesson: Lesson): number {
  const outcome = replayText(textOf(lesson));
  if (outcome.kind !== 'ok') throw new Error(`${lesson.id} does not replay`);
  const entry = outcome.timeline.entries.find((e) => e.outcome.kind === 'queried' && e.outcome.leaked.length > 0);
  if (entry === undefined) throw new Error(`${lesson.id} has no naive leak to show`);
  return entry.index;
}

const lessonRegion = (page: Page, lesson: Lesson) => page.getByRole('region', { name: lesson.title });

test.describe('each store lesson', () => {
  for (const lesson of LESSONS.filter((l) => l.engine === 'store')) {
    test(`${lesson.id}: green for the safe side, its naive side leaks${lesson.reproduce.length > 0 ? ', and one click reproduces the incident' : ''}`, async ({
      page,
      guard: _,
    }) => {
      await open(page);
      if (lesson.id !== DEFAULT_LESSON) await openLesson(page, lesson.title);
      const bar = lessonRegion(page, lesson);
      await expect(
        bar.getByText(`All ${safeChecks(lesson)} checks green for the safe side (every rule on).`),
      ).toBeVisible();

      const at = firstNaiveLeak(lesson);
      await steps(page).nth(at).click();
      await expect(page.getByRole('region', { name: 'Naive global list' }).getByRole('status')).toContainText('leaked');

      if (lesson.reproduce.length > 0) {
        await bar.getByRole('button', { name: /^Reproduce the incident/ }).click();
        await expect(bar.getByText(/Incident reproduced/)).toContainText(/\d+ checks? red now; the first at step \d+/);
        // The checks mark judges the safe side: the rules switched off for the demonstration do not undo it.
        await expect(bar.getByText(/All \d+ checks green/)).toBeVisible();
        await bar.getByRole('button', { name: 'Put the rules back' }).click();
        await expect(bar.getByText(/Incident reproduced/)).toHaveCount(0);
      }
    });
  }
});

test.describe('the router lesson (seed 003)', () => {
  test('the scorer’s inputs differ while the results match; the router’s checks are green and the naive ordering’s red', async ({
    page,
    guard: _,
  }) => {
    const lesson = LESSONS.find((l) => l.engine === 'router')!;
    await open(page);
    await openLesson(page, lesson.title);
    await expect(
      lessonRegion(page, lesson).getByText(`All ${safeChecks(lesson)} checks green for the safe side.`),
    ).toBeVisible();
    await expect(lessonRegion(page, lesson).getByText(/The naive side leaks: 2 of \d+ checks red/)).toBeVisible();

    await steps(page).nth(1).click();
    const router = page.getByRole('region', { name: 'Router: authorize, then rank' });
    const naive = page.getByRole('region', { name: 'Naive: rank every bank, then filter' });
    await expect(router.getByRole('list', { name: "Handed to the router's scorer" }).locator('code')).toHaveText([
      'general-1',
      'general-2',
      'general-3',
    ]);
    await expect(naive.getByRole('list', { name: 'Handed to the naive scorer' }).locator('code')).toHaveText([
      'private-canary',
      'private-2',
      'general-1',
      'general-2',
      'general-3',
    ]);
    await expect(naive.getByRole('list', { name: 'Handed to the naive scorer' }).locator('li.leak')).toHaveCount(2);
    await expect(router.getByRole('list', { name: "The router's results" }).locator('code')).toHaveText([
      'general-1',
      'general-2',
      'general-3',
    ]);
    await expect(naive.getByRole('list', { name: 'The naive results' }).locator('code')).toHaveText([
      'general-1',
      'general-2',
      'general-3',
    ]);
    await expect(page.getByRole('list', { name: 'The two orderings compared' })).toContainText(
      'Final results: the same from both orderings',
    );

    // Acting as the private room, the canary is eligible: the same words, another context.
    await page.getByRole('combobox', { name: 'Context' }).selectOption('private-room');
    await expect(
      page
        .getByRole('region', { name: 'Recall for private-room' })
        .getByRole('list', { name: "The router's results" })
        .locator('code')
        .first(),
    ).toHaveText('private-canary');

    await openTab(page, 'Checks');
    await expect(
      page.getByRole('region', { name: 'Checks: the router' }).getByText(/All \d+ checks green/),
    ).toBeVisible();
    await openTab(page, 'Checks');
    const naiveChecks = page.getByRole('region', { name: 'Checks: the naive ordering' });
    await expect(naiveChecks.getByText(/2 of \d+ checks red/)).toBeVisible();
    await naiveChecks.getByRole('button', { name: 'Step 7' }).last().click();
    await expect(page.locator('.current-step[aria-live="polite"]')).toContainText('Step 7 of 11');
    await expect(page.getByRole('list', { name: 'The two orderings compared' })).toContainText('without general-3');
  });
});

test.describe('the memtool lesson (seed 004)', () => {
  test('the injected call leaks another tenant on the naive side; the safe answer is byte-identical without the identifiers', async ({
    page,
    guard: _,
  }) => {
    const lesson = LESSONS.find((l) => l.engine === 'memtool')!;
    await open(page);
    await openLesson(page, lesson.title);
    await expect(
      lessonRegion(page, lesson).getByText(`All ${safeChecks(lesson)} checks green for the safe side.`),
    ).toBeVisible();

    await steps(page).nth(1).click();
    const naive = page.getByRole('region', { name: 'Naive tool: org_id and user_id from the call' });
    await expect(naive.getByText('Leak: 6 records of another tenant (org_4471).')).toBeVisible();
    const safe = page.getByRole('region', { name: 'Safe tool: the principal from the session' });
    await expect(safe.getByRole('list', { name: 'Records the safe tool returned' }).locator('code')).toHaveText([
      'mem_a2',
      'mem_a1',
    ]);
    await expect(safe.getByText(/Byte-identical \(\d+ characters\): the identifiers are inert/)).toBeVisible();
    const [made, stripped] = await safe.locator('.inert-pair pre').allTextContents();
    expect(made).toBe(stripped);

    await steps(page).nth(4).click();
    await expect(page.getByRole('region', { name: 'Naive forget_memory' })).toContainText('Existence oracle');
    await expect(page.getByRole('region', { name: 'Safe forget_memory' })).toContainText(
      'The same answer for “not yours” and “missing”',
    );

    for (const [index, path] of [
      [9, '%2e%2e%2f'],
      [10, '..%2f..%2f'],
      [11, 'migrated/'],
      [12, '../usr_3104/'],
    ] as const) {
      await steps(page).nth(index).click();
      await expect(
        page.getByRole('region', { name: 'Naive path check: the string before canonicalising' }),
      ).toContainText(/Leak: opened \/memories\//);
      await expect(page.getByRole('region', { name: 'Safe path check: canonicalise, then compare' })).not.toContainText(
        'Leak',
      );
      await expect(page.getByRole('region', { name: /^Answers to view_memory_file/ })).toContainText(path);
    }

    await page.getByRole('combobox', { name: 'Session' }).selectOption({ label: 'No principal (a background job)' });
    await expect(page.getByRole('region', { name: 'Safe path check: canonicalise, then compare' })).toContainText(
      'no principal is established for this request',
    );

    await openTab(page, 'Checks');
    await expect(
      page.getByRole('region', { name: 'Checks: the safe tools' }).getByText(/All \d+ checks green/),
    ).toBeVisible();
    await openTab(page, 'Checks');
    await expect(
      page.getByRole('region', { name: 'Checks: the naive tools' }).getByText(/5 of \d+ checks red/),
    ).toBeVisible();
  });
});

test.describe('the gallery', () => {
  test('marks opened lessons’ checks (green is not done), keeps each lesson’s work when switching, and remembers the lesson after a reload', async ({
    page,
    guard: _,
  }) => {
    await open(page);
    const router = LESSONS.find((l) => l.engine === 'router')!;
    await openLesson(page, router.title);
    // Break one of the router lesson's expectations through the import, which validates like the editor.
    const broken = textOf(router).replace('"results": ["private-canary", "general-1"]', '"results": ["general-1"]');
    await (
      await openShare(page)
    )
      .getByLabel('Import a scenario file')
      .setInputFiles({ name: 'edited.json', mimeType: 'application/json', buffer: Buffer.from(broken) });
    await expect(page.getByText('Imported edited.json')).toBeVisible();
    await expect(
      lessonRegion(page, router).getByText(/1 of \d+ checks red for the safe side; the first at step 3/),
    ).toBeVisible();

    await openLesson(page, LESSONS[0]!.title);
    await page.getByRole('button', { name: /^All lessons/ }).click();
    const gallery = page.getByRole('navigation', { name: 'Lessons' });
    const card = (title: string) =>
      gallery.getByRole('listitem').filter({ has: page.getByRole('button', { name: title, exact: true }) });
    await expect(card(LESSONS[0]!.title)).toContainText('All 9 checks green.');
    // Green checks are not done: the learner has met none of the lesson's tasks.
    await expect(card(LESSONS[0]!.title)).toContainText('0 of 5 tasks met.');
    await expect(page.getByRole('button', { name: /^All lessons \(0 done\)/ })).toBeVisible();
    await expect(card(router.title)).toContainText('1 of 15 checks red.');
    await expect(card('Five attacks the store turns away')).toContainText('Not opened yet.');
    await page.screenshot({ path: `${SHOTS}/lessons-wide-1-gallery.png` });

    await gallery.getByRole('button', { name: router.title, exact: true }).click();
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: router.title })).toBeVisible();
    await expect(lessonRegion(page, router).getByText(/1 of \d+ checks red/)).toBeVisible();
    await openEditor(page);
    await page.getByRole('button', { name: 'Reset to the lesson’s scenario' }).click();
    await expect(lessonRegion(page, router).getByText(/All \d+ checks green/)).toBeVisible();
  });

  test('is reachable from the keyboard, and opening a lesson moves focus to its title', async ({ page, guard: _ }) => {
    await open(page);
    const toggle = page.getByRole('button', { name: /^All lessons/ });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('navigation', { name: 'Lessons' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('navigation', { name: 'Lessons' }).getByRole('button', { name: LESSONS[0]!.title }),
    ).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // The gallery lists the lessons in course order.
    await expect(page.getByRole('heading', { level: 2, name: courseLessons()[1]!.title })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: /^All lessons/ })).toBeFocused();
    // Share, Download and Import sit in the top bar's Share panel: open it from the keyboard too.
    await page.getByRole('button', { name: 'Share', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Share a link' })).toBeFocused();
    // A store lesson also downloads its replay in the seed's result format.
    const downloads =
      courseLessons()[1]!.engine === 'store'
        ? ['Download the scenario', 'Download the replay (seed result format)']
        : ['Download the scenario'];
    for (const name of downloads) {
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Import a scenario file')).toBeFocused();
  });
});
