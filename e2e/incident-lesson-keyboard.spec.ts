/**
 * An incident lesson done by its tasks with the keyboard alone: "A namespace prefix is not a boundary".
 * Mark the row of acme's naive list that is acme-corp's, choose the rule that keeps acme's task-10 letter
 * out, paste an assertion into the editor and run it, then switch off “Scope keys match exactly”
 * with the space bar: the lesson is done, and its incident links to the records it names.
 */
import { test } from './fixtures';
import {
  chooseRuleByKeyboard,
  expectLessonDone,
  incidentLesson,
  markByKeyboard,
  openIncidentLesson,
  solveGuardByKeyboard,
  stepByKeyboard,
  switchOffByKeyboard,
} from './incident-support';

const kit = incidentLesson('namespace-prefix');
const { mark } = kit;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a learner does every task of the namespace-prefix lesson by keyboard, and the lesson is done', async ({
  page,
  guard: _,
}) => {
  await openIncidentLesson(page, kit);

  // Step onto step 5 with j, off any text field.
  await stepByKeyboard(page, 5);

  // 1. Mark what a prefix match lets into acme's scoped request: acme-corp's items and task-10's letter.
  await markByKeyboard(page, mark, 5, 'corp-price', 'corp-renewal', 'acme-letter');

  // 2. The task-10 letter: its radio (the order is the learner's own), the space bar, Tab to the button, Enter.
  await chooseRuleByKeyboard(page, kit, "It is the same user's item from another task");

  // 3. The assertion, pasted into the editor and run with Ctrl+Enter.
  await solveGuardByKeyboard(page, kit);

  // 4. Reproduce the incident: the dock's "Break a rule" tab by Enter, then the switch by the space bar.
  await switchOffByKeyboard(page, 'exactKeys');
  // Back to the Lesson tab, which holds the Tasks panel: the lesson is done.
  await expectLessonDone(page, kit);
});
