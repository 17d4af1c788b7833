/**
 * Incident lessons done by their tasks with the keyboard alone. In each: step onto the query with j,
 * mark the rows of the naive list that are someone else's, choose the rule that keeps one out (its
 * radio by the space bar, Tab to the button, Enter), paste the assertion into the editor and run it with
 * Ctrl+Enter, then switch the lesson's rule off by the space bar in the dock's "Break a rule" tab and
 * watch the leak: the lesson is done.
 *
 * - "A namespace prefix is not a boundary": acme's scoped request takes acme-corp's items and acme's
 *   task-10 letter once “Scope keys match exactly” is off.
 * - "Rows with no owner became everyone's": the imported row reaches every request, and the checks say so.
 * - "A tag in the text is not a partition": Bob is served Alice's cached request at a similarity over
 *   the threshold.
 */
import type { Page } from '@playwright/test';
import type { Rule } from '../src/core/store/rules';
import { expect, task, test } from './fixtures';
import {
  chooseRuleByKeyboard,
  expectLessonDone,
  incidentLesson,
  markByKeyboard,
  openIncidentLesson,
  solveGuardByKeyboard,
  stepByKeyboard,
  switchOffByKeyboard,
  tabByKeyboard,
} from './incident-support';

interface KeyboardCase {
  id: string;
  /** The query step whose naive list is marked. */
  step: number;
  /** The rows of that list that are someone else's. */
  marked: string[];
  /** The radio that names the rule keeping the asked-about row out. */
  choice: string;
  /** What the met "which rule" task says of the row, when the case checks it. */
  explained?: string;
  rule: Rule;
  /** What the learner sees once the rule is off: the leak. */
  leak(page: Page): Promise<void>;
}

const CASES: KeyboardCase[] = [
  {
    id: 'namespace-prefix',
    step: 5,
    // What a prefix match lets into acme's scoped request: acme-corp's items and task-10's letter.
    marked: ['corp-price', 'corp-renewal', 'acme-letter'],
    choice: "It is the same user's item from another task",
    rule: 'exactKeys',
    leak: async (page) => {
      await expect(page.getByRole('region', { name: 'Rules switched off' })).toContainText(/\d+ checks? red/);
    },
  },
  {
    id: 'ownerless-rows',
    step: 4,
    marked: ['bob-review'],
    // The imported row: the user check keeps it out (its user, none, is not Alice).
    choice: 'It belongs to another user',
    explained: 'stored with no owner, so no user reads it',
    rule: 'ownerlessHidden',
    leak: async (page) => {
      await expect(page.getByRole('region', { name: 'Rules switched off' })).toContainText(/\d+ checks? red/);
    },
  },
  {
    id: 'semantic-cache-tag',
    step: 5,
    marked: ['alice-balance'],
    choice: 'It belongs to another user',
    rule: 'semanticCachePartition',
    leak: async (page) => {
      // Bob's tagged question is close enough to Alice's, and he is served her request.
      await tabByKeyboard(page, 'Cache');
      const bob = page
        .getByRole('region', { name: 'Context cache' })
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: 'Step 5', exact: true }) });
      await expect(bob).toContainText('similarity 0.93 ≥ threshold 0.8');
      await expect(bob).toContainText(
        'Wrong context served to bob/chat-1/assistant: it was built for alice/chat-1/assistant at step 3.',
      );
    },
  },
];

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

for (const { id, step, marked, choice, explained, rule, leak } of CASES) {
  test(`a learner does every task of the ${id} lesson by keyboard, and the lesson is done`, async ({
    page,
    guard: _,
  }) => {
    const kit = incidentLesson(id);
    await openIncidentLesson(page, kit);
    await stepByKeyboard(page, step);
    await markByKeyboard(page, kit.mark, step, ...marked);
    await chooseRuleByKeyboard(page, kit.which, choice);
    if (explained !== undefined) await expect(task(page, kit.which)).toContainText(explained);
    await solveGuardByKeyboard(page, kit);
    await switchOffByKeyboard(page, rule);
    await leak(page);
    await expectLessonDone(page, kit);
  });
}
