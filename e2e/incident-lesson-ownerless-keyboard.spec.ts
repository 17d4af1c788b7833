/**
 * A second incident lesson done by its tasks with the keyboard alone: "Rows with no owner became
 * everyone's". Mark the row of Alice's naive list that is Bob's, choose the rule that keeps the imported
 * row out, paste an assertion into the editor and run it, then switch off “An item without an owner is
 * nobody's” with the space bar: the checks turn red, and the lesson is done.
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
  task,
} from './incident-support';

const kit = incidentLesson('ownerless-rows');
const { mark, which } = kit;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a learner does every task of the ownerless-rows lesson by keyboard, and the lesson is done', async ({
  page,
  guard: _,
}) => {
  await openIncidentLesson(page, kit);

  // Step onto step 4 (Alice's query) with j, off any text field.
  await stepByKeyboard(page, 4);

  // 1. Mark the row of Alice's naive list that is Bob's.
  await markByKeyboard(page, mark, 4, 'bob-review');

  // 2. The imported row: the user check keeps it out (its user, none, is not Alice). Tab to the button, Enter.
  await chooseRuleByKeyboard(page, kit, 'It belongs to another user');
  await expect(task(page, which)).toContainText('stored with no owner, so no user reads it');

  // 3. The assertion, pasted into the editor and run with Ctrl+Enter.
  await solveGuardByKeyboard(page, kit);

  // 4. Reproduce the incident: the dock's "Break a rule" tab by Enter, then the switch by the space bar.
  await switchOffByKeyboard(page, 'ownerlessHidden');
  // The leak: the imported row now reaches every request, and the checks say so.
  await expect(page.getByRole('region', { name: 'Rules switched off' })).toContainText(/\d+ checks? red/);
  // Back to the Lesson tab, which holds the Tasks panel: the lesson is done.
  await expectLessonDone(page, kit);
});
