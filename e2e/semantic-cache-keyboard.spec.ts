/**
 * The semantic cache lesson done by its tasks with the keyboard alone: "A tag in the text is not a
 * partition". Mark the row of Bob's naive list that is Alice's, choose the rule that keeps her balance
 * out of his request, paste an assertion into the editor and run it, then switch off “The semantic
 * cache is partitioned by the principal” with the space bar: the lesson is done, the cache panel shows
 * Bob served Alice's request at a similarity over the threshold, and the incident links its records.
 */
import { expect, test } from './fixtures';
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

const kit = incidentLesson('semantic-cache-tag');
const { mark } = kit;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a learner does every task of the semantic cache lesson by keyboard, and the lesson is done', async ({
  page,
  guard: _,
}) => {
  await openIncidentLesson(page, kit);

  // Step onto step 5, Bob's query, with j, off any text field.
  await stepByKeyboard(page, 5);

  // 1. Mark the row of Bob's naive list that belongs to Alice.
  await markByKeyboard(page, mark, 5, 'alice-balance');

  // 2. Alice's balance: the first radio, chosen with the space bar, Tab to the button, Enter.
  await chooseRuleByKeyboard(page, kit, 'It belongs to another user');

  // 3. The assertion, pasted into the editor and run with Ctrl+Enter.
  await solveGuardByKeyboard(page, kit);

  // 4. Reproduce the incident: the "Break a rule" tab by Enter, then the switch by the space bar.
  await switchOffByKeyboard(page, 'semanticCachePartition');

  // Watch the leak: Bob's tagged question is close enough to Alice's, and he is served her request.
  await tabByKeyboard(page, 'Cache');
  const bob = page
    .getByRole('region', { name: 'Context cache' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Step 5', exact: true }) });
  await expect(bob).toContainText('similarity 0.93 ≥ threshold 0.8');
  await expect(bob).toContainText(
    'Wrong context served to bob/chat-1/assistant: it was built for alice/chat-1/assistant at step 3.',
  );

  // Back to the Lesson tab, which holds the Tasks panel: the lesson is done.
  await expectLessonDone(page, kit);
});
